import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient, type LiveMessage } from '../live/testing.ts';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { jobFor, uuid } from './testing.ts';

const about = (jobId: string, kind: string) => (m: LiveMessage) =>
  m.type === 'event' && m.topic === 'booking' && m.kind === kind && m.data?._id === jobId;

describe.each(testDatabaseKinds())('job life over the live socket on %s', (kind) => {
  let t: TestApp;
  let p: Personas;

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-jl-live');
  });
  afterAll(() => t?.close());

  it("a resource's chat message reaches the dispatcher's and the customer's sockets, the timer only the dispatcher's; never another resource's", async () => {
    const id = await jobFor(t, p);
    const dispatcher = await LiveClient.connect(t.app, p.dispatcher);
    const customer = await LiveClient.connect(t.app, p.customer);
    const outsider = await LiveClient.connect(t.app, p.resource2);
    for (const c of [dispatcher, customer, outsider]) {
      expect(await c.subscribe({ topic: 'booking', id })).toMatchObject({ type: 'subscribed' });
    }
    const item = ok(
      await call(t, p.resource1, 'POST', `/bookings/${id}/feeds`, {
        client_id: uuid(),
        text: 'Running 10 min late',
      }),
      201,
    );
    const seen = await dispatcher.next(about(id, 'feed'));
    expect(seen.data?.item).toEqual(item);
    expect((await customer.next(about(id, 'feed'))).data?.item).toEqual(item);
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
    const time = await dispatcher.next(about(id, 'time'));
    expect(time.data?.aggregate).toMatchObject({ state: 'running', running_since: at });
    // A later chat message reaches the customer after the timer would have (one socket's events
    // come in order): the customer, who may not read time entries, got no timer event.
    const later = ok<{ _id: string }>(
      await call(t, p.resource1, 'POST', `/bookings/${id}/feeds`, { client_id: uuid(), text: 'On site' }),
      201,
    );
    expect(
      (
        await customer.next(
          (m) => about(id, 'feed')(m) && (m.data?.item as { _id?: string } | undefined)?._id === later._id,
        )
      ).data?.item,
    ).toEqual(later);
    expect(customer.events().filter(about(id, 'time'))).toEqual([]);
    // Once the dispatcher has everything, the outsider would have had it too: it got none.
    await dispatcher.next(
      (m) => about(id, 'feed')(m) && (m.data?.item as { _id?: string } | undefined)?._id === later._id,
    );
    expect(outsider.events()).toEqual([]);
    for (const c of [dispatcher, customer, outsider]) c.close();
  });
});
