import { buildRosterGrid } from '@rostra/core/roster/grid';
import { describe, expect, it } from 'vitest';
import { at, rec, res } from './fixtures.test-helper.ts';
import {
  barBox,
  barsInRange,
  batchCandidates,
  buildRows,
  freeSlot,
  LANE_BLOCK,
  lanesInView,
  moveFocus,
  rowHeight,
  scaleOf,
  snap,
  timeToX,
  UNASSIGNED_ROW,
  xToTime,
} from './model.ts';

describe('timeline rows', () => {
  const rows = buildRows({
    resources: [res('r1'), res('r2')],
    records: [
      rec('b2', ['r1'], '2026-01-05T10:00', '2026-01-05T12:00'),
      rec('b1', ['r1'], '2026-01-05T09:00', '2026-01-05T11:00'),
      rec('b3', [], '2026-01-05T09:00', '2026-01-05T10:00'),
      rec('l1', ['r2'], '2026-01-05T00:00', '2026-01-06T00:00', { _key: 'leave', status: 'leave' }),
      rec('k1', ['r2'], '2026-01-05T12:00', '2026-01-05T12:30', { _key: 'break' }),
      rec('m1', ['r1', 'r2'], '2026-01-05T14:00', '2026-01-05T15:00'),
      rec('x1', ['r1'], '2026-01-05T16:00', '2026-01-05T17:00', { inactive: true }),
      rec('d1', [], '2026-01-05T16:00', '2026-01-05T17:00', { status: 'draft' }),
    ],
  });

  it('puts the unassigned lane first, then each resource in the window order', () => {
    expect(rows.map((r) => r.id)).toEqual([UNASSIGNED_ROW, 'r1', 'r2']);
    expect(rows[0]?.bars.map((b) => b.record._id)).toEqual(['b3', 'd1']);
  });

  it('orders bars by begin, stacks overlapping ones into lanes, and shows a multi-resource job on each row', () => {
    const r1 = rows[1];
    expect(r1?.bars.map((b) => [b.record._id, b.lane])).toEqual([
      ['b1', 0],
      ['b2', 1],
      ['m1', 0],
    ]);
    expect(r1?.lanes).toBe(2);
    expect(rowHeight(r1 as { lanes: number })).toBe(56);
    expect(rows[2]?.bars.map((b) => [b.record._id, b.kind])).toEqual([['m1', 'booking']]);
  });

  it('keeps leaves and breaks apart as blocks (hatched bands that take no lane)', () => {
    expect(rows[2]?.blocks.map((b) => [b.record._id, b.kind])).toEqual([
      ['l1', 'leave'],
      ['k1', 'break'],
    ]);
    expect(rows[2]?.lanes).toBe(1);
  });

  it('leaves inactive records out', () => {
    expect(rows.flatMap((r) => r.bars.map((b) => b.record._id))).not.toContain('x1');
  });

  it('finds only the bars overlapping a time range (a long one that began earlier included)', () => {
    const r1 = rows[1];
    if (!r1) throw new Error('row');
    expect(barsInRange(r1, at('2026-01-05T10:30'), at('2026-01-05T14:00')).map((b) => b.record._id)).toEqual([
      'b1',
      'b2',
    ]);
    expect(barsInRange(r1, at('2026-01-06T00:00'), at('2026-01-06T05:00'))).toEqual([]);
  });

  it('finds the first free 15-minute slot of a length on a row, or none', () => {
    const r1 = rows[1];
    if (!r1) throw new Error('row');
    const day = at('2026-01-05T00:00');
    const end = at('2026-01-06T00:00');
    // Free before the first booking.
    expect(freeSlot(r1, at('2026-01-05T07:00'), end, 3600)).toBe(at('2026-01-05T07:00'));
    // 08:30 + 1 h runs into b1 (09:00): after b1 and b2 (12:00), 12:00 to 13:00 is free.
    expect(freeSlot(r1, at('2026-01-05T08:30'), end, 3600)).toBe(at('2026-01-05T12:00'));
    // Two hours from 12:00 end as m1 begins (14:00); three would meet it: from its end, 15:00.
    expect(freeSlot(r1, at('2026-01-05T12:00'), end, 2 * 3600)).toBe(at('2026-01-05T12:00'));
    expect(freeSlot(r1, at('2026-01-05T12:00'), end, 3 * 3600)).toBe(at('2026-01-05T15:00'));
    // Rounded up to the grid.
    expect(freeSlot(r1, at('2026-01-05T06:05'), end, 900)).toBe(at('2026-01-05T06:15'));
    // Nothing fits before the end.
    expect(freeSlot(r1, at('2026-01-05T23:30'), end, 3600)).toBeNull();
    expect(freeSlot(r1, day, day + 3600, 2 * 3600)).toBeNull();
  });

  it('moves keyboard focus along a row and to the nearest bar in time on the next row with bars', () => {
    expect(moveFocus(rows, { row: 1, bar: 0 }, 'right')).toEqual({ row: 1, bar: 1 });
    expect(moveFocus(rows, { row: 1, bar: 0 }, 'left')).toEqual({ row: 1, bar: 0 });
    expect(moveFocus(rows, { row: 1, bar: 2 }, 'down')).toEqual({ row: 2, bar: 0 });
    expect(moveFocus(rows, { row: 1, bar: 0 }, 'up')).toEqual({ row: 0, bar: 0 });
    expect(moveFocus(rows, { row: 0, bar: 0 }, 'up')).toEqual({ row: 0, bar: 0 });
  });

  it('a batch takes unassigned, non-draft bookings beginning in the window', () => {
    const records = rows.flatMap((r) => r.bars.map((b) => b.record));
    expect(
      batchCandidates(records, at('2026-01-05T00:00'), at('2026-01-06T00:00')).map((r) => r._id),
    ).toEqual(['b3']);
  });
});

