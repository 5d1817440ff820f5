import { fromWallClock, toWallClock } from '../time/calendar.ts';

/*
 * Notifications outside the app (issue #19): which events reach a worker, by which channels, when
 * (quiet hours in the organisation's time zone), with which words (the organisation's templates),
 * and how long a failed send waits before it is tried again. Pure: the database and the server
 * only carry out what these rules decide.
 */

export const NOTIFY_CHANNELS = ['push', 'email', 'sms'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export const NOTIFY_EVENTS = [
  'assigned',
  'unassigned',
  'changed',
  'cancelled',
  'chat',
  'reminder',
  'offered',
  'bid_accepted',
  'bid_declined',
  'roster_published',
] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

/** Which channels each event goes by, unless the organisation says otherwise. */
export const DEFAULT_EVENT_CHANNELS: Readonly<Record<NotifyEvent, readonly NotifyChannel[]>> = {
  assigned: ['push', 'email', 'sms'],
  unassigned: ['push', 'email'],
  changed: ['push', 'email', 'sms'],
  cancelled: ['push', 'email', 'sms'],
  chat: ['push'],
  reminder: ['push', 'sms'],
  // Offered to every worker: by push only unless the organisation says otherwise.
  offered: ['push'],
  // The bidder is also told `assigned` (with the confirm link) by every channel.
  bid_accepted: ['push'],
  bid_declined: ['push', 'email'],
  // One per worker when a dispatcher publishes a period: the list of their changes.
  roster_published: ['push', 'email', 'sms'],
};

export type Template = { subject: string; body: string };

/**
 * The words of each event. Placeholders: {job} (the booking's title), {when} (its start on the
 * organisation's clock), {address}, {at_address} (" at " and the address, or nothing without one),
 * {message} (a chat message), and {caption:KEY}, the
 * organisation's caption KEY (e.g. {caption:m_bookings}).
 */
export const DEFAULT_TEMPLATES: Readonly<Record<NotifyEvent, Template>> = {
  assigned: { subject: 'New job: {job}', body: 'You have been assigned to {job} on {when}{at_address}.' },
  unassigned: { subject: 'Job removed: {job}', body: 'You are no longer assigned to {job} on {when}.' },
  changed: { subject: 'Job changed: {job}', body: '{job} has changed: now {when}{at_address}.' },
  cancelled: { subject: 'Job cancelled: {job}', body: '{job} on {when} has been cancelled.' },
  chat: { subject: 'New message on {job}', body: '{message}' },
  reminder: { subject: 'Starting soon: {job}', body: '{job} starts on {when}{at_address}.' },
  offered: { subject: 'Open job: {job}', body: '{job} on {when}{at_address} is open on the job board.' },
  bid_accepted: { subject: 'Bid accepted: {job}', body: 'Your bid on {job} was accepted: the job is yours.' },
  bid_declined: {
    subject: 'Bid not accepted: {job}',
    body: 'The job you bid on, {job} on {when}, went to someone else.',
  },
  roster_published: {
    subject: 'Roster published for {when}',
    body: 'Your roster for {when} has been published. Your changes:\n{message}',
  },
};

/** The organisation's notification settings (the `notifications` settings document). */
export type OrgNotificationSettings = {
  eventChannels?: Partial<Record<NotifyEvent, readonly NotifyChannel[]>>;
  templates?: Partial<Record<NotifyEvent, Partial<Template>>>;
  /** Minutes before a job's start its workers are reminded (none when 0 or unset). */
  reminderMinutes?: number;
};

/** The longest reminder lead the organisation can set: a week. */
export const MAX_REMINDER_MINUTES = 7 * 24 * 60;

/**
 * Whether a job starting at `start` (a real instant) is due its reminder at `now`: it has not
 * started and starts within the organisation's `reminderMinutes`. A job that already started gets
 * none (a runner that was down does not remind late).
 */
export function reminderDue(start: Date, now: Date, org: OrgNotificationSettings): boolean {
  const lead = org.reminderMinutes ?? 0;
  if (!(lead > 0)) return false;
  const ahead = start.getTime() - now.getTime();
  return ahead > 0 && ahead <= lead * 60_000;
}

/**
 * The window of starts (real instants, [from, to]) whose jobs are due their reminder at `now`,
 * or undefined when the organisation sends none: what a query selects before `reminderDue`.
 */
export function reminderWindow(
  now: Date,
  org: OrgNotificationSettings,
): { from: Date; to: Date } | undefined {
  const lead = org.reminderMinutes ?? 0;
  if (!(lead > 0)) return undefined;
  return { from: now, to: new Date(now.getTime() + lead * 60_000) };
}

/** Quiet hours as wall-clock times "HH:MM" in the organisation's zone; start > end spans midnight. */
export type QuietHours = { start: string; end: string };

/** A user's choices: the channels they accept and their quiet hours (none when null). */
export type UserNotificationPreferences = {
  channels: readonly NotifyChannel[];
  quietHours: QuietHours | null;
};

export const DEFAULT_PREFERENCES: UserNotificationPreferences = {
  channels: NOTIFY_CHANNELS,
  quietHours: null,
};

/** Whether a user can be reached by each channel: an email address, a mobile number, a push subscription. */
export type Reach = { email: boolean; sms: boolean; push: boolean };

/** One planned send: by `channel`, not before `notBefore`. */
export type PlannedSend = { channel: NotifyChannel; notBefore: Date };

const HHMM = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;

/** Minutes after midnight of "HH:MM", or undefined when it is not a time of day. */
export function minutesOf(hhmm: string): number | undefined {
  const m = HHMM.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** Why a quiet-hours setting is refused, or undefined when it is fine. */
export function quietHoursIssue(quiet: QuietHours | null): string | undefined {
  if (quiet === null) return undefined;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === undefined || end === undefined) return 'Quiet hours are times of day, as HH:MM.';
  if (start === end) return 'Quiet hours must start and end at different times.';
  return undefined;
}

/**
 * When quiet hours that hold at `now` end (a real instant), or undefined when `now` is not in
 * them. Read on the organisation's wall clock: 22:00–07:00 is quiet from 22:00 until 07:00 the
 * next morning, whatever the zone's offset or daylight saving does.
 */
export function quietUntil(now: Date, timeZone: string, quiet: QuietHours | null): Date | undefined {
  if (quiet === null || quietHoursIssue(quiet)) return undefined;
  const start = minutesOf(quiet.start) as number;
  const end = minutesOf(quiet.end) as number;
  const wall = toWallClock(now.getTime(), timeZone);
  const dayStart = Math.floor(wall / 86_400) * 86_400;
  const minute = Math.floor((wall - dayStart) / 60);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return undefined;
  // The end is today when it is still ahead on the clock, else tomorrow.
  const endWall = dayStart + end * 60 + (minute < end ? 0 : 86_400);
  return new Date(fromWallClock(endWall, timeZone));
}

/**
 * The sends an event makes to one user: the organisation's channels for the event, less those
 * the user turned off or cannot be reached by; during their quiet hours, each waits until the
 * quiet hours end. An event that is moot from `until` on (a reminder, at the job's start) makes
 * no send that would wait that long.
 */
export function planSends(input: {
  event: NotifyEvent;
  org: OrgNotificationSettings;
  prefs: UserNotificationPreferences;
  reach: Reach;
  now: Date;
  timeZone: string;
  until?: Date | undefined;
}): PlannedSend[] {
  const wanted = input.org.eventChannels?.[input.event] ?? DEFAULT_EVENT_CHANNELS[input.event];
  const notBefore = quietUntil(input.now, input.timeZone, input.prefs.quietHours) ?? input.now;
  if (input.until && notBefore >= input.until) return [];
  return NOTIFY_CHANNELS.filter(
    (c) => wanted.includes(c) && input.prefs.channels.includes(c) && input.reach[c],
  ).map((channel) => ({ channel, notBefore }));
}

/** The values a template's placeholders are filled with. */
export type TemplateValues = {
  job: string;
  when: string;
  address: string;
  message?: string;
  captions: Readonly<Record<string, unknown>>;
};

/** Fills a template; an unknown placeholder is left as written, so a typo shows instead of vanishing. */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(
    /\{(caption:)?([A-Za-z0-9_]+)\}/g,
    (whole, caption: string | undefined, key: string) => {
      if (caption) {
        const v = values.captions[key];
        return typeof v === 'string' && v.trim() !== '' ? v : whole;
      }
      if (key === 'at_address') return values.address ? ` at ${values.address}` : '';
      const v = (values as Record<string, unknown>)[key];
      return typeof v === 'string' ? v : whole;
    },
  );
}

