import { templateStart } from '@rostra/core/roster/grid';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../identity/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;
type KindResult = {
  hits: Rec[];
  nbHits: number;
  exhaustiveNbHits: boolean;
  page: number;
  nbPages: number;
  hitsPerPage: number;
};
type Answer = { query: string; results: Record<string, KindResult> };

const DAY = 86_400;

describe.each(testDatabaseKinds())('global search on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let other: Personas;
  const create = async (as: Browser, over: Rec) =>
    ok(
      await call(t, as, 'POST', '/timeline-records', {
        status: 'confirmed',
        customerId: 'c1',
        customer_first_name: 'Ada',
        customer_last_name: 'Lovelace',
        utc_begin_plus_tz: MONDAY + 9 * H,
        utc_end_plus_tz: MONDAY + 10 * H,
        ...over,
      }),
      201,
    );
  const search = async (body: Rec, as: Browser = p.dispatcher) =>
    ok<Answer>(await call(t, as, 'POST', '/search', body));
  const ids = (r: KindResult | undefined) => (r?.hits ?? []).map((h) => h._id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-se');
    other = await schedulingOrg(t, 'org-se2');
    await create(p.dispatcher, { _id: 'se-1', reference: 'REF-ALPHA', resIds: ['r1'], labels: ['l-nurse'] });
    await create(p.dispatcher, {
      _id: 'se-2',
      reference: 'REF-BETA',
      resIds: ['r2'],
      labels: ['l-driver'],
      customerId: 'c2',
      customer_first_name: 'Bea',
      customer_last_name: 'Smith',
      utc_begin_plus_tz: MONDAY + DAY + 9 * H,
      utc_end_plus_tz: MONDAY + DAY + 10 * H,
    });
    await create(p.dispatcher, {
      _id: 'se-leave',
      _key: 'leave',
      status: 'leave',
      resIds: ['r1'],
      customerId: null,
    });
    // The other organisation has the same people; a booking there must never show here.
    await create(other.dispatcher, { _id: 'se-other', reference: 'REF-OMEGA', resIds: ['r1'] });
    // Enough bookings of one customer to page through (60, three pages of 25).
    for (let i = 0; i < 60; i++) {
      await create(p.dispatcher, {
        _id: `se-p${String(i).padStart(2, '0')}`,
        reference: `PAGE-${i}`,
        customerId: 'c2',
        customer_first_name: 'Quentin',
        customer_last_name: 'Pager',
        utc_begin_plus_tz: MONDAY + 3 * DAY + i * 60,
        utc_end_plus_tz: MONDAY + 3 * DAY + i * 60 + H,
      });
    }
  });
  afterAll(() => t?.close());

  it('finds resources and customers by misspelt names, best match first', async () => {
    const a = await search({ query: 'Ann Lea' });
    expect(ids(a.results.resources)[0]).toBe('r1');
    const b = await search({ query: 'lovelase' });
    expect(ids(b.results.customers)).toEqual(['c1']);
    // The bookings of that customer carry her name: found too, misspelt.
    expect(ids(b.results.bookings)).toEqual(['se-1']);
    // An exact reference ranks its booking first.
    expect(ids((await search({ query: 'REF-BETA' })).results.bookings)[0]).toBe('se-2');
  });

  it('needs every word of the query: a second word narrows, it never widens', async () => {
    expect((await search({ query: 'quentin', kinds: ['bookings'] })).results.bookings?.nbHits).toBe(60);
    const both = await search({ query: 'quentin page-7', kinds: ['bookings'] });
    expect(ids(both.results.bookings)).toEqual(['se-p07']);
    // Each word may be misspelt; a word no record has leaves nothing.
    expect(ids((await search({ query: 'quentn lovelase', kinds: ['bookings'] })).results.bookings)).toEqual(
      [],
    );
    expect(
      ids((await search({ query: 'lovelase ref-alpha', kinds: ['bookings'] })).results.bookings),
    ).toEqual(['se-1']);
  });

  it('finds by label name: the label, the resources and bookings carrying it', async () => {
    const a = await search({ query: 'nurse' });
    expect(ids(a.results.labels)).toEqual(['l-nurse']);
    expect(ids(a.results.resources)).toEqual(['r1']);
    expect(ids(a.results.bookings)).toEqual(['se-1']);
    // Misspelt label name.
    expect(ids((await search({ query: 'drivr' })).results.resources).sort()).toEqual(['r1', 'r2']);
  });

  it('groups by kind: leaves under timelines, never under bookings; promoted dispatchers are not resources', async () => {
    const a = await search({ query: 'se-leave' });
    expect(ids(a.results.timelines)).toEqual(['se-leave']);
    expect(ids(a.results.bookings)).not.toContain('se-leave');
    expect(ids((await search({ query: 'Dee Boss' })).results.resources)).toEqual([]);
    const only = await search({ query: 'nurse', kinds: ['labels'] });
    expect(Object.keys(only.results)).toEqual(['labels']);
  });

  it("respects organisations: another organisation's records are never found", async () => {
    const a = await search({ query: 'REF-OMEGA' });
    expect(a.results.bookings?.nbHits).toBe(0);
    expect(ids((await search({ query: 'REF-OMEGA' }, other.dispatcher)).results.bookings)).toEqual([
      'se-other',
    ]);
  });

  it('respects readers lists: a resource finds only their own bookings and record, no catalogue', async () => {
    const a = await search({ query: 'REF' }, p.resource1);
    expect(ids(a.results.bookings)).toEqual(['se-1']);
    expect(ids((await search({ query: 'Bob Ray' }, p.resource1)).results.resources)).toEqual([]);
    expect(ids((await search({ query: 'Ann Lee' }, p.resource1)).results.resources)).toEqual(['r1']);
    expect(a.results.labels?.nbHits).toBe(0);
    // The customer sees their own bookings and customer record only.
    const c = await search({ query: 'REF' }, p.customer);
    expect(ids(c.results.bookings)).toEqual(['se-1']);
    expect(ids((await search({ query: 'Bea Smith' }, p.customer)).results.customers)).toEqual([]);
  });

  it('finds job-board jobs (for dispatchers and resources, whatever the readers) and master-roster items (for dispatchers)', async () => {
    const open = { customerId: 'c2', customer_first_name: 'Olive', customer_last_name: 'Openshaw' };
    await create(p.dispatcher, {
      ...open,
      _id: 'se-open',
      reference: 'OPEN-1',
      all_location: '1 Lygon St Carlton',
    });
    await create(p.dispatcher, { ...open, _id: 'se-draft', reference: 'OPEN-2', status: 'draft' });
    await create(p.dispatcher, { ...open, _id: 'se-taken', reference: 'OPEN-3', resIds: ['r2'] });
    // A template item: a draft booking of type roster on the 1970 template fortnight.
    await create(p.dispatcher, {
      ...open,
      _id: 'se-template',
      status: 'draft',
      type: 'roster',
      utc_begin_plus_tz: templateStart(0) + DAY + 9 * H,
      utc_end_plus_tz: templateStart(0) + DAY + 10 * H,
    });
    const d = await search({ query: 'olive openshaw' });
    // Only the open, unassigned, not-draft job is on the board; the template item is not a booking.
    expect(ids(d.results.boards)).toEqual(['se-open']);
    expect(ids(d.results.masterrosters)).toEqual(['se-template']);
    expect(ids(d.results.bookings).sort()).toEqual(['se-draft', 'se-open', 'se-taken']);
    // A resource who does not read the job finds it on the board, with the board's fields only.
    const r = await search({ query: 'olive openshaw' }, p.resource1);
    expect(ids(r.results.bookings)).toEqual([]);
    expect(r.results.boards?.hits).toEqual([
      expect.objectContaining({
        _id: 'se-open',
        customer_first_name: 'Olive',
        all_location: '1 Lygon St Carlton',
      }),
    ]);
    expect(r.results.boards?.hits[0]).not.toHaveProperty('readers');
    expect(r.results.boards?.hits[0]).not.toHaveProperty('reference');
    expect(r.results.masterrosters?.nbHits).toBe(0);
    // Customers see neither.
    const c = await search({ query: 'olive openshaw' }, p.customer);
    expect([c.results.boards?.nbHits, c.results.masterrosters?.nbHits]).toEqual([0, 0]);
  });

  it("a promoted dispatcher's published master labels narrow the bookings and resources found", async () => {
    const set = async (body: Rec) =>
      ok<Rec>(await call(t, p.dispatcher, 'PUT', `/dispatcher-master-labels/${p.uids.dispatcher}`, body));
    const before = await search({ query: 'drivr' });
    expect(ids(before.results.resources).sort()).toEqual(['r1', 'r2']);
    const v = (await set({ labels: ['l-driver'], res_labels: ['l-nurse'], published: true, version: 0 }))
      .version as number;
    try {
      expect(ids((await search({ query: 'ref-beta' })).results.bookings)).toEqual(['se-2']);
      expect(ids((await search({ query: 'ref-alpha' })).results.bookings)).toEqual([]);
      expect(ids((await search({ query: 'drivr' })).results.resources)).toEqual(['r1']);
      // Leaves are not bookings: the booking labels do not narrow them.
      expect(ids((await search({ query: 'se-leave' })).results.timelines)).toEqual(['se-leave']);
    } finally {
      await set({ published: false, version: v });
    }
    expect(ids((await search({ query: 'ref-alpha' })).results.bookings)).toEqual(['se-1']);
  });

  it('pages: 60 hits in pages of 25, every hit once, counts on every page', async () => {
    const pages = await Promise.all(
      [0, 1, 2, 3].map((page) =>
        search({ query: 'quentin pager', kinds: ['bookings'], hitsPerPage: 25, page }),
      ),
    );
    const seen = pages.flatMap((a) => ids(a.results.bookings));
    expect(pages.map((a) => ids(a.results.bookings).length)).toEqual([25, 25, 10, 0]);
    expect(new Set(seen).size).toBe(60);
    expect(
      pages.map((a) => [
        a.results.bookings?.nbHits,
        a.results.bookings?.nbPages,
        a.results.bookings?.exhaustiveNbHits,
      ]),
    ).toEqual([
      [60, 3, true],
      [60, 3, true],
      [60, 3, true],
      [60, 3, true],
    ]);
    // Default page size: the spec's 250 for bookings and resources (all 60 on one page), 40 for the rest.
    const d = await search({ query: 'quentin pager', kinds: ['bookings', 'customers', 'resources'] });
    expect([
      d.results.bookings?.hits.length,
      d.results.bookings?.hitsPerPage,
      d.results.bookings?.nbPages,
    ]).toEqual([60, 250, 1]);
    expect([d.results.resources?.hitsPerPage, d.results.customers?.hitsPerPage]).toEqual([250, 40]);
    // A page size given applies to every kind.
    const e = await search({ query: 'quentin pager', kinds: ['bookings', 'customers'], hitsPerPage: 40 });
    expect([e.results.bookings?.hits.length, e.results.customers?.hitsPerPage]).toEqual([40, 40]);
  });

  it('filters and numeric filters narrow the hits; a field a kind lacks leaves it empty', async () => {
    const f = await search({ query: 'ref', filters: 'labels:l-driver' });
    expect(ids(f.results.bookings)).toEqual(['se-2']);
    expect(f.results.customers?.nbHits).toBe(0);
    const g = await search({
      query: 'ref',
      filters: '(customerId:c1 OR customerId:c2) AND status:confirmed',
    });
    expect(ids(g.results.bookings).sort()).toEqual(['se-1', 'se-2']);
    const n = await search({ query: 'ref', numericFilters: [`utc_begin_plus_tz>=${MONDAY + DAY}`] });
    expect(ids(n.results.bookings)).toEqual(['se-2']);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [Rec, string][] = [
      [{ query: '   ' }, 'body.query'],
      [{ query: 'x', hitsPerPage: 251 }, 'body.hitsPerPage'],
      [{ query: 'x', page: -1 }, 'body.page'],
      [{ query: 'x', kinds: ['planets'] }, 'body.kinds'],
      [{ query: 'x', filters: 'colour:red' }, 'body.filters'],
      [{ query: 'x', numericFilters: ['utc_begin_plus_tz >= soon'] }, 'body.numericFilters'],
      [{}, 'body.query'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, p.dispatcher, 'POST', '/search', body);
      expect([res.statusCode, res.json().error.message]).toEqual([400, expect.stringContaining(field)]);
    }
  });

  it('a write is searchable at once (indexed in its own transaction)', async () => {
    await create(p.dispatcher, { _id: 'se-new', reference: 'FRESH-WRITE' });
    expect(ids((await search({ query: 'fresh write' })).results.bookings)).toEqual(['se-new']);
  });
});
