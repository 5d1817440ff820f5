import { appendLiveEvents, pruneLiveEventsUnsafe } from '@rostra/db/infra/live-events';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../identity/testing.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { LiveClient, type LiveMessage, twoPostgresInstances } from './testing.ts';

const WINDOW = { topic: 'timeline', from: MONDAY, to: MONDAY + 7 * 86_400 };
let n = 0;
const booking = (resIds: string[], over: Record<string, unknown> = {}) => {
  n++;
  return {
    _id: `live-${n}`,
    status: 'confirmed',
    resIds,
    utc_begin_plus_tz: MONDAY + n * H,
    utc_end_plus_tz: MONDAY + n * H + 1800,
    ...over,
  };
};
const about = (id: string) => (m: LiveMessage) => m.type === 'event' && m.data?._id === id;

describe.each(testDatabaseKinds())('live updates on one instance on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-live');
  });
  afterAll(() => t?.close());

  it('a change reaches the sockets subscribed to its window, only with what changed', async () => {
    const d = await LiveClient.connect(t.app, p.dispatcher);
    expect((await d.subscribe(WINDOW)).type).toBe('subscribed');
    const made = booking(['r1']);
    ok(await call(t, p.dispatcher, 'POST', '/timeline-records', made), 201);
    const created = await d.next(about(made._id));
    expect(created).toMatchObject({ topic: 'booking', kind: 'record.created' });
    ok(
      await call(t, p.dispatcher, 'PATCH', `/timeline-records/${made._id}`, {
        notes: 'gate code 1234',
        version: 1,
      }),
    );
    const changed = await d.next((m) => about(made._id)(m) && m.kind === 'record.changed');
    expect(changed.data).toMatchObject({
      changed: ['notes', 'version'],
      fields: { notes: 'gate code 1234', version: 2 },
    });
    // Outside the window: not sent.
    const far = booking(['r1'], {
      utc_begin_plus_tz: MONDAY + 30 * 86_400,
      utc_end_plus_tz: MONDAY + 30 * 86_400 + H,
    });
    ok(await call(t, p.dispatcher, 'POST', '/timeline-records', far), 201);
    const marker = booking(['r1']);
    ok(await call(t, p.dispatcher, 'POST', '/timeline-records', marker), 201);
    await d.next(about(marker._id));
    expect(d.events().some(about(far._id))).toBe(false);
    d.close();
  });

  it("a resource's socket gets their own bookings and never another resource's", async () => {
    const r1 = await LiveClient.connect(t.app, p.resource1);
    await r1.subscribe(WINDOW);
    const theirs = booking(['r2']);
    const mine = booking(['r1']);
    ok(await call(t, p.dispatcher, 'POST', '/timeline-records', theirs), 201);
    ok(await call(t, p.dispatcher, 'POST', '/timeline-records', mine), 201);
    await r1.next(about(mine._id));
    expect(r1.events().some(about(theirs._id))).toBe(false);
    r1.close();
  });

  it('topics follow the roles: the exception report and allocation are for dispatchers', async () => {
    const r1 = await LiveClient.connect(t.app, p.resource1);
    expect(await r1.subscribe({ topic: 'exception_report' })).toMatchObject({
      type: 'error',
      code: 'forbidden_topic',
    });
    expect(await r1.subscribe({ topic: 'notifications' })).toMatchObject({ type: 'subscribed' });
    r1.send({ type: 'subscribe', subscription: { topic: 'nonsense' } });
    expect(await r1.next((m) => m.type === 'error' && m.code === 'invalid_message')).toBeTruthy();
    r1.close();
  });

  it('settings changes reach every member subscribed to settings; notifications only their recipient', async () => {
    const c = await LiveClient.connect(t.app, p.customer);
    await c.subscribe({ topic: 'settings' });
    await c.subscribe({ topic: 'notifications' });
    const doc = ok(await call(t, p.dispatcher, 'GET', '/job-status-config'));
    ok(await call(t, p.dispatcher, 'PUT', '/job-status-config', { statusConfig: [], version: doc.version }));
    await c.next((m) => m.type === 'event' && m.kind === 'settings.changed');
    const r2 = await LiveClient.connect(t.app, p.resource2);
    await r2.subscribe({ topic: 'notifications' });
    const job = booking(['r1'], { customerId: 'c1' });
    ok(await call(t, p.dispatcher, 'POST', '/timeline-records', job), 201);
    ok(await call(t, p.dispatcher, 'POST', `/bookings/${job._id}/actions/dispatch`));
    const note = await c.next((m) => m.type === 'event' && m.kind === 'notification.created');
    expect(note.data).toMatchObject({ uid: p.uids.customer, record_id: job._id });
    // r2 is not concerned: a later notification of their own arrives, that one never did.
    ok(
      await call(
        t,
        p.dispatcher,
        'POST',
        '/timeline-records',
        booking(['r2'], { _id: 'for-r2', status: 'draft' }),
      ),
      201,
    );
    ok(await call(t, p.dispatcher, 'POST', '/bookings/for-r2/actions/dispatch'));
    await r2.next((m) => m.type === 'event' && m.data?.record_id === 'for-r2');
    expect(r2.events().some((m) => m.data?.record_id === job._id)).toBe(false);
    c.close();
    r2.close();
  });

  it('a client back from offline resumes: it gets what it missed, in order, then live events', async () => {
    const first = await LiveClient.connect(t.app, p.dispatcher);
    const at = (first.messages[0]?.seq ?? 0) as number;
    first.close();
    const missed = [booking(['r3']), booking(['r3'])];
    for (const b of missed) ok(await call(t, p.dispatcher, 'POST', '/timeline-records', b), 201);
    const back = await LiveClient.connect(t.app, p.dispatcher);
    await back.subscribe(WINDOW);
    back.send({ type: 'resume', after: at });
    await back.next((m) => m.type === 'resumed');
    const replayed = back.events().map((m) => m.data?._id);
    expect(replayed).toEqual(missed.map((b) => b._id));
    const after = booking(['r3']);
    ok(await call(t, p.dispatcher, 'POST', '/timeline-records', after), 201);
    await back.next(about(after._id));
    back.close();
  });

  it('is told to reload when what it missed is no longer kept', async () => {
    ok(await call(t, p.dispatcher, 'POST', '/timeline-records', booking(['r3'])), 201);
    await pruneLiveEventsUnsafe(t.db.db, new Date(Date.now() + 60_000));
    ok(await call(t, p.dispatcher, 'POST', '/timeline-records', booking(['r3'])), 201);
    await t.app.live.flush();
    const back = await LiveClient.connect(t.app, p.dispatcher);
    back.send({ type: 'resume', after: 1 });
    expect(await back.next((m) => m.type === 'reload' || m.type === 'resumed')).toMatchObject({
      type: 'reload',
    });
    back.close();
  });

  it('refuses a connection without a session', async () => {
    await expect(t.app.injectWS('/api/v1/live', {})).rejects.toThrow(/401/);
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/live', headers: p.dispatcher });
    expect(plain.statusCode).toBe(426);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))(
  'live updates across two server instances on one PostgreSQL database',
  () => {
    let a: TestApp;
    let b: TestApp;
    let p: Personas;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ a, b, close } = await twoPostgresInstances());
      p = await schedulingOrg(a, 'org-two');
    });
    afterAll(() => close?.());

    it('a booking changed through one instance reaches a socket on the other', async () => {
      const onB = await LiveClient.connect(b.app, p.dispatcher);
      await onB.subscribe(WINDOW);
      const made = booking(['r1']);
      ok(await call(a, p.dispatcher, 'POST', '/timeline-records', made), 201);
      expect(await onB.next(about(made._id))).toMatchObject({ kind: 'record.created' });
      ok(
        await call(a, p.dispatcher, 'PATCH', `/timeline-records/${made._id}`, {
          status: 'dispatched',
          version: 1,
        }),
      );
      const changed = await onB.next((m) => about(made._id)(m) && m.kind === 'record.changed');
      expect(changed.data?.fields).toMatchObject({ status: 'dispatched' });
      onB.close();
    });

    it("an organisation's open write holds back neither another organisation's writes nor their live events", async () => {
      const q = await schedulingOrg(a, 'org-two-b');
      const pOnB = await LiveClient.connect(b.app, p.dispatcher);
      const qOnB = await LiveClient.connect(b.app, q.dispatcher);
      await pOnB.subscribe(WINDOW);
      await qOnB.subscribe(WINDOW);
      // A write of the first organisation appends its live events and stays open.
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let appended = () => {};
      const holding = new Promise<void>((resolve) => {
        appended = resolve;
      });
      const held = a.db.db.transaction(async (tx) => {
        await appendLiveEvents(tx, p.orgId, [
          { topic: 'settings', kind: 'test.held', audience: { dispatchers: true }, payload: {} },
        ]);
        appended();
        await gate;
      });
      await holding;
      // The second organisation's booking is written and reaches its socket meanwhile.
      const theirs = booking(['r1']);
      ok(await call(a, q.dispatcher, 'POST', '/timeline-records', theirs), 201);
      await qOnB.next(about(theirs._id));
      // The first organisation's next write waits for its own open one, then both arrive in order.
      const mine = booking(['r1']);
      const writing = call(a, p.dispatcher, 'POST', '/timeline-records', mine);
      release();
      await held;
      ok(await writing, 201);
      await pOnB.next(about(mine._id));
      expect(pOnB.events().map((m) => m.data?._id)).toEqual([mine._id]);
      expect(qOnB.events().map((m) => m.data?._id)).toEqual([theirs._id]);
      pOnB.close();
      qOnB.close();
    });

    it("a resource user's socket on the other instance never receives another resource's private booking", async () => {
      const r1 = await LiveClient.connect(b.app, await signIn(b, 'resource1@org-two.test'));
      await r1.subscribe(WINDOW);
      const theirs = booking(['r2']);
      const mine = booking(['r1']);
      ok(await call(a, p.dispatcher, 'POST', '/timeline-records', theirs), 201);
      ok(await call(a, p.dispatcher, 'POST', '/timeline-records', mine), 201);
      await r1.next(about(mine._id));
      expect(r1.events().map((m) => m.data?._id)).toEqual([mine._id]);
      r1.close();
    });

    it("a resource record changed through one instance reaches the other's sockets: the dispatcher's, and only its own user's", async () => {
      const resources = { topic: 'records', kind: 'resources' };
      const d = await LiveClient.connect(b.app, p.dispatcher);
      const r1 = await LiveClient.connect(b.app, await signIn(b, 'resource1@org-two.test'));
      await d.subscribe(resources);
      await r1.subscribe(resources);
      ok(await call(a, p.dispatcher, 'PATCH', '/resources/r2', { phone: '02 9000 0002', version: 1 }));
      ok(await call(a, p.dispatcher, 'PATCH', '/resources/r1', { phone: '02 9000 0001', version: 1 }));
      const own = await r1.next((m) => m.kind === 'record.changed' && m.data?._id === 'r1');
      expect(own.data?.record).toMatchObject({ phone: '02 9000 0001' });
      await d.next((m) => m.kind === 'record.changed' && m.data?._id === 'r1');
      expect(d.events().map((m) => m.data?._id)).toEqual(['r2', 'r1']);
      expect(r1.events().map((m) => m.data?._id)).toEqual(['r1']);
      d.close();
      r1.close();
    });
  },
);