/** The subject and body of an event in the organisation's words (its template, else ours). */
export function renderNotice(
  event: NotifyEvent,
  org: OrgNotificationSettings,
  values: TemplateValues,
): Template {
  const own = org.templates?.[event];
  const template = {
    subject: own?.subject?.trim() || DEFAULT_TEMPLATES[event].subject,
    body: own?.body?.trim() || DEFAULT_TEMPLATES[event].body,
  };
  return { subject: fillTemplate(template.subject, values), body: fillTemplate(template.body, values) };
}

/** The most tries a send gets before it is marked failed. */
export const MAX_ATTEMPTS = 8;

/** First wait after a failure, by channel: a push service recovers fast, an SMS gateway slower. */
const FIRST_RETRY_SECONDS: Readonly<Record<NotifyChannel, number>> = { push: 30, email: 60, sms: 120 };
const LONGEST_RETRY_SECONDS = 3_600;

/**
 * When a send that failed on its `attempts`-th try is tried again (doubling per try, at most an
 * hour), or undefined when it has had its tries and is failed for good.
 */
export function retryAt(channel: NotifyChannel, attempts: number, now: Date): Date | undefined {
  if (attempts >= MAX_ATTEMPTS) return undefined;
  const wait = Math.min(FIRST_RETRY_SECONDS[channel] * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_SECONDS);
  return new Date(now.getTime() + wait * 1000);
}

