import { JOB_ACTIONS, recordActions } from '@rostra/core/shell/roles';
import { selectLiveEventsUnsafe } from '@rostra/db/infra/live-events';
import { notifications } from '@rostra/db/schema/messaging';
import { putSettings } from '@rostra/db/settings';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Browser, FIXTURE_PASSWORD, signIn } from '../identity/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;

describe.each(testDatabaseKinds())('status actions on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let scheduler: Browser;
  let n = 0;
  const booking = async (over: Rec = {}) => {
    n++;
    const day = MONDAY + n * 86_400;
    return ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: `act-${n}`,
        status: 'confirmed',
        customerId: 'c1',
        resIds: ['r1'],
        reference: `REF-${n}`,
        utc_begin_plus_tz: day + 9 * H,
        utc_end_plus_tz: day + 10 * H,
        ...over,
      }),
      201,
    )._id as string;
  };
  const act = (as: Browser, id: string, action: string, body?: Rec) =>
    call(t, as, 'POST', `/bookings/${id}/actions/${action}`, body);

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-act');
    await putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } });
    await addUser(t, {
      id: 'org-act-scheduler',
      email: 'scheduler@org-act.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: p.orgId, role: 'scheduler' }],
    });
    const { acceptTerms } = await import('@rostra/db/identity/terms');
    await acceptTerms(t.db.db, 'org-act-scheduler', '3', new Date());
    scheduler = await signIn(t, 'scheduler@org-act.test');
  });
  afterAll(() => t?.close());

  it("follows the core's role table for every action: customer none, resource options/dispatch/start/finish, dispatcher all", async () => {
    const table: [string, Browser, 'dispatcher' | 'resource' | 'customer' | 'scheduler'][] = [
      ['dispatcher', p.dispatcher, 'dispatcher'],
      ['resource', p.resource1, 'resource'],
      ['customer', p.customer, 'customer'],
      ['scheduler', scheduler, 'scheduler'],
    ];
    for (const [label, as, role] of table) {
      for (const action of JOB_ACTIONS) {
        const id = await booking();
        const res = await act(as, id, action, action === 'options' ? { option: 'accept' } : undefined);
        const allowed = recordActions(role, 'booking').includes(action);
        expect({ label, action, status: res.statusCode }).toEqual({
          label,
          action,
          status: allowed ? 200 : 403,
        });
      }
    }
  });

  it('each action moves the status as the workflow says and writes a state record', async () => {
    const id = await booking();
    const steps: [string, string][] = [
      ['dispatch', 'dispatched'],
      ['start', 'active'],
      ['finish', 'finished'],
      ['review', 'reviewed'],
      ['park', 'parked'],
      ['cancel', 'cancelled'],
    ];
    for (const [action, status] of steps) {
      const res = ok<{ record: Rec; state: Rec }>(await act(p.dispatcher, id, action));
      expect(res.record.status).toBe(status);
      expect(res.state).toMatchObject({ status, action, uid: p.uids.dispatcher });
    }
    const states = ok<{ items: Rec[] }>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/states`)).items;
    expect(states.map((s) => s.action)).toEqual([
      'cancel',
      'park',
      'review',
      'finish',
      'start',
      'dispatch',
      'create',
    ]);
    const opt = ok<{ record: Rec; state: Rec; update: Rec | null }>(
      await act(p.dispatcher, id, 'options', { option: 'call back' }),
    );
    expect(opt.state).toMatchObject({ action: 'options', option: 'call back', status: 'cancelled' });
    expect(opt.update).toBeNull();
  });

  it("sends only the changed fields (the core's diff) and notifies the people concerned", async () => {
    const id = await booking();
    const before = (await selectLiveEventsUnsafe(t.db.db, p.orgId, 0, 100_000)).at(-1)?.seq ?? 0;
    const res = ok<{ update: Rec }>(await act(p.resource1, id, 'dispatch'));
    expect(res.update).toEqual({
      _id: id,
      changed: ['status', 'version'],
      fields: { status: 'dispatched', version: 2 },
    });
    const sent = await withOrg(t.db.db, p.orgId, (tx) =>
      tx.select().from(notifications).where(eq(notifications.recordId, id)),
    );
    // The resource acted: the customer and the dispatchers are told, not the resource themself.
    expect(sent.map((s) => s.uid).sort()).toEqual([p.uids.customer, null].sort());
    const events = await selectLiveEventsUnsafe(t.db.db, p.orgId, before, 1000);
    const update = events.find((e) => e.kind === 'job.update');
    expect(update?.payload).toMatchObject({
      _id: id,
      changed: ['status', 'version'],
      fields: { status: 'dispatched' },
    });
    expect(update?.audience).toEqual({ dispatchers: true, uids: [p.uids.customer, p.uids.resource1].sort() });
  });

  it('a draft or roster item sends no job update (spec §4), but the state is still written', async () => {
    const id = await booking({ type: 'roster' });
    const res = ok<{ update: Rec | null; state: Rec }>(await act(p.dispatcher, id, 'dispatch'));
    expect(res.update).toBeNull();
    expect(res.state.status).toBe('dispatched');
  });

  it('allocate runs the auto allocation and confirms the booking', async () => {
    const id = await booking({ resIds: [], status: 'draft', labels: ['l-nurse'] });
    const res = ok<{ record: Rec; state: Rec }>(await act(p.dispatcher, id, 'allocate'));
    expect(res.record).toMatchObject({
      resIds: ['r1'],
      status: 'confirmed',
      autoallocate: true,
      isConflict: false,
    });
    expect(res.state).toMatchObject({ action: 'allocate', status: 'confirmed', previous_status: 'draft' });
  });

  it('a resource cannot act on a booking that is not theirs (404); an unknown action is 400; a stale version 409', async () => {
    const id = await booking();
    expect((await act(p.resource2, id, 'start')).statusCode).toBe(404);
    expect((await act(p.dispatcher, id, 'teleport')).json().error.code).toBe('unknown_action');
    expect((await act(p.dispatcher, id, 'start', { version: 9 })).statusCode).toBe(409);
    expect(ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`)).status).toBe('confirmed');
  });
});
