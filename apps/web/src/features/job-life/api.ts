import type { Booking } from '@rostra/core/api/bookings';
import type {
  CancellationRequest,
  Contacts,
  CorrectionAnswer,
  FeedInput,
  FeedItem,
  FeedPage,
  JobLedger,
  LedgerEntry,
  LedgerStatus,
  LedgerType,
  MileageInput,
  PingInput,
  Pings,
  PlacedPing,
  Promotion,
  Review,
  TimeAnswer,
  TimeEntries,
} from '@rostra/core/api/job-life';
import { formatHoursHmm } from '@rostra/core/job-life/hours';
import { aggregateResource, type ResourceAggregate, type TimerEntry } from '@rostra/core/job-life/timer';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/client.ts';
import type { QueuedTimerEvent } from './queue.ts';

export type {
  CancellationRequest,
  ChatButton,
  Contacts,
  Correction,
  FeedItem,
  FeedPage,
  LedgerEntry,
  LedgerStatus,
  PingKind,
  Review,
  TimeEntries,
} from '@rostra/core/api/job-life';

/*
 * The job's life after allocation (issue 9), the browser's side of the contract in
 * docs/job-life-api.md: a job's chat feed and contacts, timers and time entries, pings, review
 * and notes, quotes and invoices, promote/demote and cancellation requests. Times are ms epoch
 * (real instants) unless a field says `utc_*_plus_tz`.
 */

const job = (id: string) => `/bookings/${encodeURIComponent(id)}`;

export const JOB_LIFE_KEY = ['job-life'] as const;

// ---------------------------------------------------------------------------------------------
// Chat feed

/** One page of the feed, newest first (20 a page, spec core §9). */
export const fetchFeedPage = (jobId: string, before: string | undefined, signal?: AbortSignal) =>
  api.get<FeedPage>(`${job(jobId)}/feeds`, {
    query: { before },
    quiet: true,
    ...(signal ? { signal } : {}),
  });

/** Never retried by the client itself: the screen keeps the message and offers a retry. */
export const postFeed = (jobId: string, input: FeedInput) =>
  api.post<FeedItem>(`${job(jobId)}/feeds`, input, { quiet: true, retry: false });

export const contactsQuery = (jobId: string) =>
  queryOptions({
    queryKey: [...JOB_LIFE_KEY, 'contacts', jobId] as const,
    queryFn: ({ signal }) => api.get<Contacts>(`${job(jobId)}/contacts`, { quiet: true, signal }),
    staleTime: 60_000,
  });

/** A `tel:` link of a phone number as the records hold it (spaces and dashes dropped). */
export function telLink(phone: string | null | undefined): string | undefined {
  if (!phone) return undefined;
  const cleaned = phone.replace(/[^\d+]/g, '');
  return cleaned === '' ? undefined : `tel:${cleaned}`;
}

// ---------------------------------------------------------------------------------------------
// Timers and time entries

/** One timer event of a job as the server has it. */
export type TimeEntry = TimeEntries['entries'][number];

export const timeEntriesQuery = (jobId: string) =>
  queryOptions({
    queryKey: [...JOB_LIFE_KEY, 'time', jobId] as const,
    queryFn: ({ signal }) =>
      api.get<TimeEntries>(`${job(jobId)}/time-entries`, { quiet: true, signal, retry: false }),
  });

/** Sends one queued timer event (the queue sets `sent_at` at the moment of sending). */
export const postTimerEvent = (event: QueuedTimerEvent & { sent_at: number }) =>
  api.post<TimeAnswer>(
    `${job(event.job_id)}/timer`,
    {
      action: event.action,
      client_id: event.client_id,
      client_at: event.client_at,
      sent_at: event.sent_at,
      ...(event.resource_id !== undefined ? { resource_id: event.resource_id } : {}),
    },
    { quiet: true, retry: false },
  );

/**
 * A dispatcher's correction of an entry's time (or a mileage entry's km), with the reason logged:
 * `PATCH /bookings/:id/time-entries` with the entry's id in the body (as the server has it).
 */
export const correctEntry = (
  jobId: string,
  entryId: string,
  change: { at: number } | { km: number },
  reason: string,
) =>
  api.request<CorrectionAnswer>(`${job(jobId)}/time-entries`, {
    method: 'PATCH',
    body: { entry_id: entryId, ...change, reason },
    quiet: true,
    retry: false,
  });

export const postMileage = (jobId: string, input: MileageInput) =>
  api.post<TimeAnswer>(`${job(jobId)}/mileage`, input, { quiet: true, retry: false });

/**
 * One resource's timer events as the device should count them: the server's entries of that
 * resource, then the taps still waiting in the device's queue (at their device times). Rolled up
 * with the core's `aggregateResource` (the server's own rule) at the device's `now`, the screen
 * shows the same worked and break time the server will, before the server has the taps.
 */
export function timerEvents(
  entries: readonly TimeEntry[] | undefined,
  pending: readonly QueuedTimerEvent[],
  resourceId: string | undefined,
  /** Server time minus device time (lib/server-clock.ts): queued taps carry device times. */
  clockOffsetMs = 0,
): TimerEntry[] {
  const own: TimerEntry[] = [];
  for (const e of entries ?? []) {
    if (resourceId !== undefined && e.resource_id !== resourceId) continue;
    own.push({ resource_id: e.resource_id, action: e.action, at: e.at, seq: own.length });
  }
  const lastAt = own.reduce((m, e) => Math.max(m, e.at), Number.NEGATIVE_INFINITY);
  const queued = pending
    .filter((p) => resourceId === undefined || p.resource_id === undefined || p.resource_id === resourceId)
    .map((p, i) => ({
      resource_id: resourceId ?? '',
      action: p.action,
      // On the server's clock; and a tap always follows what the server has.
      at: Math.max(p.client_at + clockOffsetMs, lastAt),
      seq: own.length + i,
    }));
  return [...own, ...queued];
}