/** What a booking looks like to these rules. */
export type BookingFacts = {
  resIds: readonly string[];
  status: string | null | undefined;
  begin: number;
  end: number;
  address: string;
  notes: string;
  notesImportant: boolean;
  /** A live booking (not a group event, not inactive, not a template item): one the job board can hold. */
  boardable?: boolean;
};

/**
 * Whether a booking is an open job of the job board: a boardable booking nobody is assigned to,
 * neither draft nor cancelled (the rule `ON_JOB_BOARD` applies in the database).
 */
export function isOpenJob(f: BookingFacts | undefined): boolean {
  return (
    f !== undefined &&
    f.boardable === true &&
    f.resIds.length === 0 &&
    f.status !== 'draft' &&
    f.status !== 'cancelled' &&
    f.status !== 'leave'
  );
}

/**
 * Whether a change puts a booking on the job board (created open, its last worker removed, or
 * out of draft): then it is offered to the workers. One already open, or edited while open, is
 * not offered again.
 */
export function offeredBy(before: BookingFacts | undefined, after: BookingFacts | undefined): boolean {
  return isOpenJob(after) && !isOpenJob(before);
}

/** One event for one resource. */
export type BookingNotice = { event: NotifyEvent; resourceId: string };

/**
 * The events a change of a booking makes (`before` undefined: created; `after` undefined:
 * deleted): newly assigned resources are told `assigned`, removed ones `unassigned`; when the
 * booking is cancelled (or deleted) its resources are told `cancelled`; otherwise its staying
 * resources are told `changed` when its time or address changed, or its notes changed while
 * marked important. Anything else (a label, a colour) tells nobody.
 */
export function bookingNotices(
  before: BookingFacts | undefined,
  after: BookingFacts | undefined,
): BookingNotice[] {
  const was = before?.resIds ?? [];
  if (!after) return was.map((resourceId) => ({ event: 'cancelled', resourceId }));
  const wasCancelled = before?.status === 'cancelled';
  if (after.status === 'cancelled') {
    return wasCancelled ? [] : was.map((resourceId) => ({ event: 'cancelled', resourceId }));
  }
  const notices: BookingNotice[] = [];
  for (const id of after.resIds) if (!was.includes(id)) notices.push({ event: 'assigned', resourceId: id });
  for (const id of was) if (!after.resIds.includes(id)) notices.push({ event: 'unassigned', resourceId: id });
  if (before) {
    const changed =
      before.begin !== after.begin ||
      before.end !== after.end ||
      before.address !== after.address ||
      (after.notesImportant && before.notes !== after.notes);
    if (changed) {
      for (const id of after.resIds) if (was.includes(id)) notices.push({ event: 'changed', resourceId: id });
    }
  }
  return notices;
}
