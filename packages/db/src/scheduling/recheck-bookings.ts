import { isVerdictJob } from '@rostra/core/allocation/booking-verdict';
import { DAY, dayStart } from '@rostra/core/time/calendar';
import type { Rechecked, RecheckedBooking } from '@rostra/core/timeline/rechecked';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { appendLiveEvents, type LiveEventInput } from '../infra/live-events.ts';
import { resources, timelineRecords } from '../schema/scheduling.ts';
import { overlapsWindow, scenarioWindow, selectAllocationConfig } from './allocation-scenario.ts';
import { jobVerdicts, verdictChanged } from './job-verdicts.ts';
import type { StoredRecord, VersionedRecord } from './mapping.ts';
import { loadOrgContext, wallClockOf } from './org-context.ts';
import { selectTimelineRecords } from './records.ts';
import { IS_LIVE_RECORD } from './template-items.ts';
import { recordChangeEvents } from './timeline-writes.ts';

/**
 * Re-checks what a change can affect (issue 16 point 2): the bookings and group events of the
 * resources concerned (or of the whole organisation) overlapping the period concerned get the one
 * verdict (`job-verdicts.ts`) again, in the caller's transaction; those whose state changes are
 * written with a new version and go out as live `record.changed` events. Answers which bookings
 * now conflict and which were cleared, for the person saving.
 */

export type { Rechecked, RecheckedBooking };

export type RecheckScope = {
  /** The resources concerned; 'all' for a change of the whole organisation (settings, labels). */
  resourceIds: readonly string[] | 'all';
  /** Wall-clock seconds: the bookings overlapping [from, to). */
  from: number;
  to: number;
  /** Records the caller has just given their verdict (the saved record itself). */
  exclude?: readonly string[];
};

/** An organisation-wide re-check covers this many days from today (a settings or label change). */
export const ORG_RECHECK_DAYS = 92;

export const NOTHING_RECHECKED: Rechecked = { nowInConflict: [], cleared: [] };

export async function recheckBookings(
  tx: Tx,
  orgId: string,
  scope: RecheckScope,
  now: Date,
): Promise<Rechecked> {
  if (scope.to <= scope.from) return NOTHING_RECHECKED;
  if (scope.resourceIds !== 'all' && scope.resourceIds.length === 0) return NOTHING_RECHECKED;
  const ids = scope.resourceIds === 'all' ? undefined : [...new Set(scope.resourceIds)];
  const inList = (list: string[]) =>
    sql.join(
      list.map((id) => sql`${id}`),
      sql`, `,
    );
  const res = (await tx.execute(sql`
    select r.id from timeline_records r
    where r.org_id = ${orgId} and ${overlapsWindow(scope.from, scope.to)}
      and r.key in ('booking', 'groupevent') and r.status not in ('leave', 'break')
      and r.type is distinct from 'break'
      ${
        ids
          ? sql`and (r.resource_id in (${inList(ids)}) or exists (
              select 1 from timeline_record_resources l
              where l.org_id = r.org_id and l.record_id = r.id and l.resource_id in (${inList(ids)})))`
          : sql``
      }`)) as unknown as { rows: { id: string }[] };
  const exclude = new Set(scope.exclude ?? []);
  const jobIds = res.rows.map((r) => r.id).filter((id) => !exclude.has(id));
  if (jobIds.length === 0) return NOTHING_RECHECKED;
  const jobs = await selectTimelineRecords(
    tx,
    and(eq(timelineRecords.orgId, orgId), inArray(timelineRecords.id, jobIds), IS_LIVE_RECORD),
  );
  const verdicts = await jobVerdicts(tx, orgId, jobs);
  const changed = jobs
    .map((job, i) => ({ job, verdict: verdicts[i] }))
    .filter(
      (c): c is { job: VersionedRecord; verdict: NonNullable<typeof c.verdict> } =>
        c.verdict !== undefined && verdictChanged(c.job, c.verdict),
    );
  if (changed.length === 0) return NOTHING_RECHECKED;
  // One statement for all of them (a month-long leave turns hundreds): the new state, a new
  // version; what each record now is follows from what it was and its verdict.
  const rows = changed.map(({ job, verdict }) => ({ id: job._id, c: verdict.isConflict, e: verdict.errors }));
  const written = (await tx.execute(sql`
    update timeline_records t
    set is_conflict = v.c, conflict_errors = v.e, version = t.version + 1, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id text, c boolean, e jsonb)
    where t.org_id = ${orgId} and t.id = v.id
    returning t.id, t.version`)) as unknown as { rows: { id: string; version: number }[] };
  const versions = new Map(written.rows.map((r) => [r.id, Number(r.version)]));
  const stamp = Math.floor(now.getTime() / 1000);
  const byId = new Map(
    changed.map(({ job, verdict }) => [
      job._id,
      {
        ...job,
        isConflict: verdict.isConflict,
        errors: verdict.errors as unknown as StoredRecord['errors'],
        version: versions.get(job._id) ?? Number(job.version) + 1,
        _qa_update_utc: stamp,
      } as StoredRecord,
    ]),
  );
  const names = await resourceNames(
    tx,
    orgId,
    changed.flatMap(({ verdict }) =>
      (verdict.errors as { resourceId?: string }[]).flatMap((e) => (e.resourceId ? [e.resourceId] : [])),
    ),
  );
  const events: LiveEventInput[] = [];
  const answer: Rechecked = { nowInConflict: [], cleared: [] };
  for (const { job } of changed) {
    const now = byId.get(job._id);
    if (!now) continue;
    events.push(...recordChangeEvents(job, now));
    if (now.isConflict === true) answer.nowInConflict.push(named(now, names));
    else if (job.isConflict === true) answer.cleared.push(named(now, names));
  }
  await appendLiveEvents(tx, orgId, events);
  const byBegin = (a: RecheckedBooking, b: RecheckedBooking) => a.utc_begin_plus_tz - b.utc_begin_plus_tz;
  answer.nowInConflict.sort(byBegin);
  answer.cleared.sort(byBegin);
  return answer;
}

