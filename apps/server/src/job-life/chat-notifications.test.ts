import { acceptTerms } from '@rostra/db/identity/terms';
import { selectLiveEventsUnsafe } from '@rostra/db/infra/live-events';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Browser, FIXTURE_PASSWORD, signIn } from '../identity/testing.ts';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { jobFor, uuid } from './testing.ts';

type Notification = { _id: string; kind: string; title: string; body: string; record_id: string | null };
type Page = { items: Notification[] };
type State = { dot: boolean };

/*
 * Issue 16, point 10: a message in a job's chat notifies (bell, dot, live) the dispatchers when a
 * worker or the customer writes, the job's workers when a dispatcher writes, and never its author.
 */
describe.each(testDatabaseKinds())('chat messages notify on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let dispatcher2: Browser;
  let job: string;
  const post = (as: Browser, text: string, clientId = uuid()) =>
    call(t, as, 'POST', `/bookings/${job}/feeds`, { client_id: clientId, text });
  const chats = async (as: Browser) =>
    ok<Page>(await call(t, as, 'GET', '/notifications')).items.filter(
      (n) => n.kind === 'chat' && n.record_id === job,
    );
  const dot = async (as: Browser) => ok<State>(await call(t, as, 'GET', '/notifications/state')).dot;
  const seen = async (...who: Browser[]) => {
    for (const b of who) ok(await call(t, b, 'POST', '/notifications/seen'));
    t.clock.advance(1);
  };
  const lastSeq = async () => (await selectLiveEventsUnsafe(t.db.db, p.orgId, 0, 100_000)).at(-1)?.seq ?? 0;
  const liveSince = async (seq: number) =>
    (await selectLiveEventsUnsafe(t.db.db, p.orgId, seq, 10_000))
      .filter((e) => e.topic === 'notifications' && e.kind === 'notification.created')
      .map((e) => ({ audience: e.audience, body: (e.payload as { body?: string }).body }));

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-chatn');
    await addUser(t, {
      id: 'org-chatn-dispatcher2',
      name: 'Second Dispatcher',
      email: 'dispatcher2@org-chatn.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: p.orgId, role: 'dispatcher' }],
    });
    await acceptTerms(t.db.db, 'org-chatn-dispatcher2', '3', new Date());
    dispatcher2 = await signIn(t, 'dispatcher2@org-chatn.test');
    job = await jobFor(t, p, { resIds: ['r1', 'r2'], reference: 'HC-00042' });
    await seen(p.dispatcher, dispatcher2, p.resource1, p.resource2, p.customer);
  });
  afterAll(() => t?.close());

  it("a worker's message notifies every dispatcher, live and with the dot, and not its author", async () => {
    const before = await lastSeq();
    ok(await post(p.resource1, 'Running 10 minutes late'), 201);
    for (const d of [p.dispatcher, dispatcher2]) {
      const [n, ...more] = await chats(d);
      expect(more).toEqual([]);
      expect(n).toMatchObject({ title: 'New message', record_id: job });
      expect(n?.body).toMatch(/ on HC-00042: Running 10 minutes late$/);
      expect(await dot(d)).toBe(true);
    }
    for (const other of [p.resource1, p.resource2, p.customer]) {
      expect(await chats(other)).toEqual([]);
      expect(await dot(other)).toBe(false);
    }
    expect(await liveSince(before)).toEqual([
      { audience: { dispatchers: true }, body: expect.stringContaining('Running 10 minutes late') },
    ]);
  });

  it("a dispatcher's message notifies the job's workers, not the customer nor the dispatchers", async () => {
    await seen(p.dispatcher, dispatcher2);
    const before = await lastSeq();
    ok(await post(p.dispatcher, 'Thanks, the customer knows'), 201);
    for (const w of [p.resource1, p.resource2]) {
      const [n, ...more] = await chats(w);
      expect(more).toEqual([]);
      expect(n?.body).toMatch(/ on HC-00042: Thanks, the customer knows$/);
      expect(await dot(w)).toBe(true);
    }
    expect(await chats(p.customer)).toEqual([]);
    for (const d of [p.dispatcher, dispatcher2]) {
      expect((await chats(d)).map((n) => n.body)).not.toContainEqual(expect.stringContaining('Thanks'));
      expect(await dot(d)).toBe(false);
    }
    const live = await liveSince(before);
    expect(
      live.map((e) => e.audience).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual([{ uids: [p.uids.resource1] }, { uids: [p.uids.resource2] }]);
  });

  it("a customer's message notifies the dispatchers; a retried message notifies once", async () => {
    await seen(p.dispatcher, dispatcher2);
    const clientId = uuid();
    ok(await post(p.customer, 'The gate code is 1234', clientId), 201);
    ok(await post(p.customer, 'The gate code is 1234', clientId), 200);
    for (const d of [p.dispatcher, dispatcher2]) {
      expect((await chats(d)).filter((n) => n.body.endsWith('The gate code is 1234'))).toHaveLength(1);
      expect(await dot(d)).toBe(true);
    }
    expect((await chats(p.resource1)).filter((n) => n.body.includes('gate code'))).toEqual([]);
    expect(await chats(p.customer)).toEqual([]);
  });
});
