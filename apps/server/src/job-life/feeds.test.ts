import { selectLiveEventsUnsafe } from '@rostra/db/infra/live-events';
import { customers, resources } from '@rostra/db/schema/scheduling';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Browser, FIXTURE_PASSWORD, signIn } from '../identity/testing.ts';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { jobFor, uuid } from './testing.ts';

type Item = {
  _id: string;
  client_id: string;
  kind: string;
  text?: string;
  image_url?: string;
  author: { uid: string; role: string };
  created_at: number;
};
type FeedPage = { items: Item[]; next_cursor: string | null };

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3,
]);

describe.each(testDatabaseKinds())('job chat feed on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let scheduler: Browser;
  const post = (as: Browser, id: string, body: Record<string, unknown>) =>
    call(t, as, 'POST', `/bookings/${id}/feeds`, body);

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-feed');
    await addUser(t, {
      id: 'org-feed-scheduler',
      email: 'scheduler@org-feed.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: p.orgId, role: 'scheduler' }],
    });
    const { acceptTerms } = await import('@rostra/db/identity/terms');
    await acceptTerms(t.db.db, 'org-feed-scheduler', '3', new Date());
    scheduler = await signIn(t, 'scheduler@org-feed.test');
    await withOrg(t.db.db, p.orgId, async (tx) => {
      await tx
        .update(resources)
        .set({ mobile: '+61 400 111 222' })
        .where(and(eq(resources.orgId, p.orgId), eq(resources.id, 'r1')));
      await tx
        .update(customers)
        .set({ phone: '+61 2 9999 0000' })
        .where(and(eq(customers.orgId, p.orgId), eq(customers.id, 'c1')));
    });
  });
  afterAll(() => t?.close());

  it('pages 20 at a time, newest first, with a cursor to the older messages', async () => {
    const id = await jobFor(t, p);
    for (let i = 1; i <= 25; i++) {
      ok(
        await post(i % 2 ? p.dispatcher : p.resource1, id, {
          client_id: uuid(),
          text: `message ${i}`,
        }),
        201,
      );
      t.clock.advance(1);
    }
    const first = ok<FeedPage>(await call(t, p.customer, 'GET', `/bookings/${id}/feeds`));
    expect(first.items).toHaveLength(20);
    expect(first.items[0]?.text).toBe('message 25');
    expect(first.items[19]?.text).toBe('message 6');
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = ok<FeedPage>(
      await call(
        t,
        p.customer,
        'GET',
        `/bookings/${id}/feeds?before=${encodeURIComponent(first.next_cursor ?? '')}`,
      ),
    );
    expect(second.items.map((i) => i.text)).toEqual([
      'message 5',
      'message 4',
      'message 3',
      'message 2',
      'message 1',
    ]);
    expect(second.next_cursor).toBeNull();
    const bad = await call(t, p.customer, 'GET', `/bookings/${id}/feeds?before=nonsense`);
    expect(bad.statusCode).toBe(400);
  });

  it('messages in the same millisecond page without loss or repeat', async () => {
    const id = await jobFor(t, p);
    for (let i = 1; i <= 21; i++)
      ok(await post(p.dispatcher, id, { client_id: uuid(), text: `same ${i}` }), 201);
    const first = ok<FeedPage>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/feeds`));
    const second = ok<FeedPage>(
      await call(t, p.dispatcher, 'GET', `/bookings/${id}/feeds?before=${first.next_cursor ?? ''}`),
    );
    const all = [...first.items, ...second.items].map((i) => i._id);
    expect(all).toHaveLength(21);
    expect(new Set(all).size).toBe(21);
  });

  it('a retry with the same client_id returns the stored message and posts nothing new', async () => {
    const id = await jobFor(t, p);
    const client_id = uuid();
    const a = ok<Item>(await post(p.resource1, id, { client_id, text: 'On my way' }), 201);
    const b = ok<Item>(await post(p.resource1, id, { client_id, text: 'On my way' }), 200);
    expect(b).toEqual(a);
    expect(a.author).toMatchObject({ uid: p.uids.resource1, role: 'resource' });
    const page = ok<FeedPage>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/feeds`));
    expect(page.items).toHaveLength(1);
  });

  it("follows the readers list: the job's resource and customer read and write; another resource gets 404; a scheduler 403", async () => {
    const id = await jobFor(t, p);
    ok(await post(p.customer, id, { client_id: uuid(), text: 'Please ring the bell' }), 201);
    ok(await call(t, p.resource1, 'GET', `/bookings/${id}/feeds`));
    expect((await call(t, p.resource2, 'GET', `/bookings/${id}/feeds`)).statusCode).toBe(404);
    expect((await post(p.resource2, id, { client_id: uuid(), text: 'hi' })).statusCode).toBe(404);
    expect((await call(t, scheduler, 'GET', `/bookings/${id}/feeds`)).statusCode).toBe(403);
    expect((await call(t, p.dispatcher, 'GET', '/bookings/no-such-job/feeds')).statusCode).toBe(404);
    // Assigned later, the second resource reads the feed too.
    const rec = ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`));
    ok(
      await call(t, p.dispatcher, 'PATCH', `/timeline-records/${id}`, {
        resIds: ['r1', 'r2'],
        version: rec.version,
      }),
    );
    const page = ok<FeedPage>(await call(t, p.resource2, 'GET', `/bookings/${id}/feeds`));
    expect(page.items.map((i) => i.text)).toEqual(['Please ring the bell']);
  });

  it('refuses an empty message and names the field', async () => {
    const id = await jobFor(t, p);
    const res = await post(p.dispatcher, id, { client_id: uuid(), text: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Write a message or add an image');
  });

  it('keeps an image in the file store and serves it to the job people only; refuses what is not an image', async () => {
    const id = await jobFor(t, p);
    const item = ok<Item>(
      await post(p.resource1, id, {
        client_id: uuid(),
        image: `data:image/png;base64,${PNG.toString('base64')}`,
      }),
      201,
    );
    expect(item.kind).toBe('image');
    expect(item.image_url).toBe(`/api/v1/bookings/${id}/feed-image?item=${item._id}`);
    const img = await t.app.inject({ method: 'GET', url: item.image_url ?? '', headers: p.customer });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: item.image_url ?? '', headers: p.resource2 })).statusCode,
    ).toBe(404);
    const pdf = Buffer.from('%PDF-1.4 hello').toString('base64');
    const refused = await post(p.resource1, id, { client_id: uuid(), image: `data:image/png;base64,${pdf}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Only images (PNG, JPEG, GIF, WebP) can be sent in the chat');
  });

  it('takes an image of up to 2 MB (beyond the app-wide 1 MiB body limit) and refuses a larger one', async () => {
    const id = await jobFor(t, p);
    const big = Buffer.concat([PNG, Buffer.alloc(1_900_000)]);
    const item = ok<Item>(
      await post(p.resource1, id, {
        client_id: uuid(),
        image: `data:image/png;base64,${big.toString('base64')}`,
      }),
      201,
    );
    const img = await t.app.inject({ method: 'GET', url: item.image_url ?? '', headers: p.dispatcher });
    expect(img.rawPayload.length).toBe(big.length);
    const tooBig = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const refused = await post(p.resource1, id, {
      client_id: uuid(),
      image: `data:image/png;base64,${tooBig.toString('base64')}`,
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toBe('Images in the chat can be at most 2 MB');
  });

  it("tells the job's readers and the dispatchers live (topic booking, kind feed)", async () => {
    const id = await jobFor(t, p);
    const item = ok<Item>(await post(p.resource1, id, { client_id: uuid(), text: 'Arrived' }), 201);
    const events = await selectLiveEventsUnsafe(t.db.db, p.orgId, 0, 10_000);
    const event = events.find((e) => e.kind === 'feed' && e.payload._id === id);
    expect(event?.topic).toBe('booking');
    expect(event?.payload.item).toEqual(item);
    expect(event?.audience).toEqual({ dispatchers: true, uids: [p.uids.customer, p.uids.resource1].sort() });
  });

  it('gives each role its buttons with the numbers from the records', async () => {
    const id = await jobFor(t, p);
    const asCustomer = ok(await call(t, p.customer, 'GET', `/bookings/${id}/contacts`));
    expect(asCustomer).toEqual({
      buttons: ['call_service_provider'],
      service_provider_phone: '+61 400 111 222',
      resources: [],
    });
    const asResource = ok(await call(t, p.resource1, 'GET', `/bookings/${id}/contacts`));
    expect(asResource).toEqual({
      buttons: ['employee', 'call_customer', 'tasks'],
      customer_phone: '+61 2 9999 0000',
      resources: [{ _id: 'r1', name: 'Ann Lee', phone: '+61 400 111 222' }],
    });
    const asDispatcher = ok(await call(t, p.dispatcher, 'GET', `/bookings/${id}/contacts`));
    expect(asDispatcher.buttons).toEqual(['employee', 'call_customer', 'call_service_provider', 'tasks']);
    expect(asDispatcher.customer_phone).toBe('+61 2 9999 0000');
  });
});
