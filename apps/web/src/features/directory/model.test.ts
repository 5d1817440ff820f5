import { DAY, fromYmd } from '@rostra/core/time/calendar';
import { describe, expect, it } from 'vitest';
import {
  clearedFilters,
  dayParam,
  type FilterParam,
  isFiltered,
  listQueryOf,
  pageFrom,
  readersWithCustomer,
} from './model.ts';

const RESOURCES: FilterParam[] = [
  { key: 'q' },
  { key: 'status', param: 'inactive', values: { active: false, inactive: true } },
  { key: 'kind', param: 'external', values: { internal: false, external: true } },
  { key: 'label' },
];

describe('a directory list query from the URL', () => {
  it('sends each set filter as its parameter, the page and the page size', () => {
    expect(
      listQueryOf(
        { q: ' ada ', status: 'inactive', kind: 'internal', label: 'L1', page: '3' },
        RESOURCES,
        40,
      ),
    ).toEqual({ q: 'ada', inactive: true, external: false, label: 'L1', page: 3, limit: 40 });
  });
  it('leaves out filters not set and values the filter does not know, and starts at page 1', () => {
    expect(listQueryOf({ q: '  ', status: 'maybe', page: '-2' }, RESOURCES, 40)).toEqual({
      page: 1,
      limit: 40,
    });
    expect(pageFrom('2.5')).toBe(1);
    expect(pageFrom(undefined)).toBe(1);
    expect(pageFrom('7')).toBe(7);
  });
});

describe('a directory filter bar', () => {
  it('is filtered while any filter is set, not by the page or the opened record', () => {
    expect(isFiltered({ page: '2', id: 'c1' }, RESOURCES)).toBe(false);
    expect(isFiltered({ kind: 'external' }, RESOURCES)).toBe(true);
  });
  it('clears every filter at once', () => {
    expect(clearedFilters(RESOURCES)).toEqual({ q: '', status: '', kind: '', label: '' });
  });
});

describe('readers when the customer changes', () => {
  it("swaps the old customer's user for the new one's and keeps everyone else", () => {
    expect(readersWithCustomer(['u-other', 'u-old'], 'u-old', 'u-new')).toEqual(['u-other', 'u-new']);
    expect(readersWithCustomer(['u-other', 'u-old'], 'u-old', undefined)).toEqual(['u-other']);
    expect(readersWithCustomer(['u-new'], undefined, 'u-new')).toEqual(['u-new']);
  });
});

describe('a window of days and kept parameters', () => {
  const EVENTS: FilterParam[] = [
    { key: 'q' },
    { key: 'from', to: dayParam() },
    { key: 'to', to: dayParam(true) },
    { key: 'order', values: { desc: 'desc' }, kept: true },
  ];
  it('sends a day as its first second and the "to" day up to the next midnight', () => {
    const day = fromYmd('2026-03-09');
    expect(listQueryOf({ from: '2026-03-09', to: '2026-03-09', order: 'desc' }, EVENTS, 50)).toEqual({
      from: day,
      to: day + DAY,
      order: 'desc',
      page: 1,
      limit: 50,
    });
    expect(listQueryOf({ from: 'soon' }, EVENTS, 50)).toEqual({ page: 1, limit: 50 });
  });
  it('neither counts nor clears a kept parameter', () => {
    expect(isFiltered({ order: 'desc' }, EVENTS)).toBe(false);
    expect(clearedFilters(EVENTS)).toEqual({ q: '', from: '', to: '' });
  });
});
