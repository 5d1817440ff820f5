import { termsWholeVersion } from '@rostra/core/shell/validators';
import { acceptTerms } from '@rostra/db/identity/terms';
import { selectLiveEventsUnsafe } from '@rostra/db/infra/live-events';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Browser, FIXTURE_PASSWORD, signIn } from '../identity/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;
type Read = { own: Rec | null; locks: Record<string, { uid: string; updated_at: number }> };

describe.each(testDatabaseKinds())('the timeline workspace on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let other: Browser;
  const doc = (locked: string[]) => ({
    name: 'Morning plan',
    locked_ids: locked,
    items: [{ _id: 'b1', utc_begin_plus_tz: 100 }],
    committed: false,
    time_boundaries: { start_time: 0, end_time: 604_800 },
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date('2026-03-09T08:00:00Z'));
    p = await schedulingOrg(t, 'org-ws');
    await addUser(t, {
      id: 'org-ws-dispatcher2',
      email: 'd2@org-ws.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: p.orgId, role: 'dispatcher' }],
    });
    await acceptTerms(
      t.db.db,
      'org-ws-dispatcher2',
      termsWholeVersion(t.app.identity.options.termsVersion),
      new Date(),
    );
    other = await signIn(t, 'd2@org-ws.test');
  });
  afterAll(() => t?.close());

  it("sets the caller's own document with _qa_update_utc now and ttl_at 7 days later", async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const saved = ok(await call(t, p.dispatcher, 'PUT', '/timeline-workspace', doc(['b1', 'b2'])));
    expect(saved).toMatchObject({
      _id: p.uids.dispatcher,
      uid: p.uids.dispatcher,
      locked_ids: ['b1', 'b2'],
      _qa_update_utc: now,
      ttl_at: now + 7 * 86_400,
    });
    expect(ok<Read>(await call(t, p.dispatcher, 'GET', '/timeline-workspace')).own).toMatchObject({
      name: 'Morning plan',
    });
  });

  it('others see the items it locks, live, while it was set within the last 60 s', async () => {
    const before = (await selectLiveEventsUnsafe(t.db.db, p.orgId, 0, 100_000)).at(-1)?.seq ?? 0;
    ok(await call(t, p.dispatcher, 'PUT', '/timeline-workspace', doc(['b1'])));
    const [event] = (await selectLiveEventsUnsafe(t.db.db, p.orgId, before, 100)).filter(
      (e) => e.topic === 'workspace',
    );
    expect(event).toMatchObject({
      kind: 'workspace.set',
      payload: { uid: p.uids.dispatcher, locked_ids: ['b1'] },
    });
    t.clock.advance(60);
    expect(Object.keys(ok<Read>(await call(t, other, 'GET', '/timeline-workspace')).locks)).toEqual(['b1']);
    // The owner does not see their own locks as someone else's.
    expect(ok<Read>(await call(t, p.dispatcher, 'GET', '/timeline-workspace')).locks).toEqual({});
    t.clock.advance(1);
    expect(ok<Read>(await call(t, other, 'GET', '/timeline-workspace')).locks).toEqual({});
  });

  it('is cleared by its owner', async () => {
    ok(await call(t, p.dispatcher, 'PUT', '/timeline-workspace', doc(['b3'])));
    expect(ok(await call(t, p.dispatcher, 'DELETE', '/timeline-workspace'))).toEqual({ cleared: true });
    expect(ok<Read>(await call(t, p.dispatcher, 'GET', '/timeline-workspace')).own).toBeNull();
    expect(ok<Read>(await call(t, other, 'GET', '/timeline-workspace')).locks).toEqual({});
  });

  it('documents expire 7 days after they were last set; retention removes them', async () => {
    ok(await call(t, other, 'PUT', '/timeline-workspace', doc(['b9'])));
    t.clock.advance(7 * 86_400 - 1);
    expect(ok<Read>(await call(t, other, 'GET', '/timeline-workspace')).own).not.toBeNull();
    t.clock.advance(1);
    expect(ok<Read>(await call(t, other, 'GET', '/timeline-workspace')).own).toBeNull();
    const removed = (await t.app.jobs.runNow('retention')) as { workspaces: number };
    expect(removed.workspaces).toBe(1);
  });

  it('is for the timeline: resources and customers have none', async () => {
    expect((await call(t, p.resource1, 'PUT', '/timeline-workspace', doc([]))).statusCode).toBe(403);
    expect((await call(t, p.customer, 'GET', '/timeline-workspace')).statusCode).toBe(403);
  });
});
