import { type CandidatePage, type RankedCandidates, rankCandidates } from '@rostra/core/allocation/modes';
import { ScenarioIndex } from '@rostra/core/allocation/scenario-index';
import { scoreParts } from '@rostra/core/allocation/score-parts';
import type { CandidatesHead, RankedCandidate } from '@rostra/core/api/allocation';
import { dayStart } from '@rostra/core/time/calendar';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { fromJsonRows } from '../json-rows.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import {
  overlapsWindow,
  SCENARIO_RECORD_COLUMNS,
  type ScenarioRecordRow,
  scenarioWindow,
  selectScenarioPool,
  selectScenarioRecords,
  selectScenarioShifts,
  toAllocationConfig,
  toScenarioRecord,
} from './allocation-scenario.ts';
import { isAllocatable } from './allocation-writes.ts';
import { type CustomerPartRow, customerPartColumns, toCustomerPart } from './customer-part.ts';
import { type StoredRecord, toTimelineRecord } from './mapping.ts';
import type { ScenarioCache } from './scenario-cache.ts';

export type CandidatesResult =
  | { kind: 'not_found' }
  | { kind: 'not_allocatable'; job: StoredRecord }
  | {
      kind: 'ranked';
      job: StoredRecord;
      ranked: RankedCandidates & { candidates: RankedCandidate[] };
      head: CandidatesHead;
    };

/**
 * A booking's candidates, ranked over the whole pool by the engine's check mode, one page at a
 * time (the candidate panel): those who pass first, then those who fail, each in rank order. Read-only, so the heavy part — the engine index of the pool, the
 * labels, the shifts and the timeline of the job's window (its week, or fortnight when that
 * check is on, a day either side) — is prepared once per window and reused for every booking of
 * that window while a signature read in this transaction says nothing under it changed (see
 * `ScenarioCache.prepared`). Per request two statements are read: the job with the config and
 * the customer's own records (name, blacklist, service plans, earlier jobs for the score's past
 * jobs) in one, then that signature. The answer is exactly what an index built for this job gives (the core's property
 * test `prepared.property.test.ts`); allocations that write never use this path.
 */
export async function loadCandidates(
  db: Db,
  orgId: string,
  jobId: string,
  page: CandidatePage,
  cache: ScenarioCache,
): Promise<CandidatesResult> {
  return withOrg(db, orgId, async (tx) => {
    // One statement for everything of this job: the job, the allocation config, and its
    // customer's part (customer, blacklist, the visit stem's plans, earlier jobs).
    const res = (await tx.execute(sql`
      with j as (select * from timeline_records where org_id = ${orgId} and id = ${jobId})
      select (select row_to_json(j) from j) as job,
        (select o.max_distance from organisations o where o.id = ${orgId}) as max_distance,
        (select o.overlap_buffer_minutes from organisations o where o.id = ${orgId}) as overlap_buffer,
        (select o.time_zone from organisations o where o.id = ${orgId}) as time_zone,
        (select o.date_format from organisations o where o.id = ${orgId}) as date_format,
        (select s.value from org_settings s where s.org_id = ${orgId} and s.role = '' and s.key = 'allocation') as allocation,
        ${customerPartColumns(
          orgId,
          sql`= (select customer_id from j)`,
          sql`= (select j.data->'external_data'->>'VisitStemID' from j
                  where jsonb_typeof(j.data->'external_data'->'VisitStemID') = 'string')`,
        )},
        (select coalesce(json_agg(x order by x.b, x.id), '[]') from (
          select ${SCENARIO_RECORD_COLUMNS} from timeline_records r, j
           where r.org_id = ${orgId} and r.customer_id = j.customer_id
             and r.utc_begin_plus_tz < j.utc_begin_plus_tz) x) as past`)) as unknown as {
      rows: (CustomerPartRow & {
        job: unknown;
        max_distance: number | null;
        overlap_buffer: number | null;
        time_zone: string | null;
        date_format: string | null;
        allocation: Record<string, unknown> | null;
        past: ScenarioRecordRow[] | string;
      })[];
    };
    const row = res.rows[0];
    const [jobRow] = fromJsonRows(timelineRecords, row?.job ? [row.job as Record<string, unknown>] : []);
    if (!row || !jobRow) return { kind: 'not_found' };
    const job = toTimelineRecord(jobRow, jobRow.resIds);
    if (!isAllocatable(job)) return { kind: 'not_allocatable', job };
    const config = toAllocationConfig(
      row.max_distance,
      row.allocation,
      row.overlap_buffer,
      row.time_zone,
      row.date_format,
    );
    const { from, to } = scenarioWindow([job], config);
    const [firstDay, lastDay] = [dayStart(from), dayStart(to)];
    const ix = await cache.prepared(
      tx,
      orgId,
      { from, to, firstDay, lastDay, config: JSON.stringify(config) },
      async () => {
        const { resources, labels } = await selectScenarioPool(tx, orgId);
        const timeline = await selectScenarioRecords(tx, overlapsWindow(from, to), orgId);
        const shifts = await selectScenarioShifts(tx, orgId, firstDay, lastDay);
        return new ScenarioIndex({ resources, labels, timeline, shifts, config });
      },
    );
    const part = toCustomerPart(row);
    const past = typeof row.past === 'string' ? (JSON.parse(row.past) as ScenarioRecordRow[]) : row.past;
    const data = {
      customers: part.customers,
      blacklists: part.blacklists,
      servicePlans: part.servicePlans,
      customerJobs: past.map(toScenarioRecord),
    };
    const ranked = rankCandidates(ix, job, { page, data, passingFirst: true });
    // The page's score parts (the panel explains each score), on the ranking's own job context.
    const ctx = ranked.context;
    const candidates = ranked.candidates.map((c) => ({
      ...c,
      score_parts: scoreParts(ctx, ix.indexOf.get(c.resourceId) as number, ix.poolCostPart()),
    }));
    const head: CandidatesHead = {
      utc_begin_plus_tz: job.utc_begin_plus_tz,
      utc_end_plus_tz: job.utc_end_plus_tz,
      customer: ctx.customerName,
      address: typeof job.all_location === 'string' && job.all_location !== '' ? job.all_location : null,
      labels: ctx.labelNames,
    };
    return { kind: 'ranked', job, ranked: { ...ranked, candidates }, head };
  });
}
