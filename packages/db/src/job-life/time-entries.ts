import { randomUUID } from 'node:crypto';
import { correctedAt } from '@rostra/core/job-life/clock';
import {
  aggregateJob,
  type Correction,
  firstInvalidEntry,
  type MileageEntry,
  type TimeEntries,
  type TimeEntry,
  type TimerAction,
  type TimerEntry,
} from '@rostra/core/job-life/timer';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { timeEntries, timeEntryLogs } from '../schema/job-life.ts';
import { withOrg } from '../tenant.ts';
import { jobEvent, type LockedJob, lockJob, workersAudience } from './job.ts';

/*
 * Timers, mileage and the corrections log of a job (shell spec §3 timings, aggregates, time entry
 * logs; §4 timer actions). Stored with the server's clock; a device's retry (same `client_id`)
 * is answered from what is stored and never counts twice.
 */

type Row = typeof timeEntries.$inferSelect;

const toEntry = (r: Row): TimeEntry => ({
  _id: r.id,
  resource_id: r.resourceId,
  action: r.action as TimerAction,
  at: r.at,
  client_id: r.clientId,
  ...(r.corrected ? { corrected: true } : {}),
});

const toMileage = (r: Row): MileageEntry => ({
  _id: r.id,
  resource_id: r.resourceId,
  km: r.km ?? 0,
  at: r.at,
  client_id: r.clientId,
  ...(r.corrected ? { corrected: true } : {}),
});

const timerOf = (r: Row, seq: number): TimerEntry & { id: string } => ({
  id: r.id,
  resource_id: r.resourceId,
  action: r.action as TimerAction,
  at: r.at,
  seq,
});

async function jobRows(tx: Tx, orgId: string, jobId: string): Promise<Row[]> {
  return tx
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.orgId, orgId), eq(timeEntries.jobId, jobId)))
    .orderBy(asc(timeEntries.at), asc(timeEntries.createdAt), asc(timeEntries.id));
}

/** Entries, mileage and the aggregate (open stretches counted up to `now`, ms). */
export function summarise(rows: Row[], now?: number): TimeEntries {
  const timers = rows.filter((r) => r.action !== 'mileage');
  const miles = rows.filter((r) => r.action === 'mileage');
  return {
    entries: timers.map(toEntry),
    mileage: miles.map(toMileage),
    aggregate: aggregateJob(
      timers.map(timerOf),
      miles.map((m) => ({ resource_id: m.resourceId, km: m.km ?? 0 })),
      now,
    ),
  };
}

/** A job's time entries and aggregate, and the corrections log (newest first). */
export async function getTimeEntries(
  db: Db,
  orgId: string,
  jobId: string,
  now: Date,
): Promise<TimeEntries & { log: Correction[] }> {
  return withOrg(db, orgId, async (tx) => {
    const rows = await jobRows(tx, orgId, jobId);
    const logs = await tx
      .select()
      .from(timeEntryLogs)
      .where(and(eq(timeEntryLogs.orgId, orgId), eq(timeEntryLogs.jobId, jobId)))
      .orderBy(sql`${timeEntryLogs.at} desc`, asc(timeEntryLogs.id));
    return {
      ...summarise(rows, now.getTime()),
      log: logs.map((l) => ({
        _id: l.id,
        entry_id: l.entryId,
        by: { uid: l.byUid, name: l.byName },
        at: l.at,
        old_at: l.oldAt,
        new_at: l.newAt,
        old_km: l.oldKm,
        new_km: l.newKm,
        reason: l.reason,
      })),
    };
  });
}

export type TimerEventInput = {
  jobId: string;
  resourceId: string;
  action: TimerAction;
  clientId: string;
  /** Device clock, ms. */
  clientAt: number;
  sentAt: number;
  uid: string;
  now: Date;
};

export type TimerResult =
  | { ok: true; created: boolean; result: TimeEntries }
  | { ok: false; error: 'not_found' }
  | { ok: false; error: 'sequence'; message: string };

