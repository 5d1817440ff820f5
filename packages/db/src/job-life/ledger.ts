import { randomUUID } from 'node:crypto';
import type { LedgerStatus, LedgerType } from '@rostra/core/api/job-life';
import { findCatalogueItem } from '@rostra/core/catalogue/rooms';
import { type LedgerLine, ledgerLine, ledgerTotals, linesFromJob } from '@rostra/core/job-life/money';
import { aggregateJob, type TimerAction } from '@rostra/core/job-life/timer';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { jobPaymentStatus, jobPurchases, ledgerEntries, timeEntries } from '../schema/job-life.ts';
import { organisations } from '../schema/organisations.ts';
import { resources, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { type LockedJob, lockJob } from './job.ts';

/*
 * A job's quotes and invoices (issue #9 point 5; spec: a ledger entry's type is invoice by default).
 * Amounts are integer cents in the API too (`formatCents` in the core shows them as decimals);
 * GST comes from the company document's `gst_value` when the entry is made; numbers run per
 * organisation and type (quote 1, 2, … and invoice 1, 2, …).
 */

/** The org-wide list's page size (scheduling core §9: invoices 20). */
export const LEDGER_PAGE_SIZE = 20;

export type LedgerEntry = {
  _id: string;
  job_id: string;
  type: LedgerType;
  status: LedgerStatus;
  number: number;
  lines: LedgerLine[];
  subtotal: number;
  gst_rate: number;
  gst: number;
  total: number;
  currency: string;
  created_at: number;
  updated_at: number;
  version: number;
};

type Row = typeof ledgerEntries.$inferSelect;

export function toLedgerEntry(r: Row): LedgerEntry {
  return {
    _id: r.id,
    job_id: r.jobId,
    type: r.type,
    status: r.status,
    number: r.number,
    lines: r.lines as LedgerLine[],
    subtotal: r.subtotal,
    gst_rate: r.gstRate,
    gst: r.gst,
    total: r.total,
    currency: r.currency,
    created_at: r.createdAt.getTime(),
    updated_at: r.updatedAt.getTime(),
    version: r.version,
  };
}

/** A job's entries, newest first. */
export async function listJobLedger(db: Db, orgId: string, jobId: string): Promise<LedgerEntry[]> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.jobId, jobId)))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id)),
  );
  return rows.map(toLedgerEntry);
}

/** A page (0-based) of the organisation's entries of a type, newest first, with the total count. */
export async function listOrgLedger(
  db: Db,
  orgId: string,
  q: { type: LedgerType; status?: LedgerStatus | undefined; page: number },
): Promise<{ items: LedgerEntry[]; total: number }> {
  return withOrg(db, orgId, async (tx) => {
    const where = and(
      eq(ledgerEntries.orgId, orgId),
      eq(ledgerEntries.type, q.type),
      q.status ? eq(ledgerEntries.status, q.status) : undefined,
    );
    const rows = await tx
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(LEDGER_PAGE_SIZE)
      .offset(q.page * LEDGER_PAGE_SIZE);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(where);
    return { items: rows.map(toLedgerEntry), total: count?.n ?? 0 };
  });
}

/** Lines as given by a dispatcher: unit prices in cents; amounts are worked out here. */
export type LineInput = { description: string; quantity: number; unit_price: number };

/**
 * The lines a job's entry starts with: worked hours of each resource at their `rate_hr`, the
 * moving inventory (`inventory: [{ id, qty }]` of the catalogue) and the purchases.
 */
