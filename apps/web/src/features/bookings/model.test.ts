import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  type BookingFilters,
  clearFilters,
  EMPTY_FILTERS,
  filtersFromSearch,
  pageRange,
  searchFromFilters,
  selectedBookingId,
  switchWhen,
  toBookingSearch,
} from './model.ts';

describe('bookings filters in the URL', () => {
  it('round-trips every filter through the search values, defaults left out', () => {
    const filters: BookingFilters = {
      when: 'past',
      q: 'smith',
      status: ['draft', 'confirmed'],
      from: '2026-03-09',
      to: '2026-03-10',
      resource: 'r001',
      customer: 'c002',
      labels: ['a', 'b'],
      order: 'asc',
      page: 3,
    };
    const search = searchFromFilters(filters, { job_id: 'b0001' });
    expect(search).toEqual({
      job_id: 'b0001',
      when: 'past',
      q: 'smith',
      status: 'draft,confirmed',
      from: '2026-03-09',
      to: '2026-03-10',
      resource: 'r001',
      customer: 'c002',
      labels: 'a,b',
      order: 'asc',
      page: '3',
    });
    expect(filtersFromSearch(search)).toEqual(filters);
    expect(Object.values(searchFromFilters(EMPTY_FILTERS)).filter((v) => v !== undefined)).toEqual([]);
  });

  it('opens at today, upcoming soonest first; the past is newest first, one switch away', () => {
    expect(filtersFromSearch({})).toEqual(EMPTY_FILTERS);
    expect([EMPTY_FILTERS.when, EMPTY_FILTERS.order]).toEqual(['upcoming', 'asc']);
    expect(toBookingSearch(EMPTY_FILTERS)).toMatchObject({ when: 'upcoming', order: 'asc', page: 1 });
    const past = switchWhen({ ...EMPTY_FILTERS, q: 'smith', page: 4 }, 'past');
    expect(past).toEqual({ ...EMPTY_FILTERS, q: 'smith', when: 'past', order: 'desc', page: 1 });
    // The tab's own order is its default: the URL says only `when=past`.
    expect(searchFromFilters(past)).toMatchObject({ when: 'past', order: undefined, q: 'smith' });
    expect(filtersFromSearch({ when: 'past' })).toEqual({ ...EMPTY_FILTERS, when: 'past', order: 'desc' });
    expect(toBookingSearch(past)).toMatchObject({ when: 'past', order: 'desc' });
  });

  it('Clear filters drops the search and every filter but keeps the tab, at its first page', () => {
    const onPast: BookingFilters = {
      ...switchWhen(EMPTY_FILTERS, 'past'),
      q: 'smith',
      status: ['draft'],
      resource: 'r1',
      order: 'asc',
      page: 3,
    };
    const cleared = clearFilters(onPast);
    expect(cleared).toEqual({ ...EMPTY_FILTERS, when: 'past', order: 'desc' });
    expect(activeFilterCount(cleared)).toBe(0);
    expect(searchFromFilters(cleared)).toMatchObject({
      when: 'past',
      q: undefined,
      status: undefined,
      page: undefined,
    });
    expect(clearFilters({ ...EMPTY_FILTERS, q: 'smith' })).toEqual(EMPTY_FILTERS);
  });

  it('reads unreadable values as their defaults', () => {
    expect(filtersFromSearch({ from: '2026-13-45', page: '-2', order: 'sideways' })).toEqual(EMPTY_FILTERS);
    // A status the server does not know is left out rather than sent (it would refuse the search).
    expect(filtersFromSearch({ status: 'draft,sideways' }).status).toEqual(['draft']);
  });

  it('searches the whole last day: to is exclusive of the next midnight', () => {
    const search = toBookingSearch({ ...EMPTY_FILTERS, from: '2026-03-09', to: '2026-03-09' });
    expect([search.from, search.to]).toEqual([
      Date.parse('2026-03-09T00:00:00Z') / 1000,
      Date.parse('2026-03-10T00:00:00Z') / 1000,
    ]);
  });

  it('counts the narrowing filters, a date range once', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(
      activeFilterCount({ ...EMPTY_FILTERS, q: 'x', from: '2026-01-01', to: '2026-01-02', labels: ['a'] }),
    ).toBe(2);
  });

  it('opens job_id, else id', () => {
    expect(selectedBookingId({ job_id: 'b1', id: 'b2' })).toBe('b1');
    expect(selectedBookingId({ id: 'b2' })).toBe('b2');
    expect(selectedBookingId({})).toBeUndefined();
  });

  it('states the range of a page', () => {
    expect(pageRange(2, 40, 95)).toEqual({ first: 41, last: 80, pages: 3 });
    expect(pageRange(3, 40, 95)).toEqual({ first: 81, last: 95, pages: 3 });
    expect(pageRange(1, 40, 0)).toEqual({ first: 0, last: 0, pages: 1 });
  });
});
