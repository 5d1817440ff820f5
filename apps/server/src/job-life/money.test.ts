import { findCatalogueItem } from '@rostra/core/catalogue/rooms';
import { organisations } from '@rostra/db/schema/organisations';
import { resources, timelineRecords } from '@rostra/db/schema/scheduling';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { jobFor, uuid } from './testing.ts';

type Entry = {
  _id: string;
  type: string;
  status: string;
  number: number;
  lines: { description: string; quantity: number; unit_price: number; amount: number }[];
  subtotal: number;
  gst_rate: number;
  gst: number;
  total: number;
  version: number;
};

describe.each(testDatabaseKinds())("a job's money on %s", (kind) => {
  let t: TestApp;
  let p: Personas;

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-money');
    await t.db.db.update(organisations).set({ gstValue: 10 }).where(eq(organisations.id, p.orgId));
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx
        .update(resources)
        .set({ data: { rate_hr: 40 } })
        .where(and(eq(resources.orgId, p.orgId), eq(resources.id, 'r1'))),
    );
  });
  afterAll(() => t?.close());

  it('an invoice built from the job: worked hours at the rate, inventory by price with volume, purchases; GST from the company', async () => {
    const id = await jobFor(t, p);
    // A moving job's inventory (as the seed's moving jobs carry it): catalogue item 1 twice.
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx
        .update(timelineRecords)
        .set({ data: sql`${timelineRecords.data} || '{"inventory":[{"id":1,"qty":2}]}'::jsonb` })
        .where(and(eq(timelineRecords.orgId, p.orgId), eq(timelineRecords.id, id))),
    );
    const item = findCatalogueItem(1);
    if (!item) throw new Error('no catalogue item 1');
    const at = t.clock.now().getTime();
    ok(
      await call(t, p.resource1, 'POST', `/bookings/${id}/timer`, {
        action: 'start',
        client_id: uuid(),
        client_at: at,
        sent_at: at,
      }),
      201,
    );
    t.clock.advance(2.5 * 3600);
    const end = t.clock.now().getTime();
    ok(
      await call(t, p.resource1, 'POST', `/bookings/${id}/timer`, {
        action: 'stop',
        client_id: uuid(),
        client_at: end,
        sent_at: end,
      }),
      201,
    );
    ok(
      await call(t, p.resource1, 'POST', `/bookings/${id}/purchases`, {
        client_id: uuid(),
        description: 'Tape',
        amount: 1333,
      }),
      201,
    );
    const inv = ok<Entry>(await call(t, p.dispatcher, 'POST', `/bookings/${id}/ledger`, {}), 201);
    expect(inv.type).toBe('invoice');
    expect(inv.status).toBe('draft');
    expect(inv.lines[0]).toEqual({
      description: 'Labour: Ann Lee (2.30 h)',
      quantity: 2.5,
      unit_price: 4000,
      amount: 10000,
    });
    expect(inv.lines[1]).toEqual({
      description: `${item.name} (${Math.round(item.volume * 2 * 1000) / 1000} m³)`,
      quantity: 2,
      unit_price: Math.round(Number(item.price) * 100),
      amount: 2 * Math.round(Number(item.price) * 100),
    });
    expect(inv.lines[2]).toEqual({ description: 'Tape', quantity: 1, unit_price: 1333, amount: 1333 });
    const subtotal = inv.lines.reduce((s, l) => s + l.amount, 0);
    expect(inv.subtotal).toBe(subtotal);
    expect(inv.gst_rate).toBe(10);
    expect(inv.gst).toBe(Math.round(subtotal / 10));
    expect(inv.total).toBe(inv.subtotal + inv.gst);
  });

  it('given lines: totals with GST in cents, rounded; numbers run per type', async () => {
    const id = await jobFor(t, p);
    const quote = ok<Entry>(
      await call(t, p.dispatcher, 'POST', `/bookings/${id}/ledger`, {
        type: 'quote',
        lines: [
          { description: 'Callout', quantity: 1, unit_price: 8995 },
          { description: 'Labour', quantity: 1.25, unit_price: 6000 },
        ],
      }),
      201,
    );
    expect(quote).toMatchObject({ type: 'quote', subtotal: 16495, gst: 1650, total: 18145 });
    const q2 = ok<Entry>(
      await call(t, p.dispatcher, 'POST', `/bookings/${id}/ledger`, { type: 'quote', lines: [] }),
      201,
    );
    expect(q2.number).toBe(quote.number + 1);
  });

  it('statuses move forward draft → sent → paid with the version read; sent lines are fixed', async () => {
    const id = await jobFor(t, p);
    const inv = ok<Entry>(
      await call(t, p.dispatcher, 'POST', `/bookings/${id}/ledger`, {
        lines: [{ description: 'Work', quantity: 1, unit_price: 10000 }],
      }),
      201,
    );
    const edited = ok<Entry>(
      await call(t, p.dispatcher, 'PATCH', `/bookings/${id}/ledger`, {
        entry_id: inv._id,
        lines: [{ description: 'Work', quantity: 2, unit_price: 10000 }],
        version: inv.version,
      }),
    );
    expect(edited).toMatchObject({ subtotal: 20000, gst: 2000, total: 22000 });
    const stale = await call(t, p.dispatcher, 'PATCH', `/bookings/${id}/ledger`, {
      entry_id: inv._id,
      status: 'sent',
      version: inv.version,
    });
    expect(stale.statusCode).toBe(409);
    const sent = ok<Entry>(
      await call(t, p.dispatcher, 'PATCH', `/bookings/${id}/ledger`, {
        entry_id: inv._id,
        status: 'sent',
        version: edited.version,
      }),
    );
    expect(sent.status).toBe('sent');
    const relined = await call(t, p.dispatcher, 'PATCH', `/bookings/${id}/ledger`, {
      entry_id: inv._id,
      lines: [],
      version: sent.version,
    });
    expect(relined.statusCode).toBe(409);
    expect(relined.json().error.message).toBe('The lines of a sent invoice cannot be changed');
    const back = await call(t, p.dispatcher, 'PATCH', `/bookings/${id}/ledger`, {
      entry_id: inv._id,
      status: 'draft',
      version: sent.version,
    });
    expect(back.json().error.message).toBe('A sent invoice cannot go back to draft');
    ok(
      await call(t, p.dispatcher, 'PATCH', `/bookings/${id}/ledger`, {
        entry_id: inv._id,
        status: 'paid',
        version: sent.version,
      }),
    );
    const bills = ok<{ items: Entry[]; outstanding: number }>(
      await call(t, p.dispatcher, 'GET', `/bookings/${id}/bills`),
    );
    expect(bills.items.map((b) => b._id)).toEqual([inv._id]);
    expect(bills.outstanding).toBe(22000);
    ok(
      await call(t, p.dispatcher, 'PUT', `/bookings/${id}/payment-status`, {
        status: 'part_paid',
        paid_amount: 12000,
      }),
    );
    const after = ok<{ outstanding: number; payment_status: { status: string; paid_amount: number } }>(
      await call(t, p.dispatcher, 'GET', `/bookings/${id}/bills`),
    );
    expect(after.payment_status).toMatchObject({ status: 'part_paid', paid_amount: 12000 });
    expect(after.outstanding).toBe(10000);
    const bad = await call(t, p.dispatcher, 'PUT', `/bookings/${id}/payment-status`, {
      status: 'unpaid',
      paid_amount: 5,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("role rules: the ledger, payment status and bills are the dispatchers'; purchases also the job's resources; never the customer's", async () => {
    const id = await jobFor(t, p);
    for (const as of [p.resource1, p.customer]) {
      expect((await call(t, as, 'GET', `/bookings/${id}/ledger`)).statusCode).toBe(403);
      expect((await call(t, as, 'POST', `/bookings/${id}/ledger`, {})).statusCode).toBe(403);
      expect((await call(t, as, 'GET', `/bookings/${id}/bills`)).statusCode).toBe(403);
      expect((await call(t, as, 'GET', `/bookings/${id}/payment-status`)).statusCode).toBe(403);
      expect((await call(t, as, 'GET', '/ledger?type=invoice')).statusCode).toBe(403);
    }
    expect((await call(t, p.customer, 'GET', `/bookings/${id}/purchases`)).statusCode).toBe(403);
    expect((await call(t, p.resource2, 'GET', `/bookings/${id}/purchases`)).statusCode).toBe(404);
    const client_id = uuid();
    const a = ok(
      await call(t, p.resource1, 'POST', `/bookings/${id}/purchases`, {
        client_id,
        description: 'Screws',
        amount: 450,
      }),
      201,
    );
    const b = ok(
      await call(t, p.resource1, 'POST', `/bookings/${id}/purchases`, {
        client_id,
        description: 'Screws',
        amount: 450,
      }),
      200,
    );
    expect(b).toEqual(a);
    const list = ok<{ items: unknown[] }>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/purchases`));
    expect(list.items).toHaveLength(1);
  });

  it("the organisation's list pages 20 at a time, newest first, filtered by type and status", async () => {
    const id = await jobFor(t, p);
    for (let i = 0; i < 22; i++) {
      ok(
        await call(t, p.dispatcher, 'POST', `/bookings/${id}/ledger`, {
          type: 'invoice',
          lines: [{ description: `L${i}`, quantity: 1, unit_price: 100 }],
        }),
        201,
      );
      t.clock.advance(1);
    }
    const first = ok<{ items: Entry[]; total: number; next_cursor: string | null }>(
      await call(t, p.dispatcher, 'GET', '/ledger?type=invoice&status=draft&page=0'),
    );
    expect(first.items).toHaveLength(20);
    expect(first.next_cursor).toBe('1');
    expect(first.items[0]?.lines[0]?.description).toBe('L21');
    const second = ok<{ items: Entry[]; next_cursor: string | null; total: number }>(
      await call(t, p.dispatcher, 'GET', `/ledger?type=invoice&status=draft&page=1`),
    );
    expect(second.items.length).toBe(first.total - 20);
    expect(second.next_cursor).toBeNull();
    const quotes = ok<{ items: Entry[] }>(await call(t, p.dispatcher, 'GET', '/ledger?type=quote'));
    expect(quotes.items.every((q) => q.type === 'quote')).toBe(true);
  });
});
