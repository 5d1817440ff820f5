import {
  bills,
  jobLedger,
  ledgerBody,
  ledgerChangeBody,
  ledgerEntry,
  ledgerPage,
  ledgerQuery,
  paymentStatus,
  paymentStatusBody,
  purchase,
  purchaseBody,
  purchasePage,
} from '@rostra/core/api/job-life';
import { areQuotesOn, QUOTES_OFF_TEXT } from '@rostra/core/settings/flag-rules';
import {
  createLedgerEntry,
  getPaymentStatus,
  listBills,
  listJobLedger,
  listOrgLedger,
  putPaymentStatus,
  updateLedgerEntry,
} from '@rostra/db/job-life/ledger';
import { addPurchase, listPurchases } from '@rostra/db/job-life/purchases';
import { getSettings } from '@rostra/db/settings';
import { z } from 'zod';
import { type Access, requireAuth, screenAccess } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { CONFLICT, ID, notFound, paged } from '../http/kit.ts';
import { JOB_DISPATCHERS, JOB_WORKERS, now, readJob, requireJobRole } from './job-access.ts';

const LEDGER_READERS: Access = screenAccess('quotes', 'invoices');

/**
 * A job's money (issue #9 point 5): quotes and invoices with lines from the time entries, the
 * inventory and the purchases, GST from the company; the organisation's list for the quotes and
 * invoices screens; purchases, payment status and the bill list. Dispatchers only, except
 * purchases, which the job's resources also record (scheduling core §6: no ledger for customers).
 * Money is integer cents.
 */
