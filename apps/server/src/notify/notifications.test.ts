import { claimDeliveries, listDeliveries, markSent } from '@rostra/db/notifications/deliveries';
import { resources } from '@rostra/db/schema/scheduling';
import { putSettings } from '@rostra/db/settings';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobFor } from '../job-life/testing.ts';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { browserSubscription, decryptPush, pushService, smtpReceiver, telnyxEdge } from './testing.ts';

/*
 * Issue #19 points 1 and 5, with real parts: a change to a booking writes its notifications in
 * the same transaction (the outbox); the background runner sends each by its channel — mail to a
 * real SMTP server, Web Push to a push endpoint that verifies and decrypts it, SMS to Telnyx's API
 * at its HTTP edge — with retries per channel, a failing channel holding up no other, and a send
 * whose runner died taken over after its lease, with the same idempotency key.
 */

type LogItem = {
  event: string;
  channel: string;
  status: string;
  attempts: number;
  last_error: string | null;
};

describe.each(testDatabaseKinds())('notifications outside the app on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
  let push: Awaited<ReturnType<typeof pushService>>;
  let sms: Awaited<ReturnType<typeof telnyxEdge>>;
  let annPush: ReturnType<typeof browserSubscription>;
  const LEASE_MS = 60_000;

  const runner = () =>
    t.app.jobs.runNow('notifications') as Promise<{ sent: number; retried: number; failed: number }>;
  const log = async (job: string) =>
    ok<{ items: LogItem[] }>(await call(t, p.dispatcher, 'GET', `/bookings/${job}/deliveries`)).items;
  const rows = () => listDeliveries(t.db.db, p.orgId);
  const annMails = () => smtp.mails.filter((m) => m.to.includes(`resource1@${p.orgId}.test`));

  beforeAll(async () => {
    smtp = await smtpReceiver();
    push = await pushService();
    sms = await telnyxEdge();
    t = await createTestApp(
      kind,
      {},
      { smtpUrl: smtp.url, mailFrom: 'Rostra <no-reply@rostra.test>' },
      {
        sms: { kind: 'telnyx', apiKey: 'test-key', from: '+61400000999', apiUrl: sms.base },
        allowHttpPush: true,
        leaseMs: LEASE_MS,
      },
    );
    p = await schedulingOrg(t, 'org-notify');
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx
        .update(resources)
        .set({ mobile: '+61400000111' })
        .where(and(eq(resources.orgId, p.orgId), eq(resources.id, 'r1'))),
    );
    annPush = browserSubscription(`${push.base}/push/ann-phone`);
    ok(await call(t, p.resource1, 'POST', '/me/push-subscriptions', annPush.body));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await push?.close();
    await sms?.close();
  });
  beforeEach(async () => {
    // Each test starts with nothing left to send.
    t.clock.advance(2 * 3600);
    await runner();
    sms.plan.length = 0;
    push.answer.status = 201;
    ok(
      await call(t, p.resource1, 'PUT', '/me/notification-preferences', {
        channels: ['push', 'email', 'sms'],
        quiet_hours: null,
      }),
    );
    ok(await call(t, p.resource1, 'POST', '/me/push-subscriptions', annPush.body));
  });

  it('assigning a worker writes one send per channel with the change; the runner delivers mail, push and SMS', async () => {
    const mailsBefore = annMails().length;
    const pushBefore = push.received.length;
    const smsBefore = sms.delivered.length;
    const job = await jobFor(t, p, { resIds: ['r1'], reference: 'HC-100', addressline1: '1 Harbour St' });

    // Written with the booking, not yet sent.
    expect((await log(job)).map((i) => [i.event, i.channel, i.status])).toEqual([
      ['assigned', 'email', 'pending'],
      ['assigned', 'push', 'pending'],
      ['assigned', 'sms', 'pending'],
    ]);

    expect(await runner()).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect((await log(job)).map((i) => [i.channel, i.status, i.attempts])).toEqual([
      ['email', 'sent', 1],
      ['push', 'sent', 1],
      ['sms', 'sent', 1],
    ]);

    // The mail reached the SMTP server.
    const [mail, ...moreMail] = annMails().slice(mailsBefore);
    expect(moreMail).toEqual([]);
    expect(mail?.raw).toContain('Subject: New job: HC-100');
    // Quoted-printable wraps long lines with a soft break (`=` at the end of a line).
    const mailText = (mail?.raw ?? '').replace(/=\r?\n/g, '');
    expect(mailText).toContain('You have been assigned to HC-100 on');
    expect(mailText).toContain('at 1 Harbour St.');

    // The push reached the endpoint signed with the server's VAPID key, and decrypts with the
    // subscription's private key.
    const { public_key } = ok<{ public_key: string }>(await call(t, p.resource1, 'GET', '/push/public-key'));
    const [message, ...morePush] = push.received.slice(pushBefore);
    expect(morePush).toEqual([]);
    expect(message?.path).toBe('/push/ann-phone');
    expect(message?.vapidKey).toBe(public_key);
    expect(JSON.parse(decryptPush(message?.body ?? Buffer.alloc(0), annPush.ecdh, annPush.auth))).toEqual({
      title: 'New job: HC-100',
      body: expect.stringContaining('You have been assigned to HC-100'),
      record_id: job,
      event: 'assigned',
      // The Confirm and Decline actions of the notification answer with the confirm link's token.
      confirm_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });

    // The SMS reached the provider's API, with our key and the delivery's idempotency key.
    const [text, ...moreSms] = sms.delivered.slice(smsBefore);
    expect(moreSms).toEqual([]);
    expect(text).toMatchObject({
      to: '+61400000111',
      from: '+61400000999',
      authorization: 'Bearer test-key',
    });
    expect(text?.text).toContain('You have been assigned to HC-100');
    const smsRow = (await rows()).find((r) => r.recordId === job && r.channel === 'sms');
    expect(text?.idempotencyKey).toBe(smsRow?.id);

    // Sent is sent: another run sends nothing again.
    expect(await runner()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('unassigning, a new time, an important note, a chat message and cancelling each tell the worker', async () => {
    const job = await jobFor(t, p, { resIds: ['r1', 'r2'], reference: 'HC-200' });
    const read = async () =>
      ok<Record<string, unknown>>(await call(t, p.dispatcher, 'GET', `/timeline-records/${job}`));
    // A second between changes, so the log lists them in order.
    const save = async (change: Record<string, unknown>) => {
      t.clock.advance(1);
      const current = await read();
      ok(
        await call(t, p.dispatcher, 'PATCH', `/timeline-records/${job}`, {
          ...change,
          version: current.version,
        }),
      );
    };
    await save({ resIds: ['r1'] });
    await save({ utc_begin_plus_tz: ((await read()).utc_begin_plus_tz as number) + 1800 });
    await save({ notes: 'Dog in the yard' }); // not important: tells nobody
    await save({ notes: 'Gate code 4321', notes_important: true });
    t.clock.advance(1);
    ok(
      await call(t, p.dispatcher, 'POST', `/bookings/${job}/feeds`, {
        client_id: crypto.randomUUID(),
        text: 'Running late?',
      }),
      201,
    );
    t.clock.advance(1);
    ok(await call(t, p.dispatcher, 'POST', `/bookings/${job}/actions/cancel`, {}));
    const events = (await log(job)).filter((i) => i.channel === 'email' || i.channel === 'push');
    expect(events.map((i) => `${i.event}/${i.channel}`)).toEqual([
      'assigned/email', // Ann
      'assigned/email', // Bob (no push subscription)
      'assigned/push', // Ann
      'unassigned/email', // r2
      'changed/email',
      'changed/push',
      'changed/email',
      'changed/push',
      'chat/push',
      'cancelled/email',
      'cancelled/push',
    ]);
    expect(
      (await rows()).filter((r) => r.recordId === job && r.event === 'unassigned').map((r) => r.uid),
    ).toEqual([p.uids.resource2]);
  });

  it('a refused change writes no notification', async () => {
    const job = await jobFor(t, p, { resIds: ['r2'] });
    const before = (await rows()).length;
    const stale = await call(t, p.dispatcher, 'PATCH', `/timeline-records/${job}`, {
      resIds: ['r1'],
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect((await rows()).length).toBe(before);
  });

  it('one failing channel never holds up the others; it is tried again after its backoff until it is sent', async () => {
    sms.plan.push(503, 503);
    const job = await jobFor(t, p, { resIds: ['r1'], reference: 'HC-300' });
    expect(await runner()).toEqual({ sent: 2, retried: 1, failed: 0 });
    const after1 = await log(job);
    expect(after1.map((i) => [i.channel, i.status])).toEqual([
      ['email', 'sent'],
      ['push', 'sent'],
      ['sms', 'pending'],
    ]);
    expect(after1[2]?.last_error).toBe('SMS provider answered 503: status 503');

    // Not before its backoff (SMS: 2 minutes, then 4).
    t.clock.advance(60);
    expect(await runner()).toEqual({ sent: 0, retried: 0, failed: 0 });
    t.clock.advance(61);
    expect(await runner()).toEqual({ sent: 0, retried: 1, failed: 0 });
    t.clock.advance(241);
    expect(await runner()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect((await log(job))[2]).toMatchObject({
      channel: 'sms',
      status: 'sent',
      attempts: 3,
      last_error: null,
    });
  });

  it('a refusal that trying again cannot mend fails at once; a push subscription that is gone is forgotten', async () => {
    sms.plan.push(422);
    push.answer.status = 410;
    const job = await jobFor(t, p, { resIds: ['r1'], reference: 'HC-400' });
    expect(await runner()).toEqual({ sent: 1, retried: 0, failed: 2 });
    expect((await log(job)).map((i) => [i.channel, i.status, i.last_error])).toEqual([
      ['email', 'sent', null],
      ['push', 'failed', 'push subscription gone (410)'],
      ['sms', 'failed', 'SMS provider answered 422: status 422'],
    ]);
    // Gone: the next job has no push send for Ann until her browser subscribes again.
    const next = await jobFor(t, p, { resIds: ['r1'] });
    expect((await log(next)).map((i) => i.channel)).toEqual(['email', 'sms']);
    ok(await call(t, p.resource1, 'POST', '/me/push-subscriptions', annPush.body));
  });

  it("a worker's channels and quiet hours: off channels are skipped, quiet hours hold sends until they end", async () => {
    // The org is on UTC: quiet from the current hour for two hours.
    const now = t.clock.now();
    const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    const quiet = { start: hh(now.getUTCHours()), end: hh(now.getUTCHours() + 2) };
    const bad = await call(t, p.resource1, 'PUT', '/me/notification-preferences', {
      channels: ['email'],
      quiet_hours: { start: '7am', end: '09:00' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { message: 'Quiet hours are times of day, as HH:MM.' } });
    ok(
      await call(t, p.resource1, 'PUT', '/me/notification-preferences', {
        channels: ['email'],
        quiet_hours: quiet,
      }),
    );
    expect(ok(await call(t, p.resource1, 'GET', '/me/notification-preferences'))).toEqual({
      channels: ['email'],
      quiet_hours: quiet,
    });

    const job = await jobFor(t, p, { resIds: ['r1'] });
    expect((await log(job)).map((i) => [i.channel, i.status])).toEqual([['email', 'pending']]);
    expect(await runner()).toEqual({ sent: 0, retried: 0, failed: 0 });
    t.clock.set(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours() + 2)),
    );
    expect(await runner()).toEqual({ sent: 1, retried: 0, failed: 0 });
    ok(
      await call(t, p.resource1, 'PUT', '/me/notification-preferences', {
        channels: ['push', 'email', 'sms'],
        quiet_hours: null,
      }),
    );
  });

  it("the organisation's channels per event and its templates, with its captions and date format", async () => {
    const settings = {
      event_channels: { assigned: ['email'] },
      templates: {
        assigned: { subject: 'New {caption:m_bookings} for you: {job}', body: 'See {job} at {when}.' },
      },
    };
    expect(ok(await call(t, p.resource1, 'PUT', '/settings/notifications', settings), 403)).toBeTruthy();
    expect(ok(await call(t, p.dispatcher, 'PUT', '/settings/notifications', settings))).toEqual(settings);
    expect(ok(await call(t, p.dispatcher, 'GET', '/settings/notifications'))).toEqual(settings);
    await putSettings(t.db.db, p.orgId, 'captions', { m_bookings: 'Visit' });
    const version = async () =>
      ok<{ version: number }>(await call(t, p.dispatcher, 'GET', '/company')).version;
    ok(
      await call(t, p.dispatcher, 'PUT', '/company', { date_format: 'yyyy-mm-dd', version: await version() }),
    );
    const before = annMails().length;
    const job = await jobFor(t, p, { resIds: ['r1'], reference: 'HC-500' });
    expect((await log(job)).map((i) => i.channel)).toEqual(['email']);
    await runner();
    ok(
      await call(t, p.dispatcher, 'PUT', '/company', {
        date_format: 'dd/mmm/yyyy',
        version: await version(),
      }),
    );
    const [mail] = annMails().slice(before);
    expect(mail?.raw).toContain('Subject: New Visit for you: HC-500');
    // The start in the organisation's date format, with the spec's seconds.
    expect(mail?.raw).toMatch(/See HC-500 at \d{4}-\d\d-\d\d 09:00:00 AM\./);
    ok(await call(t, p.dispatcher, 'PUT', '/settings/notifications', { event_channels: {}, templates: {} }));
  });

  it('a send whose runner died is taken over after its lease, with the same idempotency key, and sent once', async () => {
    const job = await jobFor(t, p, { resIds: ['r1'], reference: 'HC-600' });
    // A runner claims the sends and dies before marking them.
    const dead = await claimDeliveries(t.db.db, p.orgId, t.clock.now(), LEASE_MS);
    expect(dead.map((d) => d.channel).sort()).toEqual(['email', 'push', 'sms']);
    // While its lease holds, no runner touches them.
    expect(await runner()).toEqual({ sent: 0, retried: 0, failed: 0 });
    t.clock.advance(LEASE_MS / 1000 + 1);
    const smsBefore = sms.requests.length;
    expect(await runner()).toEqual({ sent: 3, retried: 0, failed: 0 });
    const smsRow = dead.find((d) => d.channel === 'sms');
    expect(sms.requests.slice(smsBefore).map((r) => r.idempotencyKey)).toEqual([smsRow?.id]);
    expect((await log(job)).map((i) => [i.status, i.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
      ['sent', 2],
    ]);
    // The dead runner's claim is void: were it to wake, it could not mark them again.
    expect(await markSent(t.db.db, p.orgId, smsRow as (typeof dead)[number], null, t.clock.now())).toBe(
      false,
    );
  });

  it('two runners at once never claim the same send', async () => {
    for (let i = 0; i < 3; i++) await jobFor(t, p, { resIds: ['r1'] });
    const now = t.clock.now();
    const [a, b] = await Promise.all([
      claimDeliveries(t.db.db, p.orgId, now, LEASE_MS, 5),
      claimDeliveries(t.db.db, p.orgId, now, LEASE_MS, 5),
    ]);
    const ids = [...(a ?? []), ...(b ?? [])].map((d) => d.id);
    expect(ids.length).toBe(9);
    expect(new Set(ids).size).toBe(9);
    t.clock.advance(LEASE_MS / 1000 + 1);
    await runner();
  });
});
