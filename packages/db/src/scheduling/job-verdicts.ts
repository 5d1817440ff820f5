import { isVerdictJob, type JobVerdict, verdictsAfter } from '@rostra/core/allocation/booking-verdict';
import { recordResourceIds } from '@rostra/core/allocation/scenario-index';
import { dayStart } from '@rostra/core/time/calendar';
import { validateConflicts } from '@rostra/core/timeline/conflicts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { labels, timelineRecords } from '../schema/scheduling.ts';
import {
  overlapsWindow,
  scenarioWindow,
  selectAllocationConfig,
  selectScenarioRecords,
  selectScenarioResources,
  selectScenarioShifts,
} from './allocation-scenario.ts';
import { type CustomerPartRow, customerPartColumns, inList, toCustomerPart } from './customer-part.ts';
import { type StoredRecord, toLabel } from './mapping.ts';
import { recordsSharingResources } from './timeline-writes.ts';

/**
 * The stored conflict state of timeline records, by the one rule (core `booking-verdict.ts`):
 * a booking or group event gets the allocation checks' verdict over its assigned resources, a
 * leave or break the validator's (which uses the same overlap rule). Every write path stores what
 * this answers, so a record's `isConflict` and errors are a function of the data.
 */

/**
 * The verdicts of `jobs` (bookings or group events, as stored now) in one load: only their
 * assigned resources, the records of those resources over the span the checks read, their shifts,
 * the jobs' customers, blacklists and service plans, and the organisation's config.
 */
export async function jobVerdicts(
  tx: Tx,
  orgId: string,
  jobs: readonly StoredRecord[],
): Promise<JobVerdict[]> {
  if (jobs.length === 0) return [];
  const config = await selectAllocationConfig(tx, orgId);
  const resourceIds = [...new Set(jobs.flatMap((j) => recordResourceIds(j)))];
  const { from, to, first, last } = scenarioWindow(jobs, config);
  const customerIds = [...new Set(jobs.map((j) => j.customerId).filter((c): c is string => !!c))];
  const stems = [
    ...new Set(
      jobs
        .map((j) => j.external_data?.VisitStemID)
        .filter((s): s is string => typeof s === 'string' && s !== ''),
    ),
  ];
  const resources = resourceIds.length ? await selectScenarioResources(tx, orgId, resourceIds) : [];
  const timeline = resourceIds.length
    ? await selectScenarioRecords(
        tx,
        sql`${overlapsWindow(from, to)} and (r.resource_id ${inList(resourceIds)} or exists (
          select 1 from timeline_record_resources l
          where l.org_id = r.org_id and l.record_id = r.id and l.resource_id ${inList(resourceIds)}))`,
        orgId,
      )
    : [];
  const pool = new Set(resourceIds);
  const shifts = resourceIds.length
    ? (await selectScenarioShifts(tx, orgId, dayStart(first), dayStart(last))).filter((s) =>
        pool.has(s.resourceId),
      )
    : [];
  const labelRows = resourceIds.length ? await tx.select().from(labels).where(eq(labels.orgId, orgId)) : [];
  const part =
    customerIds.length || stems.length
      ? toCustomerPart(
          (
            (await tx.execute(
              sql`select ${customerPartColumns(orgId, inList(customerIds), inList(stems))}`,
            )) as unknown as { rows: CustomerPartRow[] }
          ).rows[0],
        )
      : { customers: [], blacklists: [], servicePlans: [] };
  return verdictsAfter(
    {
      resources,
      labels: labelRows.map(toLabel),
      customers: part.customers,
      timeline,
      shifts,
      blacklists: part.blacklists,
      servicePlans: part.servicePlans,
      config,
    },
    jobs,
  );
}

/** A leave's or break's own state: the validator over the records sharing its resources. */
async function absenceVerdict(tx: Tx, orgId: string, record: StoredRecord): Promise<JobVerdict> {
  const resIds = recordResourceIds(record);
  const others = await recordsSharingResources(tx, orgId, record, resIds);
  const [org] = (
    (await tx.execute(
      sql`select overlap_buffer_minutes, date_format from organisations where id = ${orgId}`,
    )) as unknown as { rows: { overlap_buffer_minutes: number; date_format: string }[] }
  ).rows;
  const result = validateConflicts(
    { ...record, resIds } as Parameters<typeof validateConflicts>[0],
    others as Parameters<typeof validateConflicts>[1],
    { overlap_buffer_minutes: org?.overlap_buffer_minutes, date_format: org?.date_format },
  );
  return { isConflict: result.isConflict, errors: result.errors };
}

/** The verdict of each record, in order: jobs together in one load, absences one by one. */
export async function verdictsOf(
  tx: Tx,
  orgId: string,
  records: readonly StoredRecord[],
): Promise<JobVerdict[]> {
  const jobs = records.filter((r) => isVerdictJob(r));
  const jobAnswers = await jobVerdicts(tx, orgId, jobs);
  const byId = new Map(jobs.map((j, i) => [j._id, jobAnswers[i] as JobVerdict]));
  const out: JobVerdict[] = [];
  for (const r of records) out.push(byId.get(r._id) ?? (await absenceVerdict(tx, orgId, r)));
  return out;
}

/** Whether a record's stored state differs from a verdict. */
export function verdictChanged(record: StoredRecord, verdict: JobVerdict): boolean {
  return (
    (record.isConflict === true) !== verdict.isConflict ||
    canonical(record.errors ?? []) !== canonical(verdict.errors)
  );
}

/** JSON with object keys sorted (jsonb keeps its own key order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/**
 * Stores the verdicts of `records` (as written in this transaction) where they differ from what
 * is stored; answers the records with their verdicts. `bump` also moves the version (a re-check
 * changes a record others may hold; a save has bumped it already).
 */
export async function storeVerdicts<R extends StoredRecord>(
  tx: Tx,
  orgId: string,
  records: readonly R[],
  options: { bump: boolean; now?: Date } = { bump: false },
): Promise<R[]> {
  const verdicts = await verdictsOf(tx, orgId, records);
  const out: R[] = [];
  for (const [i, record] of records.entries()) {
    const verdict = verdicts[i] as JobVerdict;
    if (!verdictChanged(record, verdict)) {
      out.push(record);
      continue;
    }
    const [row] = await tx
      .update(timelineRecords)
      .set({
        isConflict: verdict.isConflict,
        conflictErrors: verdict.errors as unknown as Record<string, unknown>[],
        ...(options.bump
          ? { version: sql`${timelineRecords.version} + 1`, updatedAt: options.now ?? new Date() }
          : {}),
      })
      .where(and(eq(timelineRecords.orgId, orgId), inArray(timelineRecords.id, [record._id])))
      .returning({ version: timelineRecords.version });
    out.push({
      ...record,
      isConflict: verdict.isConflict,
      errors: verdict.errors,
      ...(row ? { version: row.version } : {}),
    } as R);
  }
  return out;
}
