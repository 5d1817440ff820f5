/**
 * The timeline's calls (through the app's one HTTP client) and the browser-side allocation check:
 * the window, the status colours, the workspace locks, and the data the core's checks read (full
 * resources, labels, blacklists, the weeks' shifts) turned into an allocation scenario so that the
 * SAME core functions the server runs (in a worker: timeline-check-worker.ts) decide pass/fail for
 * every row while a bar is dragged, with the organisation's allocation config (its check switches
 * and max distance, which the window answer carries for dispatchers). The server has the last word
 * on drop.
 */
import type { AllocationScenario } from '@rostra/core/allocation/scenario';
import type {
  AllocateAnswer,
  AllocateBody,
  AssignmentCheckAnswer,
  AssignmentCheckBody,
  BatchAnswer,
  BatchBody,
  CandidatesAnswer,
} from '@rostra/core/api/allocation';
import type { Booking, SavedBooking, UpdateBookingBody } from '@rostra/core/api/bookings';
import type { CursorPage } from '@rostra/core/api/common';
import type { ResourceRecord } from '@rostra/core/api/resources';
import type { StatusConfigAnswer } from '@rostra/core/api/settings';
import type { ShiftRecord } from '@rostra/core/api/shifts';
import type {
  AllocationConfig,
  TimelineWindow,
  WindowRecord,
  WorkspaceAnswer,
  WorkspaceBody,
  WorkspaceRecord,
} from '@rostra/core/api/timeline';
import type { Blacklist } from '@rostra/core/records/blacklist';
import type { Label } from '@rostra/core/records/label';
import { STATUS_CONFIG_DEFAULTS, type StatusDefinition } from '@rostra/core/settings/defaults';
import { DAY, toYmd, WEEK, weekStart } from '@rostra/core/time/calendar';
import { isApiError } from '../../lib/api.ts';
import { api } from '../../lib/client.ts';

export const timelineKeys = {
  all: ['timeline'] as const,
  window: (from: number, to: number) => ['timeline', 'window', from, to] as const,
  statusConfig: ['timeline', 'status-config'] as const,
  workspace: ['timeline', 'workspace'] as const,
  checkData: (weeks: string) => ['timeline', 'check-data', weeks] as const,
};

export function fetchWindow(from: number, to: number, signal?: AbortSignal): Promise<TimelineWindow> {
  return api.get<TimelineWindow>('/timeline', {
    query: { from, to },
    quiet: true,
    ...(signal ? { signal } : {}),
  });
}

/** The organisation's status colours; the standard ones when it has none (or may not read them). */
export async function fetchStatusConfig(): Promise<readonly StatusDefinition[]> {
  try {
    const doc = await api.get<StatusConfigAnswer>('/job-status-config', { quiet: true });
    return doc.statusConfig?.length ? doc.statusConfig : STATUS_CONFIG_DEFAULTS;
  } catch {
    return STATUS_CONFIG_DEFAULTS;
  }
}

/** Items other dispatchers hold locked (60 s rule applied by the server). */
export async function fetchWorkspace(): Promise<WorkspaceAnswer> {
  try {
    return await api.get<WorkspaceAnswer>('/timeline-workspace', { quiet: true });
  } catch (error) {
    if (isApiError(error) && (error.status === 403 || error.status === 404)) return { own: null, locks: {} };
    throw error;
  }
}

/** Marks the items the caller is editing (selected or being dragged) as locked for the others. */
export function putWorkspace(lockedIds: string[], window: { start_time: number; end_time: number }) {
  const body: WorkspaceBody = { locked_ids: lockedIds, items: [], committed: false, time_boundaries: window };
  return api.request<WorkspaceRecord>('/timeline-workspace', {
    method: 'PUT',
    body,
    quiet: true,
  });
}

async function allPages<T>(path: string, query: Record<string, string | number> = {}): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const page: CursorPage<T> = await api.get<CursorPage<T>>(path, {
      query: { ...query, limit: 250, ...(cursor ? { cursor } : {}) },
      quiet: true,
    });
    out.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

