import { termsWholeVersion } from '@rostra/core/shell/validators';
import { acceptTerms } from '@rostra/db/identity/terms';
import { organisations } from '@rostra/db/schema/organisations';
import { customers, labels, resources } from '@rostra/db/schema/scheduling';
import { putSettings } from '@rostra/db/settings';
import { withOrg } from '@rostra/db/tenant';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { API } from '../http/api.ts';
import { addOrg, addUser, type Browser, FIXTURE_PASSWORD, signIn } from '../identity/testing.ts';
import type { TestApp } from '../testing/app.ts';

/*
 * Fixtures of the scheduling integration tests: one organisation with a catalogue, a dispatcher,
 * two resource users (r1, r2), a customer user (c1), and their signed-in browsers.
 *
 * The organisation allows bookings without a customer (display flag
 * `allow_booking_without_customer`) unless `bookingsNeedCustomer` is asked for: most tests write
 * bare bookings about other rules (overlaps, live, search). The rule itself, on by default for a
 * real organisation, is tested in booking-rules.test.ts with `bookingsNeedCustomer: true`.
 */

export const H = 3600;
/** Monday 2026-03-09 00:00 on the wall clock (the `utc_*_plus_tz` scale). */
export const MONDAY = Date.parse('2026-03-09T00:00:00Z') / 1000;

export type Personas = {
  orgId: string;
  dispatcher: Browser;
  resource1: Browser;
  resource2: Browser;
  customer: Browser;
  uids: { dispatcher: string; resource1: string; resource2: string; customer: string };
};

export async function schedulingOrg(
  t: TestApp,
  orgId: string,
  options: { bookingsNeedCustomer?: boolean } = {},
): Promise<Personas> {
  await addOrg(t, orgId, `Org ${orgId}`);
  if (!options.bookingsNeedCustomer) {
    await putSettings(t.db.db, orgId, 'display', { allow_booking_without_customer: true });
  }
  await t.db.db
    .update(organisations)
    .set({ timeZone: 'UTC', overlapBufferMinutes: 5 })
    .where(eq(organisations.id, orgId));
  await withOrg(t.db.db, orgId, async (tx) => {
    await tx.insert(labels).values([
      { orgId, id: 'l-nurse', name: 'Nurse', type: 'certificate', unitPrice: 30 },
      { orgId, id: 'l-driver', name: 'Driver', type: 'label', unitPrice: 12.5 },
      { orgId, id: 'l-lift', name: 'Lifting', type: 'label' },
    ]);
    await tx.insert(resources).values([
      {
        orgId,
        id: 'r1',
        name: 'Ann Lee',
        firstName: 'Ann',
        lastName: 'Lee',
        labels: ['l-nurse', 'l-driver'],
        uid: `${orgId}-res1`,
      },
      {
        orgId,
        id: 'r2',
        name: 'Bob Ray',
        firstName: 'Bob',
        lastName: 'Ray',
        labels: ['l-driver'],
        uid: `${orgId}-res2`,
      },
      { orgId, id: 'r3', name: 'Cid Roe', firstName: 'Cid', lastName: 'Roe', labels: [] },
      { orgId, id: 'r9', name: 'Dee Boss', firstName: 'Dee', lastName: 'Boss', promotedDispatcher: true },
    ]);
    await tx.insert(customers).values([
      { orgId, id: 'c1', name: 'Ada Lovelace', uid: `${orgId}-cust1`, data: { labels: ['l-nurse'] } },
      { orgId, id: 'c2', name: 'Bea Smith', data: { labels: ['l-driver'] } },
    ]);
  });
  const people = [
    { key: 'dispatcher', role: 'dispatcher' as const },
    { key: 'resource1', role: 'resource' as const, resourceId: 'r1', id: `${orgId}-res1` },
    { key: 'resource2', role: 'resource' as const, resourceId: 'r2', id: `${orgId}-res2` },
    { key: 'customer', role: 'customer' as const, customerId: 'c1', id: `${orgId}-cust1` },
  ];
  const browsers: Record<string, Browser> = {};
  const uids: Record<string, string> = {};
  for (const p of people) {
    const id = p.id ?? `${orgId}-${p.key}`;
    const email = `${p.key}@${orgId}.test`;
    await addUser(t, {
      id,
      email,
      password: FIXTURE_PASSWORD,
      memberships: [
        {
          orgId,
          role: p.role,
          ...(p.resourceId ? { resourceId: p.resourceId } : {}),
          ...(p.customerId ? { customerId: p.customerId } : {}),
        },
      ],
    });
    await acceptTerms(t.db.db, id, termsWholeVersion(t.app.identity.options.termsVersion), new Date());
    browsers[p.key] = await signIn(t, email);
    uids[p.key] = id;
  }
  return {
    orgId,
    dispatcher: browsers.dispatcher as Browser,
    resource1: browsers.resource1 as Browser,
    resource2: browsers.resource2 as Browser,
    customer: browsers.customer as Browser,
    uids: uids as Personas['uids'],
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON API call as a browser; `path` is under /api/v1. */
export async function call(
  t: TestApp,
  as: Browser,
  method: Method,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    headers: { ...as, ...headers },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

/** The JSON of an answer that must have this status (the body is shown when it does not). */
export function ok<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

/**
 * A rostered visit of an hour for Ada Lovelace (c1) on r1, made by the dispatcher through the API
 * (reference `HC-<id>`); `over` changes any field. Answers the record as saved (201).
 */
export async function postVisit(
  t: TestApp,
  p: Personas,
  id: string,
  begin: number,
  over: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  return ok(
    await call(t, p.dispatcher, 'POST', '/timeline-records', {
      _id: id,
      status: 'rostered',
      customerId: 'c1',
      customer_first_name: 'Ada',
      customer_last_name: 'Lovelace',
      reference: `HC-${id}`,
      labels: [],
      resIds: ['r1'],
      utc_begin_plus_tz: begin,
      utc_end_plus_tz: begin + H,
      ...over,
    }),
    201,
  );
}
