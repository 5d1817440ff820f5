import { type DateFormat, DEFAULT_DATE_FORMAT, formatDate } from '../time/calendar.ts';
import { type BookingFacts, bookingNotices } from './rules.ts';

/*
 * Draft and publish (issue #19 point 4): while an organisation publishes rosters, a dispatcher's
 * change to a job's workers, time or address is a draft until a dispatcher publishes its period;
 * publishing tells each affected worker once, with the list of their changes. Pure: the database
 * keeps each draft job's last published state, these rules compare it with the job as it is now.
 */

/** The organisation's settings document that turns publishing on. */
export const ROSTER_PUBLISHING_KEY = 'roster_publishing';

/** The `roster_publishing` document: `publish` true holds roster changes as drafts. */
export type RosterPublishingSettings = { publish?: boolean };

/** What a worker is told of one job at publication. */
export type RosterChangeKind = 'assigned' | 'unassigned' | 'changed' | 'cancelled';

/** One draft job: its last published state (undefined: on no one's roster yet) and its state now. */
export type DraftJob = {
  recordId: string;
  /** The job's title, start (as the organisation reads it) and address, as told to workers. */
  job: string;
  when: string;
  address: string;
  published: BookingFacts | undefined;
  current: BookingFacts | undefined;
};

/** One line of a worker's publication: what changed on which job. */
export type RosterChange = {
  kind: RosterChangeKind;
  recordId: string;
  job: string;
  when: string;
  address: string;
};

/**
 * The changes a draft job makes to each worker's roster, by resource id: those newly on it are
 * `assigned`, those taken off `unassigned`, those staying are `changed` when its time or address
 * (or important notes) changed, and a cancelled job is `cancelled` for the workers it was
 * published to. Empty when the job is back as it was published (nothing to tell).
 */
export function draftChanges(draft: DraftJob): Map<string, RosterChange> {
  const out = new Map<string, RosterChange>();
  for (const n of bookingNotices(draft.published, draft.current)) {
    if (
      n.event !== 'assigned' &&
      n.event !== 'unassigned' &&
      n.event !== 'changed' &&
      n.event !== 'cancelled'
    )
      continue;
    out.set(n.resourceId, {
      kind: n.event,
      recordId: draft.recordId,
      job: draft.job,
      when: draft.when,
      address: draft.address,
    });
  }
  return out;
}

/** Whether a job as it is now differs, for any worker, from the job as published. */
export function isDraft(published: BookingFacts | undefined, current: BookingFacts | undefined): boolean {
  return bookingNotices(published, current).length > 0;
}

/**
 * The fields of a job a draft holds back from its workers: its workers, time, address and notes
 * (what the notification rules compare), with what comes with them (names, place).
 */
export const ROSTER_FIELDS = [
  'resIds',
  'resourceId',
  'resource_first_name',
  'resource_last_name',
  'utc_begin_plus_tz',
  'utc_end_plus_tz',
  'all_location',
  'addressline1',
  'addressline2',
  'addressline3',
  '_geoloc',
  'notes',
  'notes_important',
] as const;

/**
 * A draft job as its workers read it until it is published: its roster fields as published, the
 * rest as it is now. `full`: every roster field; otherwise only those `current` carries (a bar's
 * few fields stay few).
 */
export function publishedView<R extends Record<string, unknown>>(
  current: R,
  published: Readonly<Record<string, unknown>>,
  full = true,
): R {
  const view: Record<string, unknown> = { ...current };
  for (const k of ROSTER_FIELDS) {
    if (!full && !(k in current)) continue;
    if (published[k] === undefined) delete view[k];
    else view[k] = published[k];
  }
  return view as R;
}

/** What publishing a period does: each affected worker's changes, in the drafts' order. */
export type PublishPlan = {
  /** Resource id → that worker's changes (one notification each). */
  workers: Map<string, RosterChange[]>;
  /** The draft jobs that change someone's roster. */
  jobs: string[];
};

/** The plan of publishing `drafts`: per worker, the list of their changes; the jobs it touches. */
export function publishPlan(drafts: readonly DraftJob[]): PublishPlan {
  const workers = new Map<string, RosterChange[]>();
  const jobs: string[] = [];
  for (const draft of drafts) {
    const changes = draftChanges(draft);
    if (changes.size === 0) continue;
    jobs.push(draft.recordId);
    for (const [resourceId, change] of changes) {
      const list = workers.get(resourceId) ?? [];
      list.push(change);
      workers.set(resourceId, list);
    }
  }
  return { workers, jobs };
}

const LINE: Readonly<Record<RosterChangeKind, (c: RosterChange) => string>> = {
  assigned: (c) => `New: ${c.job} on ${c.when}${c.address ? ` at ${c.address}` : ''}`,
  unassigned: (c) => `Removed: ${c.job} on ${c.when}`,
  changed: (c) => `Changed: ${c.job}, now ${c.when}${c.address ? ` at ${c.address}` : ''}`,
  cancelled: (c) => `Cancelled: ${c.job} on ${c.when}`,
};

/**
 * Where a job's confirm link goes in a stored "roster published" message: the runner puts the
 * worker's signed link there when it sends a mail or SMS (the link is made at send time, as for
 * every confirm request), and drops the line otherwise.
 */
export const confirmMark = (recordId: string) => `{confirm:${recordId}}`;

/** A line of a stored message that is a confirm mark: the job's record id is its group 1. */
export const CONFIRM_MARK_LINE = /^[ \t]*\{confirm:([^}\s]+)\}[ \t]*$/gm;

/**
 * A worker's changes as the lines of their "roster published" message, one per job. With
 * `marks`, each job they are asked to confirm (new to them, or moved) is followed by its
 * `confirmMark` line.
 */
export function rosterMessage(changes: readonly RosterChange[], marks = false): string {
  return changes
    .map((c) => {
      const line = `- ${LINE[c.kind](c)}`;
      return marks && (c.kind === 'assigned' || c.kind === 'changed')
        ? `${line}\n  ${confirmMark(c.recordId)}`
        : line;
    })
    .join('\n');
}

/** The words of the publish dialog: how many workers and jobs a publication touches. */
export function publishSummary(counts: { workers: number; jobs: number }): string {
  if (counts.jobs === 0) return 'Nothing to publish';
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  return `Publish changes to ${n(counts.jobs, 'job', 'jobs')} for ${n(counts.workers, 'worker', 'workers')}?`;
}

/**
 * A period as its workers read it: `05/Jan/2026`, or `05/Jan/2026 – 11/Jan/2026` (to exclusive),
 * in the organisation's `format`.
 */
export function periodText(from: number, to: number, format: DateFormat = DEFAULT_DATE_FORMAT): string {
  const last = Math.max(from, to - 1);
  const first = formatDate(from, format);
  const end = formatDate(last, format);
  return first === end ? first : `${first} – ${end}`;
}

/** The words of the publish setting, button and dialog (web). */
export const PUBLISH_TEXT = {
  section: 'Publishing',
  intro:
    'With publishing on, changes to the roster are drafts: dispatchers see them, marked on the timeline, while workers keep their published roster and are not notified. Publish a period from the timeline to send each affected worker one notification with their changes.',
  setting: 'Publish rosters',
  settingNote: 'Off: every change notifies its workers at once.',
  publish: 'Publish',
  cancel: 'Cancel',
  nothing: 'Nothing to publish',
  published: 'Roster published',
  draft: 'draft',
} as const;