/** The timer at `now` (ms): state, worked and break seconds (open stretches counted), laps. */
export function timerAt(events: readonly TimerEntry[], now: number): ResourceAggregate {
  return aggregateResource(events, now);
}

export { formatHoursHmm };

/** `1:05:09` — a running clock's face (hours, minutes, seconds). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Pings

export type Ping = PlacedPing;

export const pingsQuery = (jobId: string) =>
  queryOptions({
    queryKey: [...JOB_LIFE_KEY, 'pings', jobId] as const,
    queryFn: ({ signal }) => api.get<Pings>(`${job(jobId)}/pings`, { quiet: true, signal }),
  });

export const postPing = (jobId: string, input: PingInput) =>
  api.post<Omit<PlacedPing, 'inside_geofence' | 'near_job' | 'distance_m'>>(`${job(jobId)}/pings`, input, {
    quiet: true,
    retry: false,
  });

export type Position = { lat: number; lng: number; accuracy?: number };
export type PositionFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/** The browser's position once (geolocation); a refusal or failure is a reason, not a throw. */
export function currentPosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<{ ok: true; position: Position } | { ok: false; reason: PositionFailure }> {
  if (!geolocation) return Promise.resolve({ ok: false, reason: 'unsupported' });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (p) =>
        resolve({
          ok: true,
          position: { lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy },
        }),
      (e) =>
        resolve({
          ok: false,
          reason:
            e.code === e.PERMISSION_DENIED ? 'denied' : e.code === e.TIMEOUT ? 'timeout' : 'unavailable',
        }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Review and notes

export const reviewQuery = (jobId: string) =>
  queryOptions({
    queryKey: [...JOB_LIFE_KEY, 'review', jobId] as const,
    queryFn: ({ signal }) => api.get<Review | null>(`${job(jobId)}/review`, { quiet: true, signal }),
  });

export const putReview = (jobId: string, rating: number, comment: string) =>
  api.request<Review>(`${job(jobId)}/review`, {
    method: 'PUT',
    body: { rating, comment },
    quiet: true,
    retry: false,
  });

export const putNotes = (jobId: string, notes: string) =>
  api.request<Review>(`${job(jobId)}/notes`, { method: 'PUT', body: { notes }, quiet: true, retry: false });

// ---------------------------------------------------------------------------------------------
// Quotes and invoices

export const ledgerQuery = (jobId: string) =>
  queryOptions({
    queryKey: [...JOB_LIFE_KEY, 'ledger', jobId] as const,
    queryFn: ({ signal }) => api.get<JobLedger>(`${job(jobId)}/ledger`, { quiet: true, signal }),
  });

export const createLedgerEntry = (jobId: string, type: LedgerType) =>
  api.post<LedgerEntry>(`${job(jobId)}/ledger`, { type }, { quiet: true, retry: false });

/** Moves a quote or invoice on (`PATCH /bookings/:id/ledger` with its id and the version read). */
export const setLedgerStatus = (jobId: string, entryId: string, status: LedgerStatus, version: number) =>
  api.request<LedgerEntry>(`${job(jobId)}/ledger`, {
    method: 'PATCH',
    body: { entry_id: entryId, status, version },
    quiet: true,
    retry: false,
  });

/** The next status of an entry (draft → sent → paid), none after paid. */
export function nextLedgerStatus(status: LedgerStatus): LedgerStatus | undefined {
  return status === 'draft' ? 'sent' : status === 'sent' ? 'paid' : undefined;
}

// ---------------------------------------------------------------------------------------------
// Promote/demote, cancellation requests

export const promoteResource = (resourceId: string, labels: string[]) =>
  api.post<Promotion>(
    `/resources/${encodeURIComponent(resourceId)}/promote`,
    { labels },
    { quiet: true, retry: false },
  );

export const demoteResource = (resourceId: string) =>
  api.post<Promotion>(
    `/resources/${encodeURIComponent(resourceId)}/demote`,
    {},
    { quiet: true, retry: false },
  );

/** A booking's latest cancellation request, null when none. */
export const cancellationQuery = (jobId: string) =>
  queryOptions({
    queryKey: [...JOB_LIFE_KEY, 'cancellation', jobId] as const,
    queryFn: ({ signal }) =>
      api.get<CancellationRequest | null>(`${job(jobId)}/cancellation-request`, { quiet: true, signal }),
  });

export const requestCancellation = (jobId: string, reason: string) =>
  api.post<CancellationRequest>(
    `${job(jobId)}/cancellation-request`,
    { reason },
    { quiet: true, retry: false },
  );

export const answerCancellation = (jobId: string, answer: 'approve' | 'refuse') =>
  api.post<CancellationRequest>(
    `${job(jobId)}/cancellation-request/${answer}`,
    {},
    { quiet: true, retry: false },
  );

// ---------------------------------------------------------------------------------------------
// The way there

/**
 * Directions to a job in the phone's maps (Google Maps' universal link): its address when it has
 * one, else its position (`_geoloc`), else nothing to navigate to.
 */
export function directionsLink(job: Pick<Booking, 'all_location' | '_geoloc'>): string | undefined {
  const address = job.all_location?.trim() ?? '';
  const geo = job._geoloc;
  const destination = address !== '' ? address : geo ? `${geo.lat},${geo.lng}` : undefined;
  return destination === undefined
    ? undefined
    : `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