async function timeEvent(tx: Tx, orgId: string, job: LockedJob, now: Date) {
  const result = summarise(await jobRows(tx, orgId, job.id), now.getTime());
  // Time entries are the job's resources' and the dispatchers' to read, not its customer's.
  const event = {
    ...jobEvent(job, 'time', { aggregate: result.aggregate }),
    audience: await workersAudience(tx, orgId, job),
  };
  return { result, event };
}

/**
 * Records one timer event of a resource on a job at `client_at` corrected to the server's clock
 * (core `correctedAt`). A repeated `client_id` is answered with the current entries and changes
 * nothing; an event the resource's sequence does not allow (pause when not running, start when
 * running, …, judged in time order with the entries already stored) is refused.
 */
export async function recordTimerEvent(db: Db, orgId: string, input: TimerEventInput): Promise<TimerResult> {
  return withOrg(db, orgId, async (tx): Promise<TimerResult> => {
    const job = await lockJob(tx, orgId, input.jobId);
    if (!job) return { ok: false, error: 'not_found' };
    const rows = await jobRows(tx, orgId, job.id);
    const nowMs = input.now.getTime();
    if (rows.some((r) => r.clientId === input.clientId)) {
      return { ok: true, created: false, result: summarise(rows, nowMs) };
    }
    if (job.status === 'cancelled') {
      return { ok: false, error: 'sequence', message: 'This booking is cancelled: its timer cannot be used' };
    }
    const at = correctedAt(input.clientAt, input.sentAt, nowMs);
    const id = randomUUID();
    const own = rows
      .filter((r) => r.resourceId === input.resourceId && r.action !== 'mileage')
      .map((r, i) => timerOf(r, i));
    const candidate = { id, resource_id: input.resourceId, action: input.action, at, seq: own.length };
    const bad = firstInvalidEntry([...own, candidate]);
    if (bad) return { ok: false, error: 'sequence', message: bad.refusal.message };
    await tx.insert(timeEntries).values({
      orgId,
      id,
      jobId: job.id,
      resourceId: input.resourceId,
      action: input.action,
      at,
      clientId: input.clientId,
      createdBy: input.uid,
      data: { client_at: input.clientAt, sent_at: input.sentAt, received_at: nowMs },
      createdAt: input.now,
      updatedAt: input.now,
    });
    const { result, event } = await timeEvent(tx, orgId, job, input.now);
    await appendLiveEvents(tx, orgId, [event]);
    return { ok: true, created: true, result };
  });
}

export type MileageInput = {
  jobId: string;
  resourceId: string;
  clientId: string;
  km: number;
  uid: string;
  now: Date;
};

/** Records a mileage entry (idempotent by `client_id` like timer events). */
export async function recordMileage(
  db: Db,
  orgId: string,
  input: MileageInput,
): Promise<{ ok: true; created: boolean; result: TimeEntries } | { ok: false; error: 'not_found' }> {
  return withOrg(db, orgId, async (tx) => {
    const job = await lockJob(tx, orgId, input.jobId);
    if (!job) return { ok: false as const, error: 'not_found' as const };
    const rows = await jobRows(tx, orgId, job.id);
    if (rows.some((r) => r.clientId === input.clientId)) {
      return { ok: true as const, created: false, result: summarise(rows, input.now.getTime()) };
    }
    await tx.insert(timeEntries).values({
      orgId,
      id: randomUUID(),
      jobId: job.id,
      resourceId: input.resourceId,
      action: 'mileage',
      at: input.now.getTime(),
      km: input.km,
      clientId: input.clientId,
      createdBy: input.uid,
      createdAt: input.now,
      updatedAt: input.now,
    });
    const { result, event } = await timeEvent(tx, orgId, job, input.now);
    await appendLiveEvents(tx, orgId, [event]);
    return { ok: true as const, created: true, result };
  });
}

export type CorrectionInput = {
  entryId: string;
  at?: number | undefined;
  km?: number | undefined;
  reason: string;
  by: { uid: string; name: string };
  now: Date;
};

