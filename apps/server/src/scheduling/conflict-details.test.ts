import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { putSettings } from '@rostra/db/settings';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../identity/testing.ts';
import { LiveClient, type LiveMessage } from '../live/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, postVisit, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;

/** Any conflict detail in an answer's text: the flag, the reasons, what a write re-checked. */
const DETAIL = /"(?:isConflict|errors|conflictErrors|conflict_errors|rechecked)"\s*:/;

/**
 * Issue 16: a booking's conflict verdict (`isConflict`) and its reasons (`errors`, naming other
 * bookings, shifts, resources, blacklists) are the dispatchers' (they allocate). A customer or a
 * resource reading the same booking through any route — records, the timeline window, the
 * bookings list (My day), search, the job board, live events — gets neither. (The iCal feed is
 * built from named fields — summary, place, reference, customer, status, notes — and holds none.)
 */
describe.each(testDatabaseKinds())('conflict details reach dispatchers only on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const day = MONDAY + 7 * 86_400;
  const window = `from=${day}&to=${day + 86_400}`;
  const visit = (id: string, begin: number, over: Rec = {}) =>
    postVisit(t, p, id, begin, { reference: `CD-${id}`, ...over });
  /** Every route a customer or a resource reads bookings through, as answered to `as`. */
  const encodings = new Set<string>();
  const reads = async (as: Browser) => {
    const answers: Record<string, string> = {};
    const get = async (name: string, path: string, method: 'GET' | 'POST' = 'GET', body?: Rec) => {
      // As a browser asks: compressed where the answer is large enough (the filter must run first).
      const res = await call(t, as, method, path, body, { 'accept-encoding': 'br, gzip' });
      expect([name, res.statusCode]).toEqual([name, 200]);
      const encoding = res.headers['content-encoding'];
      answers[name] = (
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload)
            : res.rawPayload
      ).toString('utf8');
      encodings.add(String(encoding));
    };
    await get('one record', '/timeline-records/cd-b');
    await get('record list', `/timeline-records?${window}`);
    await get('timeline window', `/timeline?${window}`);
    await get('timeline window (full)', `/timeline?${window}&detail=full`);
    await get('bookings list', '/bookings/search', 'POST', { from: day, to: day + 86_400 });
    await get('my day', '/bookings/search', 'POST', { when: 'upcoming' });
    await get('search', '/search', 'POST', { query: 'CD-cd-b' });
    return answers;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date((day - 86_400) * 1000));
    p = await schedulingOrg(t, 'org-conflict-details');
    await putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } });
  });
  afterAll(() => t?.close());

  it('a customer and a resource read a conflicting booking everywhere without its conflict; a dispatcher sees it', async () => {
    const live = {
      dispatcher: await LiveClient.connect(t.app, p.dispatcher),
      resource: await LiveClient.connect(t.app, p.resource1),
      customer: await LiveClient.connect(t.app, p.customer),
    };
    for (const c of Object.values(live)) {
      expect(await c.subscribe({ topic: 'timeline', from: day, to: day + 86_400 })).toMatchObject({
        type: 'subscribed',
      });
    }

    // Two visits of c1 on r1 overlapping by 30 min: r1 is busy, both are in conflict.
    await visit('cd-a', day + 10 * H);
    const made = await visit('cd-b', day + 10.5 * H);
    expect(made.isConflict).toBe(true);

    // The dispatcher sees the verdict and its reasons, naming the other booking.
    const seen = ok(await call(t, p.dispatcher, 'GET', '/timeline-records/cd-b'));
    expect(seen.isConflict).toBe(true);
    const errors = seen.errors as { code: string; message: string }[];
    expect(errors).toEqual([expect.objectContaining({ code: 'resource_busy', resourceId: 'r1' })]);
    const reason = errors[0]?.message ?? '';
    expect(reason).not.toBe('');
    const dispatcherReads = await reads(p.dispatcher);
    expect(dispatcherReads['one record']).toMatch(DETAIL);
    expect(dispatcherReads['timeline window']).toContain('"isConflict":true');

    // The customer and the resource read the same booking through every route: no detail.
    for (const as of [p.customer, p.resource1]) {
      const answers = await reads(as);
      expect(JSON.parse(answers['one record'] ?? '{}')).toMatchObject({ _id: 'cd-b', reference: 'CD-cd-b' });
      expect(answers['bookings list']).toContain('"cd-b"');
      expect(answers.search).toContain('"cd-b"');
      for (const [route, body] of Object.entries(answers)) {
        expect([route, DETAIL.test(body), body.includes(reason)]).toEqual([route, false, false]);
      }
    }

    // The window's answer, at least, went compressed: the check above read what browsers get.
    expect([...encodings].some((e) => e === 'br' || e === 'gzip')).toBe(true);

    // Live: the new booking's event carries the verdict to the dispatcher only.
    const created = (m: LiveMessage) =>
      m.type === 'event' && m.kind === 'record.created' && m.data?._id === 'cd-b';
    const toDispatcher = await live.dispatcher.next(created);
    expect(toDispatcher.data?.fields).toMatchObject({ isConflict: true, errors: errors });
    for (const c of [live.resource, live.customer]) {
      const event = await c.next(created);
      expect(event.data?.fields).toMatchObject({ _id: 'cd-b' });
      expect(DETAIL.test(JSON.stringify(event))).toBe(false);
      expect(event.data?.changed).not.toContain('errors');
    }
    // The first booking's re-check (now in conflict too) reaches them without its reasons.
    const recheckedA = (m: LiveMessage) =>
      m.type === 'event' && m.kind === 'record.changed' && m.data?._id === 'cd-a';
    expect((await live.dispatcher.next(recheckedA)).data?.fields).toMatchObject({ isConflict: true });
    for (const c of [live.resource, live.customer]) {
      expect(DETAIL.test(JSON.stringify(await c.next(recheckedA)))).toBe(false);
    }
    for (const c of Object.values(live)) c.close();
  });

  it('the job board shows an open job in conflict to a resource without its conflict', async () => {
    await visit('cd-open', day + 14 * H, { resIds: [] });
    const seen = ok(await call(t, p.dispatcher, 'GET', '/timeline-records/cd-open'));
    expect(seen.isConflict).toBe(true);
    const board = await call(t, p.resource1, 'GET', `/job-board?${window}`);
    expect([board.statusCode, board.body.includes('"cd-open"'), DETAIL.test(board.body)]).toEqual([
      200,
      true,
      false,
    ]);
  });
});