/** The names of the resources the verdicts speak of ("Anika is blacklisted by …"). */
async function resourceNames(tx: Tx, orgId: string, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: resources.id, name: resources.name })
    .from(resources)
    .where(and(eq(resources.orgId, orgId), inArray(resources.id, unique)));
  return new Map(rows.flatMap((r) => (r.name ? [[r.id, r.name] as const] : [])));
}

function named(r: StoredRecord, names: Map<string, string>): RecheckedBooking {
  const first = typeof r.customer_first_name === 'string' ? r.customer_first_name : '';
  const last = typeof r.customer_last_name === 'string' ? r.customer_last_name : '';
  const customer = [first, last].filter((s) => s !== '').join(' ') || r.customerId || null;
  return {
    _id: r._id,
    reference: typeof r.reference === 'string' && r.reference !== '' ? r.reference : null,
    utc_begin_plus_tz: r.utc_begin_plus_tz,
    utc_end_plus_tz: r.utc_end_plus_tz,
    customer,
    errors: ((r.errors as RecheckedBooking['errors'] | undefined) ?? []).map((e) => ({
      code: e.code,
      message: e.message,
      ...(e.resourceId === undefined ? {} : { resourceId: e.resourceId }),
      ...(e.resourceId !== undefined && names.has(e.resourceId)
        ? { resourceName: names.get(e.resourceId) as string }
        : {}),
    })),
  };
}

/**
 * The period a timeline record's change can affect, before and after: its span for a leave or
 * break (overlap only); for a booking or group event the weeks (fortnights while that check is
 * on) its hours count in, as the checks read them (`scenarioWindow`).
 */
export async function recheckSpan(
  tx: Tx,
  orgId: string,
  before: StoredRecord | undefined,
  after: StoredRecord | undefined,
): Promise<{ from: number; to: number }> {
  const spans = [before, after].filter((r): r is StoredRecord => r !== undefined);
  if (spans.length === 0) return { from: 0, to: 0 };
  if (!spans.some((r) => isVerdictJob(r))) {
    return {
      from: Math.min(...spans.map((r) => r.utc_begin_plus_tz)),
      to: Math.max(...spans.map((r) => r.utc_end_plus_tz)),
    };
  }
  const { from, to } = scenarioWindow(spans, await selectAllocationConfig(tx, orgId));
  return { from, to };
}

/**
 * From today (00:00 of the organisation's wall clock) for `ORG_RECHECK_DAYS` days: the period a
 * change without a time of its own (a resource's labels, a blacklist, a label, the settings) is
 * re-checked over. Past bookings keep the state they were done with.
 */
export async function fromToday(tx: Tx, orgId: string, now: Date): Promise<{ from: number; to: number }> {
  const from = dayStart(wallClockOf(await loadOrgContext(tx, orgId), now));
  return { from, to: from + ORG_RECHECK_DAYS * DAY };
}

/** The union of two answers (a write that re-checks twice). */
export function mergeRechecked(a: Rechecked, b: Rechecked): Rechecked {
  const seen = new Set(b.nowInConflict.map((x) => x._id).concat(b.cleared.map((x) => x._id)));
  return {
    nowInConflict: [...a.nowInConflict.filter((x) => !seen.has(x._id)), ...b.nowInConflict],
    cleared: [...a.cleared.filter((x) => !seen.has(x._id)), ...b.cleared],
  };
}