export type CorrectionResult =
  | { ok: true; entry: TimeEntry | MileageEntry; job_id: string; result: TimeEntries; log: Correction }
  | { ok: false; error: 'not_found' }
  | { ok: false; error: 'sequence' | 'invalid'; message: string };

/**
 * A dispatcher's correction of an entry's time (or a mileage entry's km). The old and new values,
 * who and when go in the log in the same transaction. A time that would break the resource's
 * sequence (a pause moved before its start) is refused, so the aggregate stays meaningful.
 */
export async function correctEntry(db: Db, orgId: string, input: CorrectionInput): Promise<CorrectionResult> {
  return withOrg(db, orgId, async (tx): Promise<CorrectionResult> => {
    const [found] = await tx
      .select({ jobId: timeEntries.jobId })
      .from(timeEntries)
      .where(and(eq(timeEntries.orgId, orgId), eq(timeEntries.id, input.entryId)));
    if (!found) return { ok: false, error: 'not_found' };
    const job = await lockJob(tx, orgId, found.jobId);
    if (!job) return { ok: false, error: 'not_found' };
    const rows = await jobRows(tx, orgId, job.id);
    const row = rows.find((r) => r.id === input.entryId);
    if (!row) return { ok: false, error: 'not_found' };
    const isMileage = row.action === 'mileage';
    if (isMileage && input.km === undefined) {
      return { ok: false, error: 'invalid', message: 'Give the corrected km of a mileage entry' };
    }
    if (!isMileage && input.at === undefined) {
      return { ok: false, error: 'invalid', message: 'Give the corrected time of the entry' };
    }
    const newAt = input.at ?? row.at;
    if (newAt > input.now.getTime()) {
      return { ok: false, error: 'invalid', message: 'A corrected time cannot be in the future' };
    }
    if (!isMileage) {
      const own = rows
        .filter((r) => r.resourceId === row.resourceId && r.action !== 'mileage')
        .map((r, i) => ({ ...timerOf(r, i), at: r.id === row.id ? newAt : r.at }));
      const bad = firstInvalidEntry(own);
      if (bad)
        return {
          ok: false,
          error: 'sequence',
          message: `The corrected time breaks the timer's order: ${bad.refusal.message.toLowerCase()}`,
        };
    }
    const newKm = isMileage ? (input.km ?? row.km) : row.km;
    await tx
      .update(timeEntries)
      .set({
        at: newAt,
        km: newKm,
        corrected: true,
        updatedAt: input.now,
        version: sql`${timeEntries.version} + 1`,
      })
      .where(and(eq(timeEntries.orgId, orgId), eq(timeEntries.id, row.id)));
    const log: Correction = {
      _id: randomUUID(),
      entry_id: row.id,
      by: input.by,
      at: input.now.getTime(),
      old_at: row.at,
      new_at: newAt,
      old_km: isMileage ? row.km : null,
      new_km: isMileage ? (newKm ?? null) : null,
      reason: input.reason,
    };
    await tx.insert(timeEntryLogs).values({
      orgId,
      id: log._id,
      jobId: job.id,
      entryId: row.id,
      byUid: input.by.uid,
      byName: input.by.name,
      at: log.at,
      oldAt: log.old_at,
      newAt: log.new_at,
      oldKm: log.old_km,
      newKm: log.new_km,
      reason: input.reason,
    });
    const { result, event } = await timeEvent(tx, orgId, job, input.now);
    await appendLiveEvents(tx, orgId, [event]);
    const updated = { ...row, at: newAt, km: newKm, corrected: true };
    return {
      ok: true,
      entry: isMileage ? toMileage(updated) : toEntry(updated),
      job_id: job.id,
      result,
      log,
    };
  });
}

/** The job an entry belongs to (for the route's readers check), or undefined. */
export async function entryJobId(db: Db, orgId: string, entryId: string): Promise<string | undefined> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select({ jobId: timeEntries.jobId })
      .from(timeEntries)
      .where(and(eq(timeEntries.orgId, orgId), eq(timeEntries.id, entryId))),
  );
  return row?.jobId;
}
