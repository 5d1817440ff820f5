import { toWallClock } from '@rostra/core/time/calendar';
import { listConfirmations } from '@rostra/db/notifications/confirmations';
import { claimDeliveries, listDeliveries } from '@rostra/db/notifications/deliveries';
import { bookingConfirmations, notificationDeliveries } from '@rostra/db/schema/notifications';
import { resources } from '@rostra/db/schema/scheduling';
import { putSettings } from '@rostra/db/settings';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { emailChannel } from './channels.ts';
import { browserSubscription, decryptPush, pushService, smtpReceiver } from './testing.ts';

/*
 * Issue #19 point 2, the events beyond a booking's own changes: a reminder before the start, an
 * open job offered from the job board, a bid accepted or not; a batch allocation writing the same
 * sends as one allocation at a time (in a fixed number of statements per chunk); finished sends
 * leaving the outbox after the retention period; and a mail sent again after a crash carrying the
 * same Message-ID as the first.
 */

describe.each(testDatabaseKinds())('notification events on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
  let push: Awaited<ReturnType<typeof pushService>>;
  let annPush: ReturnType<typeof browserSubscription>;
  const LEASE_MS = 60_000;
  let n = 0;

  const runner = () =>
    t.app.jobs.runNow('notifications') as Promise<{ sent: number; retried: number; failed: number }>;
  const rows = () => listDeliveries(t.db.db, p.orgId);
  const rowsOf = async (job: string, event?: string) =>
    (await rows()).filter((r) => r.recordId === job && (event === undefined || r.event === event));
  const sendsOf = async (job: string, event: string) =>
    (await rowsOf(job, event))
      .map((r) => `${r.uid === p.uids.resource1 ? 'ann' : 'bob'}/${r.channel}`)
      .sort();
  const annPushes = (from: number) =>
    push.received
      .slice(from)
      .map((m) => JSON.parse(decryptPush(m.body, annPush.ecdh, annPush.auth)) as Record<string, unknown>);
  const booking = async (over: Record<string, unknown>) => {
    n++;
    const begin = MONDAY + (30 + n) * 86_400 + 9 * H;
    const made = ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: `ev-${n}`,
        status: 'confirmed',
        customerId: 'c1',
        labels: [],
        reference: `EV-${n}`,
        utc_begin_plus_tz: begin,
        utc_end_plus_tz: begin + H,
        ...over,
      }),
      201,
    );
    return made._id as string;
  };
  const settings = async (body: Record<string, unknown>) =>
    ok(
      await call(t, p.dispatcher, 'PUT', '/settings/notifications', {
        event_channels: {},
        templates: {},
        ...body,
      }),
    );

  beforeAll(async () => {
    smtp = await smtpReceiver();
    push = await pushService();
    t = await createTestApp(
      kind,
      {},
      { smtpUrl: smtp.url, mailFrom: 'Rostra <no-reply@rostra.test>' },
      { allowHttpPush: true, leaseMs: LEASE_MS },
    );
    p = await schedulingOrg(t, 'org-events');
    // No shifts in these fixtures: the shift check is switched off, as an organisation may.
    await putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } });
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx
        .update(resources)
        .set({ mobile: '+61400000111' })
        .where(and(eq(resources.orgId, p.orgId), eq(resources.id, 'r1'))),
    );
    annPush = browserSubscription(`${push.base}/push/ann-events`);
    ok(await call(t, p.resource1, 'POST', '/me/push-subscriptions', annPush.body));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await push?.close();
  });
  beforeEach(async () => {
    t.clock.advance(2 * 3600);
    await runner();
    await settings({});
  });

  it('a batch allocation writes each assigned worker the sends and the confirm request of a single allocation', async () => {
    // Four jobs at the same time: the batch spreads them over four workers, Ann and Bob among them.
    const day = MONDAY + 24 * 86_400;
    const at = { utc_begin_plus_tz: day + 9 * H, utc_end_plus_tz: day + 10 * H };
    const jobs = [await booking(at), await booking(at), await booking(at), await booking(at)];
    ok(await call(t, p.dispatcher, 'POST', '/allocation/batch', { from: day, to: day + 86_400 }));
    const workers: string[] = [];
    for (const job of jobs) {
      const record = ok<{ resIds: string[] }>(await call(t, p.dispatcher, 'GET', `/timeline-records/${job}`));
      const worker = record.resIds[0] ?? '';
      workers.push(worker);
      // Ann is reachable by push, email and SMS; Bob by email; the others have no user.
      const expected = { r1: ['ann/email', 'ann/push', 'ann/sms'], r2: ['bob/email'] }[worker] ?? [];
      expect(await sendsOf(job, 'assigned')).toEqual(expected);
      expect((await listConfirmations(t.db.db, p.orgId, job)).map((c) => [c.resourceId, c.state])).toEqual(
        expected.length ? [[worker, 'pending']] : [],
      );
    }
    expect(workers).toEqual(expect.arrayContaining(['r1', 'r2']));
  });

  it('an open job is offered to the workers once, by the channels the organisation chose for offers', async () => {
    const pushes = push.received.length;
    const job = await booking({ resIds: [] });
    const ref = `EV-${n}`;
    // By default an offer goes by push: Ann has a subscription, Bob none.
    expect(await sendsOf(job, 'offered')).toEqual(['ann/push']);
    await runner();
    expect(annPushes(pushes)).toEqual([
      expect.objectContaining({ title: `Open job: ${ref}`, event: 'offered', record_id: job }),
    ]);
    expect(annPushes(pushes)[0]?.body).toMatch(new RegExp(`^${ref} on .* is open on the job board\\.$`));

    // Editing the open job offers it no second time; taking it off the board and back does.
    const patch = async (change: Record<string, unknown>) => {
      const current = ok<{ version: number }>(await call(t, p.dispatcher, 'GET', `/timeline-records/${job}`));
      ok(
        await call(t, p.dispatcher, 'PATCH', `/timeline-records/${job}`, {
          ...change,
          version: current.version,
        }),
      );
    };
    await patch({ notes: 'Bring gloves' });
    expect(await sendsOf(job, 'offered')).toEqual(['ann/push']);
    await settings({ event_channels: { offered: ['push', 'email'] } });
    await patch({ resIds: ['r1'] });
    await patch({ resIds: [] });
    // Ann, just taken off it, is told `unassigned`, not offered it; Bob now is, by email.
    expect(await sendsOf(job, 'unassigned')).toEqual(['ann/email', 'ann/push']);
    expect(await sendsOf(job, 'offered')).toEqual(['ann/push', 'bob/email']);
    // A draft is no open job.
    const draft = await booking({ resIds: [], status: 'draft' });
    expect(await rowsOf(draft)).toEqual([]);
  });

  it('accepting a bid, or any allocation of a job bid on, tells the bidder it was accepted and every other bidder it was not', async () => {
    const job = await booking({ resIds: [] });
    const annBid = ok<{ _id: string }>(await call(t, p.resource1, 'POST', `/bookings/${job}/bids`, {}), 201);
    ok(await call(t, p.resource2, 'POST', `/bookings/${job}/bids`, {}), 201);
    const pushes = push.received.length;
    const mails = smtp.mails.length;
    ok(await call(t, p.dispatcher, 'POST', `/bookings/${job}/bids/${annBid._id}/accept`));
    expect(await sendsOf(job, 'bid_accepted')).toEqual(['ann/push']);
    expect(await sendsOf(job, 'assigned')).toEqual(['ann/email', 'ann/push', 'ann/sms']);
    // Bob has no push subscription: the default channels of a declined bid include email.
    expect(await sendsOf(job, 'bid_declined')).toEqual(['bob/email']);
    await runner();
    expect(annPushes(pushes).map((m) => m.title)).toEqual(
      expect.arrayContaining([`Bid accepted: EV-${n}`, `New job: EV-${n}`]),
    );
    const bobMail = smtp.mails.slice(mails).find((m) => m.to.includes(`resource2@${p.orgId}.test`));
    expect(bobMail?.raw).toContain(`Subject: Bid not accepted: EV-${n}`);
    expect(bobMail?.raw).toMatch(new RegExp(`The job you bid on, EV-${n} on .*, went to someone else\\.`));
    // A job bid on and then given by the dispatcher to one bidder: the other hears it, once.
    const other = await booking({ resIds: [] });
    ok(await call(t, p.resource1, 'POST', `/bookings/${other}/bids`, {}), 201);
    ok(await call(t, p.resource2, 'POST', `/bookings/${other}/bids`, {}), 201);
    const current = ok<{ version: number }>(await call(t, p.dispatcher, 'GET', `/timeline-records/${other}`));
    ok(
      await call(t, p.dispatcher, 'PATCH', `/timeline-records/${other}`, {
        resIds: ['r2'],
        version: current.version,
      }),
    );
    expect(await sendsOf(other, 'bid_declined')).toEqual(['ann/email', 'ann/push']);
    expect(await sendsOf(other, 'assigned')).toEqual(['bob/email']);
  });

  it('a reminder goes the set minutes before the start, once; none when reminders are off or the job started', async () => {
    const reminders = () => t.app.jobs.runNow('notification-reminders');
    const settingsRes = await call(t, p.dispatcher, 'PUT', '/settings/notifications', {
      event_channels: {},
      templates: {},
      reminder_minutes: 7 * 24 * 60 + 1,
    });
    expect(settingsRes.statusCode).toBe(400);
    // The organisation is on UTC: its wall clock is the real one.
    const start = toWallClock(t.clock.now().getTime(), 'UTC') + 2 * H;
    const job = await booking({ resIds: ['r1'], utc_begin_plus_tz: start, utc_end_plus_tz: start + H });
    await runner();

    // Off by default: nothing, however close the start.
    t.clock.advance(H + 30 * 60);
    await reminders();
    expect(await rowsOf(job, 'reminder')).toEqual([]);

    await settings({ reminder_minutes: 45 });
    expect(ok(await call(t, p.dispatcher, 'GET', '/settings/notifications'))).toMatchObject({
      reminder_minutes: 45,
    });
    // 30 minutes to go, within the 45: Ann is reminded by push and SMS (the default channels).
    const pushes = push.received.length;
    await reminders();
    expect(await sendsOf(job, 'reminder')).toEqual(['ann/push', 'ann/sms']);
    // Once: later runs write nothing more.
    t.clock.advance(60);
    await reminders();
    t.clock.advance(60);
    await reminders();
    expect(await sendsOf(job, 'reminder')).toEqual(['ann/push', 'ann/sms']);
    await runner();
    expect(annPushes(pushes)).toEqual([
      expect.objectContaining({ title: `Starting soon: EV-${n}`, event: 'reminder', record_id: job }),
    ]);

    // Moved an hour later, the job is reminded again of its new start, when that is near.
    const current = ok<{ version: number }>(await call(t, p.dispatcher, 'GET', `/timeline-records/${job}`));
    ok(
      await call(t, p.dispatcher, 'PATCH', `/timeline-records/${job}`, {
        utc_begin_plus_tz: start + H,
        utc_end_plus_tz: start + 2 * H,
        version: current.version,
      }),
    );
    await reminders();
    expect((await rowsOf(job, 'reminder')).length).toBe(2);
    t.clock.advance(H);
    await reminders();
    expect((await rowsOf(job, 'reminder')).length).toBe(4);

    // A job that already started is not reminded late.
    const late = await booking({
      resIds: ['r1'],
      utc_begin_plus_tz: toWallClock(t.clock.now().getTime(), 'UTC') - 60,
      utc_end_plus_tz: toWallClock(t.clock.now().getTime(), 'UTC') + H,
    });
    await reminders();
    expect(await rowsOf(late, 'reminder')).toEqual([]);
  });

  it('finished sends and expired confirm requests leave after the retention period; pending sends stay', async () => {
    const retention = () =>
      t.app.jobs.runNow('notification-retention') as Promise<{ deliveries: number; confirmations: number }>;
    // Whatever earlier tests left, sent now, is pruned when its time comes; start from a clean slate.
    t.clock.advance(91 * 86_400);
    await retention();
    const start = toWallClock(t.clock.now().getTime(), 'UTC') + 3 * H;
    const job = await booking({ resIds: ['r1'], utc_begin_plus_tz: start, utc_end_plus_tz: start + H });
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx
        .update(notificationDeliveries)
        .set({ nextAttemptAt: new Date(t.clock.now().getTime() + 365 * 86_400_000) })
        .where(and(eq(notificationDeliveries.recordId, job), eq(notificationDeliveries.channel, 'sms'))),
    );
    await runner();
    expect((await rowsOf(job)).map((r) => [r.channel, r.status])).toEqual([
      ['email', 'sent'],
      ['push', 'sent'],
      ['sms', 'pending'],
    ]);

    t.clock.advance(89 * 86_400);
    expect(await retention()).toEqual({ deliveries: 0, confirmations: 0 });
    expect((await rowsOf(job)).length).toBe(3);
    expect((await listConfirmations(t.db.db, p.orgId, job)).length).toBe(1);

    t.clock.advance(2 * 86_400);
    expect(await retention()).toEqual({ deliveries: 2, confirmations: 1 });
    expect((await rowsOf(job)).map((r) => [r.channel, r.status])).toEqual([['sms', 'pending']]);
    expect(
      await withOrg(t.db.db, p.orgId, (tx) =>
        tx.select().from(bookingConfirmations).where(eq(bookingConfirmations.recordId, job)),
      ),
    ).toEqual([]);
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx.delete(notificationDeliveries).where(eq(notificationDeliveries.recordId, job)),
    );
  });

  it('a mail sent again after its runner died carries the Message-ID of the first, so the receiving side can drop it', async () => {
    await settings({ event_channels: { assigned: ['email'] } });
    const job = await booking({ resIds: ['r1'] });
    const [claimed] = await claimDeliveries(t.db.db, p.orgId, t.clock.now(), LEASE_MS);
    expect(claimed?.channel).toBe('email');
    // The runner hands the mail to the SMTP server, which takes it, and dies before marking it.
    const mails = smtp.mails.length;
    await emailChannel(t.app.identity.transport).send(claimed as NonNullable<typeof claimed>);
    t.clock.advance(LEASE_MS / 1000 + 1);
    expect(await runner()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const sent = smtp.mails.slice(mails);
    expect(sent.length).toBe(2);
    const ids = sent.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]?.trim());
    expect(ids).toEqual([`<${claimed?.id}@rostra>`, `<${claimed?.id}@rostra>`]);
    expect((await rowsOf(job)).map((r) => [r.channel, r.status, r.attempts])).toEqual([['email', 'sent', 2]]);
  });
});
