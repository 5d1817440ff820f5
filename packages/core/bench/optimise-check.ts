/**
 * The optimised batch benchmarks' own figures of an answer, independent of the optimiser: its
 * fully staffed jobs and the hard checks its final timeline breaks (`optimise.bench.ts` header, 5).
 */
import type { BatchOutcome } from '../src/allocation/batch.ts';
import { requiredCount } from '../src/allocation/modes.ts';
import type { AllocationJob, AllocationScenario } from '../src/allocation/scenario.ts';
import { classifyRecord, hourLimits, recordResourceIds } from '../src/allocation/scenario-index.ts';
import { weekStart } from '../src/time/calendar.ts';

/** Fully staffed jobs of an answer. */
export const staffed = (out: BatchOutcome, jobs: readonly AllocationJob[]) =>
  out.results.filter((r, i) => r.assigned.length === requiredCount(jobs[i] as AllocationJob)).length;

/** Busy overlaps and week-hour excesses of the answer's final timeline (see the header, 5). */
export function violations(s: AllocationScenario, out: BatchOutcome): number {
  const jobIds = new Set((s.jobs ?? []).map((j) => j._id));
  const byRes = new Map<string, { b: number; e: number; hours: boolean; busy: boolean }[]>();
  const push = (id: string, b: number, e: number, hours: boolean, busy: boolean) => {
    const list = byRes.get(id) ?? [];
    list.push({ b, e, hours, busy });
    byRes.set(id, list);
  };
  for (const rec of s.timeline ?? []) {
    if (rec._id != null && jobIds.has(rec._id)) continue;
    const c = classifyRecord(rec);
    for (const id of recordResourceIds(rec))
      push(id, rec.utc_begin_plus_tz, rec.utc_end_plus_tz, c.isHoursJob, c.isOverlapJob);
  }
  const batch = new Set<string>();
  out.results.forEach((r, i) => {
    const j = (s.jobs ?? [])[i] as AllocationJob;
    for (const id of r.assigned) {
      push(id, j.utc_begin_plus_tz, j.utc_end_plus_tz, true, true);
      batch.add(`${id} ${j.utc_begin_plus_tz} ${j.utc_end_plus_tz}`);
    }
  });
  let bad = 0;
  const t = 900;
  for (const res of s.resources ?? []) {
    const list = byRes.get(res._id) ?? [];
    const busy = list.filter((x) => x.busy).sort((a, b) => a.b - b.b);
    for (let i = 0; i < busy.length; i++) {
      for (let k = i + 1; k < busy.length && (busy[k]?.b as number) < (busy[i]?.e as number); k++) {
        const x = busy[i] as { b: number; e: number };
        const y = busy[k] as { b: number; e: number };
        const mine = batch.has(`${res._id} ${x.b} ${x.e}`) || batch.has(`${res._id} ${y.b} ${y.e}`);
        if (mine && x.b < y.e - t && y.b < x.e - t) bad++;
      }
    }
    const limit = hourLimits(res).week * 3600;
    const weeks = new Map<number, number>();
    for (const x of list) {
      if (!x.hours) continue;
      const w = weekStart(x.b, s.config?.week_start_day ?? 0);
      weeks.set(w, (weeks.get(w) ?? 0) + x.e - x.b);
    }
    for (const [w, sec] of weeks) {
      const batchHere = list.some((x) => batch.has(`${res._id} ${x.b} ${x.e}`) && weekStart(x.b, 0) === w);
      if (batchHere && sec > limit) bad++;
    }
  }
  return bad;
}
