import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './engine.ts';
import type { AllocationOutcome } from './modes.ts';
import { rankCandidates } from './modes.ts';
import { type AllocationJob, parseScenario } from './scenario.ts';
import { scenarioArb } from './scenario-arb.test-helper.ts';
import { ScenarioIndex } from './scenario-index.ts';

/**
 * A prepared index — built once for a window without any job and reused for every job of it, as
 * the candidates API does — must rank a job exactly as an index built for that job: the job's own
 * copy in the timeline (records with its `_id`, of any kind) left out of busy, leave, break, hours
 * and past jobs, and the customer's part supplied per job.
 */
describe('a prepared index ranks as a per-job index does', () => {
  it('gives check mode candidates byte for byte on 1,500 random scenarios, with and without per-job data', () => {
    fc.assert(
      fc.property(
        scenarioArb.filter(({ input }) => 'job' in input),
        fc.boolean(),
        fc.boolean(),
        fc.nat({ max: 4 }),
        ({ input }, withData, ownCopy, offset) => {
          const parsed = parseScenario(JSON.parse(JSON.stringify({ ...input, mode: 'check' })));
          if (!parsed.ok) throw new Error(parsed.message);
          const scenario = parsed.scenario;
          const job = scenario.job as AllocationJob;
          // Sometimes the job's own stored copy sits in the timeline, as it does in the database.
          const timeline = [...(scenario.timeline ?? [])];
          if (ownCopy && job._id != null) timeline.splice(timeline.length >> 1, 0, { ...job });
          const ids = scenario.candidateIds ?? (scenario.resources ?? []).map((r) => r._id);
          const full = allocate({ ...scenario, timeline, candidateIds: ids }) as AllocationOutcome;

          const { job: _job, candidateIds: _ids, ...shared } = scenario;
          const data = {
            customers: scenario.customers,
            blacklists: scenario.blacklists,
            servicePlans: scenario.servicePlans,
            customerJobs: timeline.filter(
              (r) => r.customerId === job.customerId && r.utc_begin_plus_tz < job.utc_begin_plus_tz,
            ),
          };
          const ix = new ScenarioIndex(
            withData
              ? { ...shared, timeline, customers: [], blacklists: [], servicePlans: [] }
              : { ...shared, timeline },
          );
          const ranked = rankCandidates(ix, job, {
            ...(withData ? { data } : {}),
            ...(scenario.candidateIds == null ? {} : { candidateIds: scenario.candidateIds }),
          });
          expect(JSON.stringify(ranked.candidates)).toBe(JSON.stringify(full.candidates));
          expect(ranked.total).toBe(full.candidates.length);
          expect(ranked.passing).toBe(full.candidates.filter((c) => c.ok).length);
          expect(ranked.errors).toEqual(
            full.errors.filter((e) => e.code === 'service_plans_invalid' && !e.resourceId),
          );
          // A page is the same slice of the same order, and the index answers the next job alike.
          const page = rankCandidates(ix, job, {
            ...(withData ? { data } : {}),
            ...(scenario.candidateIds == null ? {} : { candidateIds: scenario.candidateIds }),
            page: { offset, limit: 2 },
          });
          expect(JSON.stringify(page.candidates)).toBe(
            JSON.stringify(full.candidates.slice(offset, offset + 2)),
          );
        },
      ),
      { numRuns: 1500 },
    );
  }, 120_000);
});