async function linesOf(tx: Tx, orgId: string, job: LockedJob): Promise<LedgerLine[]> {
  const [record] = await tx
    .select({ data: timelineRecords.data })
    .from(timelineRecords)
    .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, job.id)));
  const entries = await tx
    .select({ resource_id: timeEntries.resourceId, action: timeEntries.action, at: timeEntries.at })
    .from(timeEntries)
    .where(and(eq(timeEntries.orgId, orgId), eq(timeEntries.jobId, job.id)))
    .orderBy(timeEntries.at, timeEntries.createdAt, timeEntries.id);
  const timers = entries
    .filter((e) => e.action !== 'mileage')
    .map((e, seq) => ({ resource_id: e.resource_id, action: e.action as TimerAction, at: e.at, seq }));
  const agg = aggregateJob(timers);
  const ids = Object.keys(agg.by_resource);
  const people = ids.length
    ? await tx
        .select({ id: resources.id, name: resources.name, data: resources.data })
        .from(resources)
        .where(and(eq(resources.orgId, orgId), inArray(resources.id, ids)))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const inventory = Array.isArray(record?.data.inventory) ? (record.data.inventory as unknown[]) : [];
  const purchases = await tx
    .select({ description: jobPurchases.description, amount: jobPurchases.amount })
    .from(jobPurchases)
    .where(and(eq(jobPurchases.orgId, orgId), eq(jobPurchases.jobId, job.id)))
    .orderBy(jobPurchases.createdAt, jobPurchases.id);
  return linesFromJob({
    time: ids.map((id) => {
      const rate = byId.get(id)?.data.rate_hr;
      return {
        name: byId.get(id)?.name ?? id,
        worked_seconds: agg.by_resource[id]?.worked_seconds ?? 0,
        rate_hr: typeof rate === 'number' ? rate : null,
      };
    }),
    inventory: inventory.flatMap((line) => {
      const { id, qty } = (line ?? {}) as { id?: unknown; qty?: unknown };
      const item = typeof id === 'number' ? findCatalogueItem(id) : undefined;
      if (!item || typeof qty !== 'number' || !Number.isSafeInteger(qty)) return [];
      return [{ name: item.name, quantity: qty, volume: item.volume, price: item.price }];
    }),
    purchases,
  });
}

export type CreateLedgerInput = {
  jobId: string;
  type: LedgerType;
  lines?: LineInput[] | undefined;
  uid: string;
  now: Date;
};

/** Makes a quote or an invoice for a job (lines given, or built from what was recorded). */
export async function createLedgerEntry(
  db: Db,
  orgId: string,
  input: CreateLedgerInput,
): Promise<LedgerEntry | undefined> {
  return withOrg(db, orgId, async (tx) => {
    const job = await lockJob(tx, orgId, input.jobId);
    if (!job) return undefined;
    // Numbers per organisation and type are handed out one at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ledger:${orgId}:${input.type}`}))`);
    const [org] = await tx
      .select({ gst: organisations.gstValue })
      .from(organisations)
      .where(eq(organisations.id, orgId));
    const lines = input.lines
      ? input.lines.map((l) => ledgerLine(l.description, l.quantity, l.unit_price))
      : await linesOf(tx, orgId, job);
    const totals = ledgerTotals(lines, Number(org?.gst ?? 0));
    const [last] = await tx
      .select({ n: sql<number | null>`max(${ledgerEntries.number})` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.type, input.type)));
    const [row] = await tx
      .insert(ledgerEntries)
      .values({
        orgId,
        id: randomUUID(),
        jobId: job.id,
        type: input.type,
        status: 'draft',
        number: Number(last?.n ?? 0) + 1,
        currency: 'AUD',
        lines,
        subtotal: totals.subtotal,
        gstRate: totals.gst_rate,
        gst: totals.gst,
        total: totals.total,
        createdBy: input.uid,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!row) throw new Error('ledger insert returned nothing');
    const entry = toLedgerEntry(row);
    await appendLiveEvents(tx, orgId, [
      {
        topic: 'booking',
        kind: 'ledger',
        audience: { dispatchers: true },
        payload: { _id: job.id, kind: 'ledger', entry },
      },
    ]);
    return entry;
  });
}

/** The order of statuses: an entry moves forward only (draft → sent → paid; draft → paid). */
const RANK: Record<LedgerStatus, number> = { draft: 0, sent: 1, paid: 2 };

export type UpdateLedgerInput = {
  jobId: string;
  entryId: string;
  status?: LedgerStatus | undefined;
  lines?: LineInput[] | undefined;
  version: number;
  now: Date;
};

export type UpdateLedgerResult =
  | { ok: true; entry: LedgerEntry }
  | { ok: false; error: 'not_found' }
  | { ok: false; error: 'stale'; current: LedgerEntry }
  | { ok: false; error: 'invalid'; code: string; message: string };

/**
 * Moves an entry's status forward and/or replaces its lines (drafts only: a sent or paid entry
 * is what the customer has). The version read must be the current one. GST stays at the rate the
 * entry was made with.
 */
