import type { WindowRecord } from '@rostra/core/api/timeline';
import { describe, expect, it } from 'vitest';
import { type Arrangement, arrangeRows, closedOf, closedText, GROUP_PREFIX } from './arrange.ts';
import type { RowLoad } from './availability.ts';
import { res } from './fixtures.test-helper.ts';
import { buildRows, type Row, UNASSIGNED_ROW } from './model.ts';

const rows = buildRows({
  resources: [
    res('r1', 'Ana Lee', ['l-nurse']),
    res('r2', 'Ben Ng', ['l-driver', 'l-nurse']),
    res('r3', 'Cat Roe', []),
    { ...res('r4', 'Dan Poe', ['l-driver', 't-north']), inactive: true },
  ],
  records: [
    { _id: 'b1', resIds: ['r1'], utc_begin_plus_tz: 0, utc_end_plus_tz: 3600, isConflict: true, version: 1 },
  ] as WindowRecord[],
});
const names: Record<string, string> = { 'l-nurse': 'Nurse', 'l-driver': 'Driver', 't-north': 'North' };
const weekHours: Record<string, [number, number | null]> = {
  r1: [10, 38],
  r2: [30, 38],
  r3: [5, null],
  r4: [20, 20],
};
const lookup = {
  labelName: (l: string) => names[l] ?? l,
  isTeam: (l: string) => l.startsWith('t-'),
  loadOf: (row: Row): RowLoad | null => {
    const w = weekHours[row.id];
    return w ? { day: 0, week: w[0], dayLimit: null, weekLimit: w[1] } : null;
  },
};
const none: Arrangement = {
  q: '',
  label: '',
  team: '',
  status: '',
  groupBy: null,
  sort: 'name',
  closed: new Set(),
};
const ids = (list: Row[]) => list.map((r) => r.id);

describe('arranging the rows', () => {
  it('keeps the unassigned lane first and the window order by name', () => {
    expect(ids(arrangeRows(rows, none, lookup))).toEqual([UNASSIGNED_ROW, 'r1', 'r2', 'r3', 'r4']);
  });

  it('searches names and label names, every word, case-insensitively', () => {
    expect(ids(arrangeRows(rows, { ...none, q: 'nurse' }, lookup))).toEqual([UNASSIGNED_ROW, 'r1', 'r2']);
    expect(ids(arrangeRows(rows, { ...none, q: 'ben DRIVER' }, lookup))).toEqual([UNASSIGNED_ROW, 'r2']);
    expect(ids(arrangeRows(rows, { ...none, q: 'zed' }, lookup))).toEqual([UNASSIGNED_ROW]);
  });

  it('filters by a label', () => {
    expect(ids(arrangeRows(rows, { ...none, label: 'l-driver' }, lookup))).toEqual([
      UNASSIGNED_ROW,
      'r2',
      'r4',
    ]);
  });

  it('sorts by load (most booked first) or by free hours (most free first; no limit counts as 168)', () => {
    expect(ids(arrangeRows(rows, { ...none, sort: 'load' }, lookup))).toEqual([
      UNASSIGNED_ROW,
      'r2',
      'r4',
      'r1',
      'r3',
    ]);
    // Free: r3 163, r1 28, r2 8, r4 0.
    expect(ids(arrangeRows(rows, { ...none, sort: 'free' }, lookup))).toEqual([
      UNASSIGNED_ROW,
      'r3',
      'r1',
      'r2',
      'r4',
    ]);
  });

  it('filters by a team and by status: active, inactive, with a booking in conflict', () => {
    expect(ids(arrangeRows(rows, { ...none, team: 't-north' }, lookup))).toEqual([UNASSIGNED_ROW, 'r4']);
    expect(ids(arrangeRows(rows, { ...none, status: 'inactive' }, lookup))).toEqual([UNASSIGNED_ROW, 'r4']);
    expect(ids(arrangeRows(rows, { ...none, status: 'active' }, lookup))).toEqual([
      UNASSIGNED_ROW,
      'r1',
      'r2',
      'r3',
    ]);
    expect(ids(arrangeRows(rows, { ...none, status: 'conflict' }, lookup))).toEqual([UNASSIGNED_ROW, 'r1']);
  });

  it('groups by label name under headers, a resource under each of its labels, the unlabelled last; a closed group shows its header only', () => {
    const grouped = arrangeRows(rows, { ...none, groupBy: 'label' }, lookup);
    expect(ids(grouped)).toEqual([
      UNASSIGNED_ROW,
      `${GROUP_PREFIX}Driver`,
      'r2',
      'r4',
      `${GROUP_PREFIX}Nurse`,
      'r1',
      'r2',
      `${GROUP_PREFIX}`,
      'r3',
    ]);
    expect(grouped.map((r) => r.under)).toEqual([
      undefined,
      undefined,
      'Driver',
      'Driver',
      undefined,
      'Nurse',
      'Nurse',
      undefined,
      '',
    ]);
    expect(grouped[1]?.group).toEqual({ key: 'Driver', count: 2, isOpen: true, by: 'label' });
    const closed = arrangeRows(rows, { ...none, groupBy: 'label', closed: new Set(['Driver']) }, lookup);
    expect(ids(closed)).toEqual([
      UNASSIGNED_ROW,
      `${GROUP_PREFIX}Driver`,
      `${GROUP_PREFIX}Nurse`,
      'r1',
      'r2',
      `${GROUP_PREFIX}`,
      'r3',
    ]);
    expect(closed[1]?.group).toEqual({ key: 'Driver', count: 2, isOpen: false, by: 'label' });
  });

  it('groups by team (labels of type group); the others go under no team', () => {
    const grouped = arrangeRows(rows, { ...none, groupBy: 'team' }, lookup);
    expect(ids(grouped)).toEqual([
      UNASSIGNED_ROW,
      `${GROUP_PREFIX}North`,
      'r4',
      `${GROUP_PREFIX}`,
      'r1',
      'r2',
      'r3',
    ]);
    expect(grouped[3]?.group).toEqual({ key: '', count: 3, isOpen: true, by: 'team' });
  });

  it('keeps the closed groups in the URL as a list', () => {
    expect(closedText(new Set())).toBeUndefined();
    expect([...closedOf(closedText(new Set(['Driver', 'Nurse'])))]).toEqual(['Driver', 'Nurse']);
    expect(closedOf(undefined).size).toBe(0);
  });
});