export function moneyRoutes(app: App): void {
  const db = () => app.deps.db.db;

  app.get(
    `${API}/bookings/:id/ledger`,
    {
      config: { access: JOB_DISPATCHERS },
      schema: {
        tags: ['job life'],
        summary: "A job's quotes and invoices, newest first",
        params: z.strictObject({ id: ID }),
        response: { 200: jobLedger },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      return { items: await listJobLedger(db(), caller.orgId, job._id) };
    },
  );

  app.post(
    `${API}/bookings/:id/ledger`,
    {
      config: { access: JOB_DISPATCHERS },
      schema: {
        tags: ['job life'],
        summary:
          'Make a quote or an invoice (lines given, or built from the time entries, inventory and purchases)',
        params: z.strictObject({ id: ID }),
        body: ledgerBody,
        response: { ...CONFLICT, 201: ledgerEntry },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      if (request.body.type === 'quote' && !areQuotesOn(await getSettings(db(), caller.orgId, 'display'))) {
        throw new HttpError(409, 'quotes_off', QUOTES_OFF_TEXT);
      }
      const entry = await createLedgerEntry(db(), caller.orgId, {
        jobId: job._id,
        type: request.body.type,
        lines: request.body.lines,
        uid: caller.uid,
        now: now(app),
      });
      if (!entry) throw notFound();
      return reply.status(201).send(entry);
    },
  );

  app.patch(
    `${API}/bookings/:id/ledger`,
    {
      config: { access: JOB_DISPATCHERS },
      schema: {
        tags: ['job life'],
        summary:
          "Move a quote's or invoice's status forward (draft → sent → paid) or replace a draft's lines",
        params: z.strictObject({ id: ID }),
        body: ledgerChangeBody,
        response: { ...CONFLICT, 200: ledgerEntry },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      const body = request.body;
      const result = await updateLedgerEntry(db(), caller.orgId, {
        jobId: job._id,
        entryId: body.entry_id,
        status: body.status,
        lines: body.lines,
        version: body.version,
        now: now(app),
      });
      if (result.ok) return result.entry;
      if (result.error === 'not_found') {
        throw new HttpError(400, 'unknown_entry', 'body.entry_id: no such quote or invoice on this job', {
          field: 'entry_id',
        });
      }
      if (result.error === 'stale') {
        throw new HttpError(
          409,
          'version_conflict',
          'The record was changed by someone else: reload it and try again',
          {
            current: result.current,
          },
        );
      }
      throw new HttpError(409, result.code, result.message);
    },
  );

  app.get(
    `${API}/ledger`,
    {
      config: { access: LEDGER_READERS },
      schema: {
        tags: ['job life'],
        summary: "The organisation's quotes or invoices, newest first, 20 a page",
        querystring: ledgerQuery,
        response: { 200: ledgerPage },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { type, status, page } = request.query;
      const { items, total } = await listOrgLedger(db(), caller.orgId, { type, status, page });
      return { items, total, page, next_cursor: (page + 1) * 20 < total ? String(page + 1) : null };
    },
  );

  app.get(
    `${API}/bookings/:id/purchases`,
    {
      config: { access: JOB_WORKERS },
      schema: {
        tags: ['job life'],
        summary: "A job's purchases, newest first, 50 a page (amounts in cents)",
        params: z.strictObject({ id: ID }),
        querystring: z.strictObject({ cursor: z.string().max(400).optional() }),
        response: { 200: purchasePage },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      requireJobRole(
        caller,
        job,
        ['dispatcher', 'resource'],
        "the job's resources and dispatchers see its purchases",
      );
      return paged(() => listPurchases(db(), caller.orgId, job._id, request.query.cursor));
    },
  );

  app.post(
    `${API}/bookings/:id/purchases`,
    {
      config: { access: JOB_WORKERS },
      schema: {
        tags: ['job life'],
        summary: 'Record a purchase for a job (idempotent by client_id; amount in cents)',
        params: z.strictObject({ id: ID }),
        body: purchaseBody,
        response: { 200: purchase, 201: purchase },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      requireJobRole(
        caller,
        job,
        ['dispatcher', 'resource'],
        "the job's resources and dispatchers record its purchases",
      );
      const result = await addPurchase(db(), caller.orgId, {
        jobId: job._id,
        clientId: request.body.client_id,
        description: request.body.description,
        amount: request.body.amount,
        uid: caller.uid,
        now: now(app),
      });
      if (!result) throw notFound();
      return reply.status(result.created ? 201 : 200).send(result.purchase);
    },
  );

  app.get(
    `${API}/bookings/:id/payment-status`,
    {
      config: { access: JOB_DISPATCHERS },
      schema: {
        tags: ['job life'],
        summary: "A job's payment status (amount in cents)",
        params: z.strictObject({ id: ID }),
        response: { 200: paymentStatus },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      return getPaymentStatus(db(), caller.orgId, job._id);
    },
  );

  app.put(
    `${API}/bookings/:id/payment-status`,
    {
      config: { access: JOB_DISPATCHERS },
      schema: {
        tags: ['job life'],
        summary: "Record a job's payment status",
        params: z.strictObject({ id: ID }),
        body: paymentStatusBody,
        response: { 200: paymentStatus },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      const { status, paid_amount } = request.body;
      if (status === 'unpaid' && paid_amount > 0) {
        throw new HttpError(400, 'invalid_payment', 'body.paid_amount: an unpaid job has nothing paid', {
          field: 'paid_amount',
        });
      }
      if (status === 'part_paid' && paid_amount === 0) {
        throw new HttpError(400, 'invalid_payment', 'body.paid_amount: give the amount paid so far', {
          field: 'paid_amount',
        });
      }
      const saved = await putPaymentStatus(db(), caller.orgId, {
        jobId: job._id,
        status,
        paidAmount: paid_amount,
        uid: caller.uid,
        now: now(app),
      });
      if (!saved) throw notFound();
      return saved;
    },
  );

  app.get(
    `${API}/bookings/:id/bills`,
    {
      config: { access: JOB_DISPATCHERS },
      schema: {
        tags: ['job life'],
        summary: "A job's bill list: its invoices sent or paid, with the payment status",
        params: z.strictObject({ id: ID }),
        response: { 200: bills },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      const items = await listBills(db(), caller.orgId, job._id);
      const payment = await getPaymentStatus(db(), caller.orgId, job._id);
      const billed = items.reduce((s, b) => s + b.total, 0);
      return { items, payment_status: payment, outstanding: Math.max(0, billed - payment.paid_amount) };
    },
  );
}
