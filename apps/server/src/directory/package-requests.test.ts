import { labels } from '@rostra/db/schema/scheduling';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient } from '../live/testing.ts';
import { call, MONDAY, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';

type Rec = Record<string, unknown>;
type Numbered = { items: Rec[]; total: number };
const MESSAGE = 'Please select a type before sending a package';

/* Customer package requests (shell spec §5, issue #22 point 14). */
describe.each(testDatabaseKinds())('package requests on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let other: Personas;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date(MONDAY * 1000));
    p = await schedulingOrg(t, 'org-pkg');
    other = await schedulingOrg(t, 'org-pkg-other');
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx.insert(labels).values([
        { orgId: p.orgId, id: 's-move', name: 'Home move', type: 'service' },
        { orgId: p.orgId, id: 's-clean', name: 'Cleaning', type: 'service' },
        { orgId: p.orgId, id: 's-old', name: 'Retired', type: 'service', inactive: true },
      ]),
    );
  });
  afterAll(() => t?.close());

  it("offers the organisation's active service labels as types, by name", async () => {
    const types = ok<{ items: Rec[] }>(await call(t, p.customer, 'GET', '/package-requests/types'));
    expect(types.items).toEqual([
      { _id: 's-clean', name: 'Cleaning' },
      { _id: 's-move', name: 'Home move' },
    ]);
    const elsewhere = ok<{ items: Rec[] }>(await call(t, other.customer, 'GET', '/package-requests/types'));
    expect(elsewhere.items).toEqual([]);
  });

  it("refuses a request without a type, or with one that is not a service, with the spec's message", async () => {
    for (const body of [{ note: 'Soon please' }, { type: '  ', note: 'x' }]) {
      const res = await call(t, p.customer, 'POST', '/package-requests', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(MESSAGE);
    }
    for (const type of ['l-nurse', 's-old', 'nope']) {
      const res = await call(t, p.customer, 'POST', '/package-requests', { type });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'package_type_required', message: MESSAGE });
    }
    expect(ok<Numbered>(await call(t, p.dispatcher, 'GET', '/package-requests')).total).toBe(0);
  });

  it('a customer sends one; dispatchers hear of it, list it and mark it handled', async () => {
    const dispatcherLive = await LiveClient.connect(t.app, p.dispatcher);
    const strangerLive = await LiveClient.connect(t.app, other.dispatcher);
    const resourceLive = await LiveClient.connect(t.app, p.resource1);
    for (const c of [dispatcherLive, strangerLive, resourceLive])
      await c.subscribe({ topic: 'notifications' });
    let sent: Rec;
    try {
      sent = ok(
        await call(t, p.customer, 'POST', '/package-requests', { type: 's-move', note: ' Two rooms ' }),
        201,
      );
      expect(sent).toMatchObject({
        type: 's-move',
        type_name: 'Home move',
        note: 'Two rooms',
        customer_id: 'c1',
        sender_name: 'Ada Lovelace',
        created_at: MONDAY * 1000,
        handled_at: null,
      });
      const heard = await dispatcherLive.next((m) => m.kind === 'package_request');
      expect(heard.data?._id).toBe(sent._id);
      expect(strangerLive.events().filter((m) => m.kind === 'package_request')).toEqual([]);
      expect(resourceLive.events().filter((m) => m.kind === 'package_request')).toEqual([]);
    } finally {
      for (const c of [dispatcherLive, strangerLive, resourceLive]) c.close();
    }

    const open = ok<Numbered>(await call(t, p.dispatcher, 'GET', '/package-requests?open=true'));
    expect(open.items.map((r) => r._id)).toEqual([sent._id]);
    expect(ok<Numbered>(await call(t, other.dispatcher, 'GET', '/package-requests')).total).toBe(0);
    // The customer sees their own; a resource may not list them.
    expect(ok<Numbered>(await call(t, p.customer, 'GET', '/package-requests')).items).toHaveLength(1);
    expect((await call(t, p.resource1, 'GET', '/package-requests')).statusCode).toBe(403);
    expect((await call(t, p.dispatcher, 'POST', '/package-requests', { type: 's-move' })).statusCode).toBe(
      403,
    );

    t.clock.set(new Date((MONDAY + 60) * 1000));
    const handled = ok(await call(t, p.dispatcher, 'POST', `/package-requests/${sent._id}/handled`));
    expect(handled).toMatchObject({ handled_at: (MONDAY + 60) * 1000, handled_by: p.uids.dispatcher });
    expect(ok<Numbered>(await call(t, p.dispatcher, 'GET', '/package-requests?open=true')).total).toBe(0);
    expect(ok<Numbered>(await call(t, p.dispatcher, 'GET', '/package-requests?open=false')).total).toBe(1);
    expect(
      (await call(t, other.dispatcher, 'POST', `/package-requests/${sent._id}/handled`)).statusCode,
    ).toBe(404);
  });
});
