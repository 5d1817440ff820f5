import type { ExceptionEntry } from '@rostra/core/exceptions/report';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { customers, resources, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import {
  getExceptionReport,
  refreshExceptionReport,
  type StoredExceptionReport,
} from './exception-report.ts';
import { selectTimelineRecords } from './records.ts';

/** The job behind an exception entry, as the detail screen lists it (null when it is gone). */
export type ExceptionJobDetail = {
  reference: string | null;
  customer: { _id: string; name: string } | null;
  workers: { _id: string; name: string }[];
  utc_begin_plus_tz: number;
  utc_end_plus_tz: number;
  /** The job's status now (the entry's `curr_state` is its latest state document, else this). */
  status: string;
};

export type ExceptionDetailEntry = ExceptionEntry & { job: ExceptionJobDetail | null };

export type ExceptionReportDetail = Omit<StoredExceptionReport, 'entries'> & {
  entries: ExceptionDetailEntry[];
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * The current exception report with, for each entry, what a dispatcher needs to act on it
 * (issue 16, point 12): the job's reference, customer, workers, times and status. The stored
 * report as the banner reads it (computed on the spot the first time), joined to the records of
 * now; a job deleted since the report was computed has `job: null`.
 */
export async function exceptionReportDetail(
  db: Db,
  orgId: string,
  now: Date,
): Promise<ExceptionReportDetail> {
  const report =
    (await getExceptionReport(db, orgId)) ?? (await refreshExceptionReport(db, orgId, now)).report;
  const ids = [...new Set(report.entries.map((e) => e._id))];
  if (ids.length === 0) return { ...report, entries: [] };
  return withOrg(db, orgId, async (tx) => {
    const jobs = await selectTimelineRecords(
      tx,
      and(eq(timelineRecords.orgId, orgId), inArray(timelineRecords.id, ids)),
    );
    const resIds = [...new Set(jobs.flatMap((j) => j.resIds))];
    const customerIds = [...new Set(jobs.flatMap((j) => (j.customerId ? [j.customerId] : [])))];
    const workerNames = new Map(
      resIds.length
        ? (
            await tx
              .select({ id: resources.id, name: resources.name })
              .from(resources)
              .where(and(eq(resources.orgId, orgId), inArray(resources.id, resIds)))
          ).map((r) => [r.id, r.name])
        : [],
    );
    const customerNames = new Map(
      customerIds.length
        ? (
            await tx
              .select({
                id: customers.id,
                name: customers.name,
                first: customers.firstName,
                last: customers.lastName,
              })
              .from(customers)
              .where(and(eq(customers.orgId, orgId), inArray(customers.id, customerIds)))
          ).map((c) => [c.id, text(c.name) ?? ([c.first, c.last].filter(Boolean).join(' ') || c.id)])
        : [],
    );
    const byId = new Map(
      jobs.map((j): [string, ExceptionJobDetail] => {
        const record = j as Record<string, unknown>;
        const fromRecord = [text(record.customer_first_name), text(record.customer_last_name)]
          .filter(Boolean)
          .join(' ');
        const customerName = j.customerId
          ? (customerNames.get(j.customerId) ?? (fromRecord || j.customerId))
          : null;
        return [
          j._id,
          {
            reference: text(record.reference),
            customer: j.customerId && customerName ? { _id: j.customerId, name: customerName } : null,
            workers: j.resIds.map((id) => ({ _id: id, name: workerNames.get(id) ?? id })),
            utc_begin_plus_tz: Number(record.utc_begin_plus_tz),
            utc_end_plus_tz: Number(record.utc_end_plus_tz),
            status: String(record.status ?? ''),
          },
        ];
      }),
    );
    return { ...report, entries: report.entries.map((e) => ({ ...e, job: byId.get(e._id) ?? null })) };
  });
}
