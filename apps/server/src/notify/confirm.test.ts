import { liveSeqsUnsafe, selectLiveEventsUnsafe } from '@rostra/db/infra/live-events';
import { listDeliveries } from '@rostra/db/notifications/deliveries';
import { resources } from '@rostra/db/schema/scheduling';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFor } from '../job-life/testing.ts';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { telnyxEdge } from './testing.ts';

/*
 * Issue #19 point 3, the server half: the SMS asking a worker about a new job carries a signed
 * link that confirms or declines it once, until the job starts; a used, changed or expired link
 * changes nothing and says so; in the app the worker answers too, and a decline takes them off
 * the job and tells the dispatchers why.
 */

type Confirmations = {
  items: { resource_id: string; state: string; reason: string | null; via: string | null }[];
};

describe.each(testDatabaseKinds())('confirm or decline on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let sms: Awaited<ReturnType<typeof telnyxEdge>>;
  const runner = () => t.app.jobs.runNow('notifications');
  const public_ = (method: 'GET' | 'POST', token: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/confirm/${token}`, ...(payload ? { payload } : {}) });
  const confirmations = async (job: string) =>
    ok<Confirmations>(await call(t, p.dispatcher, 'GET', `/bookings/${job}/confirmations`)).items;
  /** A job for Ann starting `hours` from now (the org is on UTC). */
  const futureJob = (reference: string, hours = 48) => {
    const begin = Math.floor(t.clock.now().getTime() / 1000) + hours * 3600;
    return jobFor(t, p, {
      resIds: ['r1'],
      reference,
      utc_begin_plus_tz: begin,
      utc_end_plus_tz: begin + 3600,
    });
  };
  /** The confirm link's token in the latest SMS about `reference`. */
  const tokenFor = async (reference: string) => {
    await runner();
    const text = sms.delivered.filter((m) => m.text.includes(reference)).at(-1)?.text ?? '';
    const m = /\/confirm\/([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+){2})$/.exec(text);
    if (!m?.[1]) throw new Error(`no confirm link in: ${text}`);
    return m[1];
  };

  beforeAll(async () => {
    sms = await telnyxEdge();
    t = await createTestApp(
      kind,
      {},
      {},
      { sms: { kind: 'telnyx', apiKey: 'k', from: '+61400000999', apiUrl: sms.base } },
    );
    p = await schedulingOrg(t, 'org-confirm');
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx
        .update(resources)
        .set({ mobile: '+61400000222' })
        .where(and(eq(resources.orgId, p.orgId), eq(resources.id, 'r1'))),
    );
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });

  it('the SMS of a new job carries a link that confirms it once; the dispatcher sees the answer', async () => {
    const job = await futureJob('HC-C1');
    expect(await confirmations(job)).toEqual([
      {
        resource_id: 'r1',
        state: 'pending',
        reason: null,
        via: null,
        uid: p.uids.resource1,
        decided_at: null,
      },
    ]);
    const token = await tokenFor('HC-C1');
    expect(ok(await public_('GET', token))).toMatchObject({ job: 'HC-C1', state: 'pending' });
    const seq = (await liveSeqsUnsafe(t.db.db, [p.orgId])).get(p.orgId) ?? 0;
    expect(ok(await public_('POST', token, { decision: 'confirm' }))).toEqual({ state: 'confirmed' });
    expect(await confirmations(job)).toMatchObject([{ resource_id: 'r1', state: 'confirmed', via: 'link' }]);
    // The answer goes live to the job's timeline windows, and the window carries it for the bar.
    const events = await selectLiveEventsUnsafe(t.db.db, p.orgId, seq, 10);
    expect(events.map((e) => [e.topic, e.kind, e.payload._id, e.payload.state])).toEqual([
      ['booking', 'confirmation.changed', job, 'confirmed'],
    ]);
    const begin = Math.floor(t.clock.now().getTime() / 1000);
    const window = ok<{ records: { _id: string; confirmations?: Record<string, string> }[] }>(
      await call(t, p.dispatcher, 'GET', `/timeline?from=${begin}&to=${begin + 4 * 86400}`),
    );
    expect(window.records.find((r) => r._id === job)?.confirmations).toEqual({ r1: 'confirmed' });
    // And the records list the boards read.
    const list = ok<{ items: { _id: string; confirmations?: Record<string, string> }[] }>(
      await call(t, p.dispatcher, 'GET', `/timeline-records?from=${begin}&to=${begin + 4 * 86400}`),
    );
    expect(list.items.find((r) => r._id === job)?.confirmations).toEqual({ r1: 'confirmed' });

    // Used: the page says so, and a second answer changes nothing.
    for (const res of [await public_('GET', token), await public_('POST', token, { decision: 'decline' })]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: { message: 'This link has already been used — open the app to confirm' },
      });
    }
    expect(await confirmations(job)).toMatchObject([{ state: 'confirmed' }]);
  });

  it('a worker on a shared job sees only their own answer; the dispatcher sees each', async () => {
    const begin = Math.floor(t.clock.now().getTime() / 1000) + 30 * 3600;
    const job = await jobFor(t, p, {
      resIds: ['r1', 'r2'],
      reference: 'HC-C-SHARED',
      utc_begin_plus_tz: begin,
      utc_end_plus_tz: begin + 3600,
    });
    ok(await call(t, p.resource1, 'POST', `/bookings/${job}/confirmation`, { decision: 'confirm' }));
    const window = `/timeline?from=${begin - 3600}&to=${begin + 86400}`;
    const list = `/timeline-records?from=${begin - 3600}&to=${begin + 86400}`;
    type Page = { confirmations?: Record<string, string>; _id: string }[];
    const answersIn = async (who: typeof p.dispatcher) => [
      ok<{ records: Page }>(await call(t, who, 'GET', window)).records.find((r) => r._id === job)
        ?.confirmations,
      ok<{ items: Page }>(await call(t, who, 'GET', list)).items.find((r) => r._id === job)?.confirmations,
    ];
    const [forDispatcher] = await answersIn(p.dispatcher);
    expect(forDispatcher?.r1).toBe('confirmed');
    expect(forDispatcher).toHaveProperty('r2');
    for (const answers of await answersIn(p.resource2)) {
      expect(answers).not.toHaveProperty('r1');
      expect(answers).toHaveProperty('r2');
    }
    for (const answers of await answersIn(p.resource1)) expect(answers).toEqual({ r1: 'confirmed' });
  });

  it('a changed link, or one past the job start, changes nothing and says so', async () => {
    const job = await futureJob('HC-C2', 2);
    const token = await tokenFor('HC-C2');
    // Another request's id, or another organisation, under this link's signature.
    const [org, linkId, signature] = token.split('.');
    const otherId = `${(linkId ?? '').slice(0, -1)}${linkId?.endsWith('A') ? 'B' : 'A'}`;
    for (const changed of [
      `${org}.${otherId}.${signature}`,
      `${Buffer.from('org-notify').toString('base64url')}.${linkId}.${signature}`,
    ]) {
      const refused = await public_('GET', changed);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({
        error: { message: 'This link is not valid — open the app to confirm' },
      });
    }
    const forged = `${org}.${otherId}.${signature}`;
    const tampered = await public_('POST', forged, { decision: 'decline' });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json()).toMatchObject({
      error: { message: 'This link is not valid — open the app to confirm' },
    });

    t.clock.advance(2 * 3600);
    const expired = await public_('POST', token, { decision: 'confirm' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      error: { message: 'This link has expired — open the app to confirm' },
    });
    expect(await confirmations(job)).toMatchObject([{ state: 'pending' }]);
  });

  it('a new time asks again: the earlier link no longer works, the new one does', async () => {
    const job = await futureJob('HC-C3');
    const first = await tokenFor('HC-C3');
    const read = ok<{ version: number; utc_begin_plus_tz: number }>(
      await call(t, p.dispatcher, 'GET', `/timeline-records/${job}`),
    );
    t.clock.advance(1);
    ok(
      await call(t, p.dispatcher, 'PATCH', `/timeline-records/${job}`, {
        utc_begin_plus_tz: read.utc_begin_plus_tz + 3600,
        utc_end_plus_tz: read.utc_begin_plus_tz + 7200,
        version: read.version,
      }),
    );
    const second = await tokenFor('HC-C3');
    expect(second).not.toBe(first);
    expect((await public_('POST', first, { decision: 'confirm' })).statusCode).toBe(409);
    expect(ok(await public_('POST', second, { decision: 'confirm' }))).toEqual({ state: 'confirmed' });
  });

  it('declining in the app takes the worker off the job and tells the dispatchers why', async () => {
    const job = await futureJob('HC-C4');
    const mine = async () =>
      ok<{ items: { record_id: string }[] }>(
        await call(t, p.resource1, 'GET', '/me/confirmations'),
      ).items.map((i) => i.record_id);
    // The worker's app lists the jobs they are still asked about, until they answer.
    expect(await mine()).toContain(job);
    expect(
      (await call(t, p.dispatcher, 'POST', `/bookings/${job}/confirmation`, { decision: 'confirm' }))
        .statusCode,
    ).toBe(403);
    expect(
      ok(
        await call(t, p.resource1, 'POST', `/bookings/${job}/confirmation`, {
          decision: 'decline',
          reason: 'Car broke down',
        }),
      ),
    ).toEqual({ state: 'declined' });
    expect(await mine()).not.toContain(job);
    const record = ok<{ resIds: string[] }>(await call(t, p.dispatcher, 'GET', `/timeline-records/${job}`));
    expect(record.resIds).toEqual([]);
    expect(await confirmations(job)).toMatchObject([
      { resource_id: 'r1', state: 'declined', reason: 'Car broke down', via: 'app' },
    ]);
    const bell = ok<{ items: { kind: string; title: string; body: string; record_id: string }[] }>(
      await call(t, p.dispatcher, 'GET', '/notifications'),
    ).items.filter((n) => n.record_id === job && n.kind === 'confirmation');
    expect(bell).toMatchObject([
      { title: 'Job declined', body: expect.stringContaining('declined HC-C4: Car broke down') },
    ]);
    // Their own change: the worker is not told they were taken off it.
    expect(
      (await listDeliveries(t.db.db, p.orgId)).filter((d) => d.recordId === job && d.event === 'unassigned'),
    ).toEqual([]);
    // Answered: the worker cannot answer again (they are off the job, so it is not theirs to read).
    expect(
      (await call(t, p.resource1, 'POST', `/bookings/${job}/confirmation`, { decision: 'confirm' }))
        .statusCode,
    ).toBe(404);
  });

  it('a job still unconfirmed N hours before its start becomes an exception entry (org setting)', async () => {
    const near = await futureJob('HC-C5', 10);
    const far = await futureJob('HC-C6', 100);
    const config = ok<{ version: number }>(await call(t, p.dispatcher, 'GET', '/exception-report/config'));
    ok(
      await call(t, p.dispatcher, 'PUT', '/exception-report/config', {
        configs: [],
        unconfirmed_hours: 24,
        version: config.version,
      }),
    );
    const entries = async () => {
      await t.app.jobs.runNow('exception-report');
      return ok<{ entries: { _id: string; action_status: string }[] }>(
        await call(t, p.dispatcher, 'GET', '/exception-report'),
      ).entries.filter((e) => e.action_status === 'worker_confirmation');
    };
    const flagged = (await entries()).map((e) => e._id);
    expect(flagged).toContain(near);
    expect(flagged).not.toContain(far);
    // Confirmed: no longer an exception.
    ok(await call(t, p.resource1, 'POST', `/bookings/${near}/confirmation`, { decision: 'confirm' }));
    expect((await entries()).map((e) => e._id)).not.toContain(near);
  });
});