export async function updateLedgerEntry(
  db: Db,
  orgId: string,
  input: UpdateLedgerInput,
): Promise<UpdateLedgerResult> {
  return withOrg(db, orgId, async (tx): Promise<UpdateLedgerResult> => {
    const job = await lockJob(tx, orgId, input.jobId);
    if (!job) return { ok: false, error: 'not_found' };
    const [row] = await tx
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.orgId, orgId),
          eq(ledgerEntries.id, input.entryId),
          eq(ledgerEntries.jobId, job.id),
        ),
      );
    if (!row) return { ok: false, error: 'not_found' };
    if (row.version !== input.version) return { ok: false, error: 'stale', current: toLedgerEntry(row) };
    const status = input.status ?? row.status;
    if (RANK[status] < RANK[row.status]) {
      return {
        ok: false,
        error: 'invalid',
        code: 'status_backwards',
        message: `A ${row.status} ${row.type} cannot go back to ${status}`,
      };
    }
    let set: Partial<typeof ledgerEntries.$inferInsert> = {};
    if (input.lines) {
      if (row.status !== 'draft') {
        return {
          ok: false,
          error: 'invalid',
          code: 'not_draft',
          message: `The lines of a ${row.status} ${row.type} cannot be changed`,
        };
      }
      const lines = input.lines.map((l) => ledgerLine(l.description, l.quantity, l.unit_price));
      const totals = ledgerTotals(lines, row.gstRate);
      set = { lines, subtotal: totals.subtotal, gst: totals.gst, total: totals.total };
    }
    const [updated] = await tx
      .update(ledgerEntries)
      .set({ ...set, status, updatedAt: input.now, version: sql`${ledgerEntries.version} + 1` })
      .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.id, row.id)))
      .returning();
    if (!updated) throw new Error('ledger update returned nothing');
    const entry = toLedgerEntry(updated);
    await appendLiveEvents(tx, orgId, [
      {
        topic: 'booking',
        kind: 'ledger',
        audience: { dispatchers: true },
        payload: { _id: job.id, kind: 'ledger', entry },
      },
    ]);
    return { ok: true, entry };
  });
}

/** The job's bill list: its invoices that went to the customer (sent or paid), oldest first. */
export async function listBills(db: Db, orgId: string, jobId: string): Promise<LedgerEntry[]> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.orgId, orgId),
          eq(ledgerEntries.jobId, jobId),
          eq(ledgerEntries.type, 'invoice'),
          inArray(ledgerEntries.status, ['sent', 'paid']),
        ),
      )
      .orderBy(ledgerEntries.createdAt, ledgerEntries.id),
  );
  return rows.map(toLedgerEntry);
}

export type PaymentStatus = {
  job_id: string;
  status: 'unpaid' | 'part_paid' | 'paid';
  paid_amount: number;
  updated_at: number | null;
  updated_by: string | null;
  version: number;
};

/** A job's payment status (unpaid with nothing paid when none is recorded). */
export async function getPaymentStatus(db: Db, orgId: string, jobId: string): Promise<PaymentStatus> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(jobPaymentStatus)
      .where(and(eq(jobPaymentStatus.orgId, orgId), eq(jobPaymentStatus.jobId, jobId))),
  );
  return row
    ? {
        job_id: jobId,
        status: row.status,
        paid_amount: row.paidAmount,
        updated_at: row.updatedAt.getTime(),
        updated_by: row.updatedBy,
        version: row.version,
      }
    : { job_id: jobId, status: 'unpaid', paid_amount: 0, updated_at: null, updated_by: null, version: 0 };
}

/** Records a job's payment status. */
export async function putPaymentStatus(
  db: Db,
  orgId: string,
  input: { jobId: string; status: PaymentStatus['status']; paidAmount: number; uid: string; now: Date },
): Promise<PaymentStatus | undefined> {
  const saved = await withOrg(db, orgId, async (tx) => {
    const job = await lockJob(tx, orgId, input.jobId);
    if (!job) return false;
    await tx
      .insert(jobPaymentStatus)
      .values({
        orgId,
        jobId: job.id,
        status: input.status,
        paidAmount: input.paidAmount,
        updatedBy: input.uid,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoUpdate({
        target: [jobPaymentStatus.orgId, jobPaymentStatus.jobId],
        set: {
          status: input.status,
          paidAmount: input.paidAmount,
          updatedBy: input.uid,
          updatedAt: input.now,
          version: sql`${jobPaymentStatus.version} + 1`,
        },
      });
    return true;
  });
  return saved ? getPaymentStatus(db, orgId, input.jobId) : undefined;
}