/** `YYYY-MM-DD_YYYY-MM-DD` of every week the window touches (the shift records' `week_id`). */
export function weekIdsOf(from: number, to: number, weekStartDay: number): string[] {
  const ids: string[] = [];
  for (let w = weekStart(from, weekStartDay); w < to; w += WEEK)
    ids.push(`${toYmd(w)}_${toYmd(w + 6 * DAY)}`);
  return ids;
}

export type CheckData = {
  resources: ResourceRecord[];
  labels: Label[];
  blacklists: Blacklist[];
  shifts: ShiftRecord[];
};

/** What the core's checks read beyond the window: loaded once per set of weeks, in parallel. */
export async function fetchCheckData(weekIds: readonly string[]): Promise<CheckData> {
  const optional = <T>(p: Promise<T[]>) => p.catch((): T[] => []);
  const [resources, labels, blacklists, shifts] = await Promise.all([
    allPages<ResourceRecord>('/resources'),
    optional(allPages<Label>('/labels')),
    optional(allPages<Blacklist>('/blacklists')),
    Promise.all(weekIds.map((week_id) => allPages<ShiftRecord>('/shifts', { week_id }))).then((l) =>
      l.flat(),
    ),
  ]);
  return { resources, labels, blacklists, shifts };
}

/** One booking with every field (the checks read its place, labels, customer, external flags). */
export function fetchRecord(id: string): Promise<Booking> {
  return api.get<Booking>(`/timeline-records/${encodeURIComponent(id)}`, { quiet: true });
}

/**
 * The allocation scenario of the loaded window, without the job (the check worker adds the
 * dragged booking): timeline records from the window (busy, leaves, breaks, hours, past jobs),
 * the rest from {@link fetchCheckData}; `config` is the organisation's (the window answer's
 * `allocation_config`: switches, max distance, overlap buffer, rules' values, time zone, date
 * format), so that a check the organisation switched
 * off does not fail a row in the browser either, and hours are real elapsed time in its zone as on
 * the server. Without it the contract's defaults apply.
 */
export function windowScenario(
  records: readonly WindowRecord[],
  data: CheckData,
  weekStartDay: number,
  config?: AllocationConfig,
): Omit<AllocationScenario, 'job' | 'jobs'> {
  return {
    resources: data.resources,
    labels: data.labels,
    blacklists: data.blacklists,
    shifts: data.shifts,
    timeline: records,
    // All of it: the switches, max distance, overlap buffer, rules' values, zone and date format
    // decide a row's verdict and words as on the server.
    config: config ? { ...config, week_start_day: weekStartDay } : { week_start_day: weekStartDay },
  };
}

/** The best `limit` candidates (the API's pages; it ranks the whole pool either way). */
export function fetchCandidates(id: string, limit = 50): Promise<CandidatesAnswer> {
  return api.get<CandidatesAnswer>(`/bookings/${encodeURIComponent(id)}/candidates`, {
    query: { offset: 0, limit },
    quiet: true,
  });
}

/** Manual (with `candidateIds`, and an `override` across a blacklist) or auto allocation. */
export function allocateBooking(id: string, body: AllocateBody): Promise<AllocateAnswer> {
  return api.post<AllocateAnswer>(`/bookings/${encodeURIComponent(id)}/allocate`, body, { quiet: true });
}

/** The checks of `candidateIds` against the booking as it would be (POST /allocation/check). */
export function checkAssignment(draft: AssignmentCheckBody): Promise<AssignmentCheckAnswer> {
  return api.post<AssignmentCheckAnswer>('/allocation/check', draft, { quiet: true });
}

/** A change of the booking's times or resources, with the version read. */
export function patchRecord(id: string, change: UpdateBookingBody): Promise<SavedBooking> {
  return api.request<SavedBooking>(`/timeline-records/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: change,
    quiet: true,
  });
}

export function runBatch(from: number, to: number, batchId: string, optimise: boolean): Promise<BatchAnswer> {
  const body: BatchBody = { from, to, batch_id: batchId, optimise };
  return api.post<BatchAnswer>('/allocation/batch', body, { quiet: true });
}

/** The message of a failed call: the API's own words when it answered. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong';
}
