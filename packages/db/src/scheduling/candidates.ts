import { createJobContext } from '@rostra/core/allocation/job-context';
import {
  type CandidateOutcome,
  type CandidatePage,
  type RankedCandidates,
  rankCandidates,
} from '@rostra/core/allocation/modes';
import { ScenarioIndex } from '@rostra/core/allocation/scenario-index';
import { type ScoreParts, scoreParts } from '@rostra/core/allocation/score-parts';
import { dayStart } from '@rostra/core/time/calendar';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { blacklists, customers, servicePlans, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import {
  overlapsWindow,
  scenarioWindow,
  selectAllocationConfig,
  selectScenarioPool,
  selectScenarioRecords,
  selectScenarioShifts,
} from './allocation-scenario.ts';
import { isAllocatable } from './allocation-writes.ts';
import { type StoredRecord, toBlacklist, toCustomer, toServicePlan } from './mapping.ts';
import { selectTimelineRecords } from './records.ts';
import type { ScenarioCache } from './scenario-cache.ts';

export type CandidatesResult =
  | { kind: 'not_found' }
  | { kind: 'not_allocatable'; job: StoredRecord }
  | { kind: 'ranked'; job: StoredRecord; ranked: RankedCandidates & { candidates: RankedCandidate[] } };

/** A listed candidate with the parts of its score (contract §Score), named as `ScoreParts`. */
export type RankedCandidate = CandidateOutcome & { score_parts: ScoreParts };

/**
 * A booking's candidates, ranked over the whole pool by the engine's check mode, one page at a
 * time (the candidate panel). Read-only, so the heavy part — the engine index of the pool, the
 * labels, the shifts and the timeline of the job's window (its week, or fortnight when that
 * check is on, a day either side) — is prepared once per window and reused for every booking of
 * that window while a signature read in this transaction says nothing under it changed (see
 * `ScenarioCache.prepared`). Per request only the job, the config, that signature and the
 * customer's own records (name, blacklist, service plans, earlier jobs for the score's past jobs)
 * are read. The answer is exactly what an index built for this job gives (the core's property
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
    const [job] = await selectTimelineRecords(
      tx,
      and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, jobId)),
      1,
    );
    if (!job) return { kind: 'not_found' };
    if (!isAllocatable(job)) return { kind: 'not_allocatable', job };
    const config = await selectAllocationConfig(tx, orgId);
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

    const customerId = typeof job.customerId === 'string' ? job.customerId : undefined;
    const stem = job.external_data?.VisitStemID;
    const customerRows = customerId
      ? await tx
          .select()
          .from(customers)
          .where(and(eq(customers.orgId, orgId), eq(customers.id, customerId)))
      : [];
    const blacklistRows = customerId
      ? await tx
          .select()
          .from(blacklists)
          .where(and(eq(blacklists.orgId, orgId), eq(blacklists.customerId, customerId)))
      : [];
    const planRows =
      typeof stem === 'string' && stem !== ''
        ? await tx
            .select()
            .from(servicePlans)
            .where(and(eq(servicePlans.orgId, orgId), eq(servicePlans.visitStemId, stem)))
        : [];
    const customerJobs = customerId
      ? await selectScenarioRecords(
          tx,
          sql`r.customer_id = ${customerId} and r.utc_begin_plus_tz < ${job.utc_begin_plus_tz}`,
          orgId,
        )
      : [];
    const data = {
      customers: customerRows.map(toCustomer),
      blacklists: blacklistRows.map(toBlacklist),
      servicePlans: planRows.map(toServicePlan),
      customerJobs,
    };
    const ranked = rankCandidates(ix, job, { page, data });
    // The page's score parts (the panel explains each score), ranked over the whole pool.
    const ctx = createJobContext(ix, job, data);
    const candidates = ranked.candidates.map((c) => ({
      ...c,
      score_parts: scoreParts(ctx, ix.indexOf.get(c.resourceId) as number, ix.poolCostPart()),
    }));
    return { kind: 'ranked', job, ranked: { ...ranked, candidates } };
  });
}