describe('timeline scale', () => {
  const grid = buildRosterGrid({ week_start: at('2026-01-05T13:00'), no_of_days: 1 });
  if (!grid.ok) throw new Error('grid');
  const scale = scaleOf(grid.grid, 'day');

  it('starts at 00:00 of the grid and maps time to pixels both ways', () => {
    expect(timeToX(scale, at('2026-01-05T00:00'))).toBe(0);
    expect(timeToX(scale, at('2026-01-05T02:30'))).toBe(240);
    expect(xToTime(scale, 240)).toBe(at('2026-01-05T02:30'));
  });

  it('draws a record begun before the grid from its first hour, and one running past it up to its end', () => {
    // A visit from 22:00 the evening before to 02:00: drawn from 00:00 to 02:00, not under the names.
    expect(barBox(scale, { begin: at('2026-01-04T22:00'), end: at('2026-01-05T02:00') })).toEqual({
      x: 0,
      width: 2 * 96 - 1,
    });
    // A three-day leave over the one-day grid: the whole day.
    expect(barBox(scale, { begin: at('2026-01-04T00:00'), end: at('2026-01-07T00:00') })).toEqual({
      x: 0,
      width: 24 * 96 - 1,
    });
    // Inside the grid: as it is.
    expect(barBox(scale, { begin: at('2026-01-05T09:00'), end: at('2026-01-05T10:00') })).toEqual({
      x: 9 * 96,
      width: 95,
    });
  });

  it('snaps to 15 minutes', () => {
    expect(snap(at('2026-01-05T09:07'))).toBe(at('2026-01-05T09:00'));
    expect(snap(at('2026-01-05T09:08'))).toBe(at('2026-01-05T09:15'));
  });
});

describe('lanesInView: a row taller than the view renders the lanes near it only', () => {
  const laneH = 40;
  it('a row that fits the view keeps every lane', () => {
    expect(lanesInView(100, 400, 0, 800, laneH)).toEqual({ from: 0, to: Number.POSITIVE_INFINITY });
  });
  it('a row of 500 lanes at the top of the view renders its first blocks, not all 500', () => {
    const lanes = lanesInView(0, 500 * laneH, 0, 800, laneH);
    expect(lanes.from).toBe(0);
    // 800 px = 20 lanes: two blocks of 16 and one block more.
    expect(lanes.to).toBe(3 * LANE_BLOCK);
  });
  it('scrolled into the middle of the row: the blocks around the view, one block either side', () => {
    const lanes = lanesInView(0, 500 * laneH, 200 * laneH, 800, laneH);
    expect(lanes.from).toBeLessThanOrEqual(200 - LANE_BLOCK + 1);
    expect(lanes.from).toBeGreaterThanOrEqual(200 - 2 * LANE_BLOCK);
    expect(lanes.to).toBeGreaterThanOrEqual(220 + LANE_BLOCK - 1);
    expect(lanes.to).toBeLessThanOrEqual(220 + 2 * LANE_BLOCK);
  });
  it('a small scroll inside a block keeps the same lanes (the row does not re-render)', () => {
    expect(lanesInView(0, 500 * laneH, 200 * laneH, 800, laneH)).toEqual(
      lanesInView(0, 500 * laneH, 200 * laneH + 3 * laneH, 800, laneH),
    );
  });
});
