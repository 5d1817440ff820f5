import { liveSeqsUnsafe, selectLiveEventsUnsafe } from '@rostra/db/infra/live-events';
import { listDeliveries } from '@rostra/db/notifications/deliveries';
import { putSettings } from '@rostra/db/settings';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { withConfirmLink } from './notifications.ts';

/*
 * Issue #19 point 4, draft and publish: with publishing on, a dispatcher's roster changes are
 * drafts (marked for dispatchers, unseen and untold to the workers) until a dispatcher publishes
 * the period; publishing tells each affected worker once, with the list of their changes.
 */

describe.each(testDatabaseKinds())('draft and publish on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let week = 0;
  let from = 0;
  let n = 0;

  const rows = () => listDeliveries(t.db.db, p.orgId);
  const told = async (event: string) => (await rows()).filter((r) => r.event === event);
  const setPublishing = async (publish: boolean) =>
    ok(await call(t, p.dispatcher, 'PUT', '/settings/roster-publishing', { publish }));
  const period = () => ({ from, to: from + 7 * 86_400 });
  const counts = async () =>
    ok(await call(t, p.dispatcher, 'GET', `/roster/publication?from=${period().from}&to=${period().to}`));
  const publish = async () => ok(await call(t, p.dispatcher, 'POST', '/roster/publication', period()));
  const job = async (over: Record<string, unknown> = {}) => {
    n++;
    const begin = from + (n % 5) * 86_400 + 9 * H;
    return ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: `pub-${n}`,
        status: 'confirmed',
        customerId: 'c1',
        reference: `PUB-${n}`,
        utc_begin_plus_tz: begin,
        utc_end_plus_tz: begin + H,
        ...over,
      }),
      201,
    )._id as string;
  };
  const patch = async (id: string, change: Record<string, unknown>) => {
    const current = ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`));
    return ok(
      await call(t, p.dispatcher, 'PATCH', `/timeline-records/${id}`, {
        ...change,
        version: current.version,
      }),
    );
  };
  const windowOf = async (who: Personas['dispatcher']) =>
    ok<{ records: { _id: string; draft?: boolean }[] }>(
      await call(t, who, 'GET', `/timeline?from=${period().from}&to=${period().to}`),
    ).records;

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-publish');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    // Each test its own week, far from the others.
    week++;
    from = MONDAY + week * 14 * 86_400;
    await setPublishing(true);
  });

  it('publishing is off by default, and only dispatchers read, turn or use it', async () => {
    await setPublishing(false);
    expect(ok(await call(t, p.dispatcher, 'GET', '/settings/roster-publishing'))).toEqual({ publish: false });
    expect((await call(t, p.resource1, 'GET', '/settings/roster-publishing')).statusCode).toBe(403);
    expect(
      (await call(t, p.resource1, 'PUT', '/settings/roster-publishing', { publish: true })).statusCode,
    ).toBe(403);
    expect((await call(t, p.resource1, 'POST', '/roster/publication', period())).statusCode).toBe(403);
    expect(
      (await call(t, p.resource1, 'GET', `/roster/publication?from=${period().from}&to=${period().to}`))
        .statusCode,
    ).toBe(403);
    expect((await call(t, p.customer, 'POST', '/roster/publication', period())).statusCode).toBe(403);
    expect(ok(await call(t, p.dispatcher, 'GET', '/settings/roster-publishing'))).toEqual({ publish: false });
  });

  it('with publishing off, assigning tells the worker at once and nothing is a draft', async () => {
    await setPublishing(false);
    const id = await job({ resIds: ['r1'] });
    expect((await told('assigned')).filter((r) => r.recordId === id).map((r) => r.uid)).toContain(
      p.uids.resource1,
    );
    expect((await windowOf(p.dispatcher)).find((r) => r._id === id)?.draft).toBeUndefined();
    expect((await windowOf(p.resource1)).map((r) => r._id)).toContain(id);
    expect(await counts()).toEqual({ workers: 0, jobs: 0 });
  });

  it('a draft assignment is marked for dispatchers, hidden from and untold to the worker', async () => {
    const id = await job({ resIds: ['r1'] });
    const other = await job();
    await patch(other, { resIds: ['r2'] });
    expect((await rows()).filter((r) => r.recordId === id || r.recordId === other)).toEqual([]);
    const seen = await windowOf(p.dispatcher);
    expect(seen.find((r) => r._id === id)?.draft).toBe(true);
    expect(seen.find((r) => r._id === other)?.draft).toBe(true);
    expect((await windowOf(p.resource1)).map((r) => r._id)).not.toContain(id);
    expect((await call(t, p.resource1, 'GET', `/timeline-records/${id}`)).statusCode).toBe(404);
    expect(await counts()).toEqual({ workers: 2, jobs: 2 });
    // Undone before publishing: nothing left to tell about that job.
    await patch(other, { resIds: [] });
    expect(await counts()).toEqual({ workers: 1, jobs: 1 });
  });

  it('publishing tells each affected worker once with their changes, and a second publish nothing', async () => {
    // Published state first: Ann on A, Bob on B.
    await setPublishing(false);
    const a = await job({ resIds: ['r1'], reference: 'JOB-A' });
    const b = await job({ resIds: ['r2'], reference: 'JOB-B' });
    await setPublishing(true);
    const before = (await rows()).length;
    // Drafts: A moves an hour later; B goes from Bob to Ann; C is new for Bob.
    const aBegin = ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${a}`))
      .utc_begin_plus_tz as number;
    await patch(a, { utc_begin_plus_tz: aBegin + H, utc_end_plus_tz: aBegin + 2 * H });
    await patch(b, { resIds: ['r1'] });
    const c = await job({ resIds: ['r2'], reference: 'JOB-C' });
    expect((await rows()).length).toBe(before);
    expect(await counts()).toEqual({ workers: 2, jobs: 3 });

    expect(await publish()).toEqual({ workers: 2, jobs: 3 });
    const sent = await told('roster_published');
    const byWorker = (uid: string) => sent.filter((r) => r.uid === uid);
    // One notification per worker (one row per channel they are reached by).
    expect(new Set(byWorker(p.uids.resource1).map((r) => r.eventId)).size).toBe(1);
    expect(new Set(byWorker(p.uids.resource2).map((r) => r.eventId)).size).toBe(1);
    expect(new Set(byWorker(p.uids.resource1).map((r) => r.channel)).size).toBe(
      byWorker(p.uids.resource1).length,
    );
    const ann = byWorker(p.uids.resource1)[0]?.body ?? '';
    const bob = byWorker(p.uids.resource2)[0]?.body ?? '';
    expect(ann).toContain('Changed: JOB-A');
    expect(ann).toContain('New: JOB-B');
    expect(ann).not.toContain('JOB-C');
    expect(bob).toContain('Removed: JOB-B');
    expect(bob).toContain('New: JOB-C');
    expect(bob).not.toContain('JOB-A');
    // No per-change sends were written for the drafts.
    expect((await rows()).filter((r) => r.event !== 'roster_published').length).toBe(before);
    // Now the worker reads the job, and no bar is a draft.
    expect((await windowOf(p.resource2)).map((r) => r._id)).toContain(c);
    expect((await windowOf(p.dispatcher)).filter((r) => r.draft)).toEqual([]);

    const after = (await rows()).length;
    expect(await counts()).toEqual({ workers: 0, jobs: 0 });
    expect(await publish()).toEqual({ workers: 0, jobs: 0 });
    expect((await rows()).length).toBe(after);
  });

  it('cancelling a job tells at once only the workers it was published to', async () => {
    await setPublishing(false);
    const id = await job({ resIds: ['r1'] });
    await setPublishing(true);
    await patch(id, { resIds: ['r1', 'r2'] });
    ok(await call(t, p.dispatcher, 'POST', `/bookings/${id}/actions/cancel`, {}));
    expect([
      ...new Set((await told('cancelled')).filter((r) => r.recordId === id).map((r) => r.uid)),
    ]).toEqual([p.uids.resource1]);
    expect(await counts()).toEqual({ workers: 0, jobs: 0 });
  });

  const decline = async (who: Personas['resource1'], id: string) =>
    ok(await call(t, who, 'POST', `/bookings/${id}/confirmation`, { decision: 'decline', reason: 'Ill' }));
  const declinedBell = async (id: string) =>
    ok<{ items: { kind: string; record_id: string }[] }>(
      await call(t, p.dispatcher, 'GET', '/notifications'),
    ).items.filter((n) => n.record_id === id && n.kind === 'confirmation');

  it("a worker's own decline is no draft and tells only the dispatchers", async () => {
    await setPublishing(false);
    const id = await job({ resIds: ['r1'] });
    await setPublishing(true);
    await decline(p.resource1, id);
    const before = (await told('roster_published')).length;
    const seen = (await windowOf(p.dispatcher)).find((r) => r._id === id) as
      | { resIds: string[]; draft?: boolean }
      | undefined;
    expect(seen?.resIds).toEqual([]);
    expect(seen?.draft).toBeUndefined();
    expect(await counts()).toEqual({ workers: 0, jobs: 0 });
    expect((await rows()).filter((r) => r.recordId === id && r.event === 'unassigned')).toEqual([]);
    expect(await declinedBell(id)).toHaveLength(1);
    // Publishing later tells them nothing of it.
    await publish();
    expect((await told('roster_published')).length).toBe(before);
  });

  it('a decline on a draft job leaves the rest a draft; publishing does not tell the decliner', async () => {
    await setPublishing(false);
    const id = await job({ resIds: ['r1', 'r2'], reference: 'JOB-D' });
    await setPublishing(true);
    const begin = ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`))
      .utc_begin_plus_tz as number;
    await patch(id, { utc_begin_plus_tz: begin + H, utc_end_plus_tz: begin + 2 * H });
    await decline(p.resource1, id);
    expect((await windowOf(p.dispatcher)).find((r) => r._id === id)?.draft).toBe(true);
    expect(await counts()).toEqual({ workers: 1, jobs: 1 });
    const earlier = new Set((await told('roster_published')).map((r) => r.id));
    await publish();
    const sent = (await told('roster_published')).filter((r) => !earlier.has(r.id));
    expect(sent.filter((r) => r.uid === p.uids.resource1)).toEqual([]);
    expect(sent.find((r) => r.uid === p.uids.resource2)?.body).toContain('Changed: JOB-D');
    expect((await rows()).filter((r) => r.event === 'unassigned' && r.recordId === id)).toEqual([]);
  });

  it('a worker reads a job as last published to them until it is published', async () => {
    await setPublishing(false);
    const moved = await job({ resIds: ['r1'], reference: 'JOB-M', addressline1: '1 Old St' });
    const off = await job({ resIds: ['r1'], reference: 'JOB-O' });
    await setPublishing(true);
    const was = ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${moved}`));
    const begin = was.utc_begin_plus_tz as number;
    const seq = (await liveSeqsUnsafe(t.db.db, [p.orgId])).get(p.orgId) ?? 0;
    // Drafts: JOB-M moves to the next week and a new address; JOB-O goes from Ann to Bob.
    const later = begin + 7 * 86_400;
    await patch(moved, { utc_begin_plus_tz: later, utc_end_plus_tz: later + H, addressline1: '9 New Rd' });
    await patch(off, { resIds: ['r2'] });

    type Rec = { _id: string; resIds: string[]; utc_begin_plus_tz: number; addressline1?: string };
    const read = async (who: Personas['dispatcher'], id: string) =>
      ok<Rec>(await call(t, who, 'GET', `/timeline-records/${id}`));
    // Ann: both jobs as published, in the window (bars and full records), the record and the list.
    const ann = (await windowOf(p.resource1)) as unknown as Rec[];
    expect(ann.find((r) => r._id === moved)?.utc_begin_plus_tz).toBe(begin);
    expect(ann.find((r) => r._id === off)?.resIds).toEqual(['r1']);
    const full = ok<{ records: Rec[] }>(
      await call(t, p.resource1, 'GET', `/timeline?from=${period().from}&to=${period().to}&detail=full`),
    ).records;
    expect(full.find((r) => r._id === moved)).toMatchObject({
      utc_begin_plus_tz: begin,
      addressline1: '1 Old St',
    });
    expect(await read(p.resource1, moved)).toMatchObject({
      utc_begin_plus_tz: begin,
      addressline1: '1 Old St',
    });
    expect((await read(p.resource1, off)).resIds).toEqual(['r1']);
    const list = ok<{ items: Rec[] }>(
      await call(t, p.resource1, 'GET', `/timeline-records?from=${period().from}&to=${period().to}`),
    ).items;
    expect(list.find((r) => r._id === moved)?.utc_begin_plus_tz).toBe(begin);
    // Bob does not read the job he is new on; the dispatcher reads the drafts.
    expect((await windowOf(p.resource2)).map((r) => r._id)).not.toContain(off);
    expect((await windowOf(p.dispatcher)).map((r) => r._id)).not.toContain(moved);
    expect(await read(p.dispatcher, moved)).toMatchObject({
      utc_begin_plus_tz: later,
      addressline1: '9 New Rd',
    });
    // Live: Ann hears nothing of the drafts (but what else changed); the dispatchers hear each change.
    const events = (await selectLiveEventsUnsafe(t.db.db, p.orgId, seq, 100)).filter(
      (e) => e.payload._id === moved || e.payload._id === off,
    );
    const toAnn = events.filter((e) => e.audience.uids?.includes(p.uids.resource1));
    for (const e of toAnn) {
      expect(e.payload.changed).not.toContain('utc_begin_plus_tz');
      expect(e.payload.changed).not.toContain('addressline1');
      expect(e.payload.changed).not.toContain('resIds');
      expect(e.kind).not.toBe('record.removed');
    }
    expect(toAnn.find((e) => e.payload._id === moved)?.payload.utc_begin_plus_tz).toBe(begin);
    expect(events.filter((e) => e.audience.dispatchers && e.kind === 'record.changed')).toHaveLength(2);

    await publish();
    expect(await read(p.resource1, moved)).toMatchObject({
      utc_begin_plus_tz: later,
      addressline1: '9 New Rd',
    });
    expect((await call(t, p.resource1, 'GET', `/timeline-records/${off}`)).statusCode).toBe(404);
    expect((await windowOf(p.resource1)).map((r) => r._id)).not.toContain(off);
    expect((await windowOf(p.resource2)).map((r) => r._id)).toContain(off);
  });

  it('a worker pages their records list by the times published to them', async () => {
    await setPublishing(false);
    // Four of Ann's jobs in a day, an hour apart; then the last one moves first in the draft.
    const day = from + 86_400;
    const ids: string[] = [];
    for (const h of [9, 10, 11, 12]) {
      ids.push(
        await job({ resIds: ['r1'], utc_begin_plus_tz: day + h * H, utc_end_plus_tz: day + h * H + H / 2 }),
      );
    }
    await setPublishing(true);
    await patch(ids[3] as string, { utc_begin_plus_tz: day + 8 * H, utc_end_plus_tz: day + 8 * H + H / 2 });

    type Rec = { _id: string; utc_begin_plus_tz: number };
    const walk = async (who: Personas['dispatcher'], query: string) => {
      const seen: Rec[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: Rec[]; next_cursor: string | null } = ok(
          await call(t, who, 'GET', `/timeline-records?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`),
        );
        seen.push(...page.items);
        cursor = page.next_cursor;
      } while (cursor && seen.length < 20);
      return seen.map((r) => [r._id, r.utc_begin_plus_tz]);
    };
    const asPublished = [9, 10, 11, 12].map((h, i) => [ids[i], day + h * H]);
    // Ann: every job once, in the order and at the times published to her, whole day or a window.
    expect(await walk(p.resource1, `from=${day}&to=${day + 86_400}`)).toEqual(asPublished);
    expect(await walk(p.resource1, `from=${day + 10 * H}&to=${day + 86_400}`)).toEqual(asPublished.slice(1));
    expect(await walk(p.resource1, `from=${day + 7 * H}&to=${day + 9 * H + 1}`)).toEqual(
      asPublished.slice(0, 1),
    );
    // The dispatcher pages the draft.
    expect((await walk(p.dispatcher, `from=${day}&to=${day + 86_400}`)).map(([id]) => id)).toEqual([
      ids[3],
      ids[0],
      ids[1],
      ids[2],
    ]);
    // Her bookings search (her day list) reads them the same, a page or the window at a time.
    const search = async (body: Record<string, unknown>) =>
      ok<{ items: Rec[] }>(await call(t, p.resource1, 'POST', '/bookings/search', body)).items.map((r) => [
        r._id,
        r.utc_begin_plus_tz,
      ]);
    expect(await search({ from: day, to: day + 86_400, order: 'asc' })).toEqual(asPublished);
    expect(await search({ from: day, to: day + 86_400, order: 'asc', limit: 2, page: 2 })).toEqual(
      asPublished.slice(2),
    );
    expect(await search({ from: day + 7 * H, to: day + 9 * H })).toEqual([]);
  });

  it('the roster published mail and SMS carry a confirm link for each job they ask about', async () => {
    // A job ahead of the clock (a link is good until the job starts), and its day to publish.
    const begin = Math.floor(t.clock.now().getTime() / 1000 / 86_400) * 86_400 + 3 * 86_400 + 9 * H;
    const id = await job({
      resIds: ['r1'],
      reference: 'JOB-L',
      utc_begin_plus_tz: begin,
      utc_end_plus_tz: begin + H,
    });
    const earlier = new Set((await told('roster_published')).map((r) => r.id));
    const day = { from: begin - 9 * H, to: begin + 15 * H };
    expect(ok(await call(t, p.dispatcher, 'POST', '/roster/publication', day))).toEqual({
      workers: 1,
      jobs: 1,
    });
    const sent = (await told('roster_published')).filter(
      (r) => !earlier.has(r.id) && r.uid === p.uids.resource1,
    );
    const mail = sent.find((r) => r.channel === 'email');
    if (!mail) throw new Error('no roster mail');
    // Every mail or SMS of it gets the link where its mark is; a push message none (and no mark).
    for (const row of sent) {
      const prepared = (await withConfirmLink(t.db.db, 'https://app.test', row)).body;
      expect(prepared).not.toContain('{confirm:');
      if (row.channel === 'push') expect(prepared).not.toContain('Confirm or decline');
      else expect(prepared).toContain('Confirm or decline: https://app.test/confirm/');
    }
    const { body } = await withConfirmLink(t.db.db, 'https://app.test', mail);
    const m = /- New: JOB-L[^\n]*\n {2}Confirm or decline: https:\/\/app\.test\/confirm\/(\S+)/.exec(body);
    const token = m?.[1] ?? '';
    expect(token).not.toBe('');
    // The same single-use link as the assignment mail's.
    const answer = (decision: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/confirm/${token}`, payload: { decision } });
    expect((await answer('confirm')).json()).toEqual({ state: 'confirmed' });
    expect((await answer('confirm')).statusCode).toBe(409);
    expect(
      ok<{ items: { state: string }[] }>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/confirmations`))
        .items,
    ).toMatchObject([{ state: 'confirmed' }]);
    // Answered: sent again, the message has no link left for it.
    expect((await withConfirmLink(t.db.db, 'https://app.test', mail)).body).not.toContain(
      'Confirm or decline',
    );
  });

  it('a job the drafts put on the job board is offered at publication, not before', async () => {
    const offersBy = async (channels: string[]) =>
      ok(
        await call(t, p.dispatcher, 'PUT', '/settings/notifications', {
          event_channels: { offered: channels },
          templates: {},
        }),
      );
    await offersBy(['email']);
    try {
      await setPublishing(false);
      const id = await job({ resIds: ['r1'], reference: 'JOB-B' });
      await setPublishing(true);
      await patch(id, { resIds: [] });
      const offered = async () => (await told('offered')).filter((r) => r.recordId === id).map((r) => r.uid);
      expect(await offered()).toEqual([]);
      await publish();
      const to = await offered();
      expect(to).toContain(p.uids.resource2);
      // Ann, taken off it, hears she was removed, not that it is open.
      expect(to).not.toContain(p.uids.resource1);
      // Once: publishing again offers nothing more.
      await publish();
      expect((await offered()).length).toBe(to.length);

      // Ann declines the job she was published on, on which the drafts already put Bob too: it
      // is not open, so nobody is offered it.
      await setPublishing(false);
      const taken = await job({ resIds: ['r1'], reference: 'JOB-T' });
      await setPublishing(true);
      await patch(taken, { resIds: ['r1', 'r2'] });
      await decline(p.resource1, taken);
      await publish();
      expect((await told('offered')).filter((r) => r.recordId === taken)).toEqual([]);
    } finally {
      await offersBy(['push']);
    }
  });

  it("a batch allocation's drafts reach the workers neither live nor in the bell", async () => {
    await putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } });
    const day = from + 3 * 86_400;
    const at = { utc_begin_plus_tz: day + 9 * H, utc_end_plus_tz: day + 10 * H };
    const jobs = [await job(at), await job(at), await job(at), await job(at)];
    const seq = (await liveSeqsUnsafe(t.db.db, [p.orgId])).get(p.orgId) ?? 0;
    expect(
      ok(await call(t, p.dispatcher, 'POST', '/allocation/batch', { from: day, to: day + 86_400 })),
    ).toMatchObject({ assigned: 4 });
    const events = (await selectLiveEventsUnsafe(t.db.db, p.orgId, seq, 200)).filter(
      (e) => e.kind.startsWith('record.') && jobs.includes(e.payload._id as string),
    );
    expect(events.filter((e) => e.audience.dispatchers).length).toBeGreaterThan(0);
    const workers = [p.uids.resource1, p.uids.resource2];
    expect(events.filter((e) => e.audience.uids?.some((u) => workers.includes(u)))).toEqual([]);
    // Nor does their bell.
    for (const who of [p.resource1, p.resource2]) {
      const bell = ok<{ items: { record_id: string }[] }>(await call(t, who, 'GET', '/notifications')).items;
      expect(bell.filter((n) => jobs.includes(n.record_id))).toEqual([]);
    }
    // Published, they read them.
    expect(ok(await call(t, p.dispatcher, 'POST', '/roster/publication', period())).jobs).toBeGreaterThan(0);
  });

  it('a period outside the drafts has nothing to publish', async () => {
    await job({ resIds: ['r1'] });
    const later = { from: from + 7 * 86_400, to: from + 14 * 86_400 };
    expect(ok(await call(t, p.dispatcher, 'POST', '/roster/publication', later))).toEqual({
      workers: 0,
      jobs: 0,
    });
    expect(await counts()).toEqual({ workers: 1, jobs: 1 });
  });
});
