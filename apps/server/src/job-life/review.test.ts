import { organisations } from '@rostra/db/schema/organisations';
import { testDatabaseKinds } from '@rostra/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { jobFor, uuid } from './testing.ts';

const SITE = { lat: -33.8688, lng: 151.2093 };
const north = (m: number) => ({ lat: SITE.lat + m / 111_195, lng: SITE.lng });

describe.each(testDatabaseKinds())('pings and reviews on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const act = (id: string, action: string) =>
    call(t, p.dispatcher, 'POST', `/bookings/${id}/actions/${action}`);

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-review');
    await t.db.db
      .update(organisations)
      .set({ geofence: { ...SITE, radius: 100 }, maxDistance: 500 })
      .where(eq(organisations.id, p.orgId));
  });
  afterAll(() => t?.close());

  it("records the resource's position and tells whether it was inside the geofence and near the job", async () => {
    const id = await jobFor(t, p, { _geoloc: north(300) });
    ok(
      await call(t, p.resource1, 'POST', `/bookings/${id}/pings`, {
        client_id: uuid(),
        kind: 'start',
        ...north(50),
        accuracy: 12,
      }),
      201,
    );
    t.clock.advance(3600);
    const client_id = uuid();
    ok(
      await call(t, p.resource1, 'POST', `/bookings/${id}/pings`, {
        client_id,
        kind: 'finish',
        ...north(2000),
      }),
      201,
    );
    ok(
      await call(t, p.resource1, 'POST', `/bookings/${id}/pings`, {
        client_id,
        kind: 'finish',
        ...north(2000),
      }),
      200,
    );
    const list = ok<{
      items: {
        kind: string;
        resource_id: string;
        inside_geofence: boolean;
        near_job: boolean;
        distance_m: number;
      }[];
    }>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/pings`));
    expect(
      list.items.map((i) => [i.kind, i.resource_id, i.inside_geofence, i.near_job, i.distance_m]),
    ).toEqual([
      ['start', 'r1', true, true, 250],
      ['finish', 'r1', false, false, 1700],
    ]);
    expect(
      (
        await call(t, p.customer, 'POST', `/bookings/${id}/pings`, {
          client_id: uuid(),
          kind: 'on_demand',
          ...SITE,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(t, p.customer, 'GET', `/bookings/${id}/pings`)).statusCode).toBe(403);
    expect((await call(t, p.resource2, 'GET', `/bookings/${id}/pings`)).statusCode).toBe(404);
  });

  it('the customer rates and comments once the job is finished; the dispatcher adds notes once reviewed', async () => {
    const id = await jobFor(t, p);
    const early = await call(t, p.customer, 'PUT', `/bookings/${id}/review`, { rating: 5, comment: 'Great' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('A job can be reviewed once it is finished');
    ok(await act(id, 'finish'));
    expect(
      (await call(t, p.customer, 'PUT', `/bookings/${id}/review`, { rating: 6, comment: '' })).statusCode,
    ).toBe(400);
    expect(
      (await call(t, p.resource1, 'PUT', `/bookings/${id}/review`, { rating: 4, comment: '' })).statusCode,
    ).toBe(403);
    const review = ok(
      await call(t, p.customer, 'PUT', `/bookings/${id}/review`, { rating: 4, comment: ' Tidy work ' }),
    );
    expect(review).toMatchObject({ rating: 4, comment: 'Tidy work', reviewed_by: p.uids.customer });
    expect((await call(t, p.dispatcher, 'PUT', `/bookings/${id}/notes`, { notes: 'x' })).statusCode).toBe(
      409,
    );
    ok(await act(id, 'review'));
    ok(await call(t, p.dispatcher, 'PUT', `/bookings/${id}/notes`, { notes: 'Customer wants Ann again' }));
    expect((await call(t, p.customer, 'PUT', `/bookings/${id}/notes`, { notes: 'x' })).statusCode).toBe(403);
    const asDispatcher = ok(await call(t, p.dispatcher, 'GET', `/bookings/${id}/review`));
    expect(asDispatcher).toMatchObject({ rating: 4, notes: 'Customer wants Ann again' });
    const asCustomer = ok(await call(t, p.customer, 'GET', `/bookings/${id}/review`));
    expect(asCustomer).toMatchObject({ rating: 4, comment: 'Tidy work' });
    expect(asCustomer).not.toHaveProperty('notes');
    expect((await call(t, p.resource2, 'GET', `/bookings/${id}/review`)).statusCode).toBe(404);
  });

  it('no review yet reads as null', async () => {
    const id = await jobFor(t, p);
    const res = await call(t, p.customer, 'GET', `/bookings/${id}/review`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });
});
