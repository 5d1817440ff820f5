import type { Shift } from '@rostra/core/records/shift';
import { describe, expect, it } from 'vitest';
import {
  blocksIn,
  bookedSeconds,
  hoursText,
  intervalsIn,
  isOver,
  mergeIntervals,
  rowLoad,
  shiftBands,
  utilisation,
} from './availability.ts';
import { at, rec, res } from './fixtures.test-helper.ts';

const H = 3600;

import { buildRows } from './model.ts';

// Monday 2026-01-05; the week 2026-01-04 (Sunday) to 2026-01-10.
const rows = buildRows({
  resources: [res('r1'), res('r2'), res('r3')],
  records: [
    rec('a', ['r1'], '2026-01-05T09:00', '2026-01-05T11:00'),
    rec('b', ['r1'], '2026-01-05T10:00', '2026-01-05T12:00'),
    rec('c', ['r1'], '2026-01-06T09:00', '2026-01-06T13:30'),
    rec('x', ['r1'], '2026-01-05T14:00', '2026-01-05T15:00', { status: 'cancelled' }),
    rec('d', ['r1'], '2026-01-05T15:00', '2026-01-05T16:00', { status: 'draft' }),
    rec('n', ['r2'], '2026-01-04T22:00', '2026-01-05T02:00'),
    rec('l', ['r3'], '2026-01-04T00:00', '2026-01-08T00:00', { _key: 'leave', status: 'leave' }),
    rec('u', [], '2026-01-05T09:00', '2026-01-05T17:00'),
  ],
});
const [unassigned, r1, r2, r3] = rows as [
  (typeof rows)[0],
  (typeof rows)[0],
  (typeof rows)[0],
  (typeof rows)[0],
];
const day = { begin: at('2026-01-05T00:00'), end: at('2026-01-06T00:00') };
const week = { begin: at('2026-01-04T00:00'), end: at('2026-01-11T00:00') };

describe('shift bands', () => {
  const shift: Shift = {
    resourceId: 'r1',
    week_id: '2026-01-04_2026-01-10',
    mo: true,
    tu: true,
    beg: 8 * H,
    end: 16 * H,
    timings: {
      tu: [
        { beg: 6 * H, end: 10 * H },
        { beg: 9 * H, end: 14 * H },
      ],
    },
  };
  const night: Shift = {
    resourceId: 'r2',
    week_id: '2026-01-04_2026-01-10',
    su: true,
    beg: 22 * H,
    end: 6 * H,
  };

  it("gives each resource its daily shifts in the window, merged where they meet (the core's shifts)", () => {
    const bands = shiftBands([shift, night], day.begin, at('2026-01-07T00:00'));
    expect(bands.get('r1')).toEqual([
      { begin: at('2026-01-05T08:00'), end: at('2026-01-05T16:00') },
      { begin: at('2026-01-06T06:00'), end: at('2026-01-06T14:00') },
    ]);
    // Sunday's night shift runs into Monday: in Monday's window.
    expect(bands.get('r2')).toEqual([{ begin: at('2026-01-04T22:00'), end: at('2026-01-05T06:00') }]);
    expect(bands.has('r3')).toBe(false);
  });

  it('a row reads only the bands overlapping what is on screen', () => {
    const list = shiftBands([shift], week.begin, week.end).get('r1');
    expect(intervalsIn(list, at('2026-01-05T16:00'), at('2026-01-06T06:00'))).toEqual([]);
    expect(intervalsIn(list, at('2026-01-05T15:59'), at('2026-01-06T06:01'))).toHaveLength(2);
    expect(intervalsIn(undefined, 0, 1)).toEqual([]);
  });

  it('merges overlapping and touching intervals only', () => {
    expect(
      mergeIntervals([
        { begin: 5, end: 7 },
        { begin: 0, end: 2 },
        { begin: 2, end: 3 },
        { begin: 8, end: 9 },
      ]),
    ).toEqual([
      { begin: 0, end: 3 },
      { begin: 5, end: 7 },
      { begin: 8, end: 9 },
    ]);
  });
});

describe('hours against limits', () => {
  it('counts bookings inside the day and the week, clipped, not cancelled or draft ones', () => {
    // a (2 h) + b (2 h) on Monday; cancelled and draft left out.
    expect(bookedSeconds(r1, day.begin, day.end)).toBe(4 * H);
    expect(bookedSeconds(r1, week.begin, week.end)).toBe(8.5 * H);
    // A night visit from the evening before: only its Monday part.
    expect(bookedSeconds(r2, day.begin, day.end)).toBe(2 * H);
  });

  it("holds the resource's limits: its own, else the core's defaults (day: week / 7)", () => {
    expect(rowLoad(r1, { _id: 'r1', max_hrs_dy: 8, max_hrs_wk: 38 }, day, week)).toEqual({
      day: 4,
      week: 8.5,
      dayLimit: 8,
      weekLimit: 38,
    });
    expect(rowLoad(r1, { _id: 'r1', max_hrs_wk: 35 }, day, week)).toMatchObject({
      dayLimit: 5,
      weekLimit: 35,
    });
    expect(rowLoad(r1, undefined, day, week)).toMatchObject({ dayLimit: null, weekLimit: null });
  });

  it('shows hours as hours plus minutes/100 and says when a limit is passed', () => {
    expect(hoursText(8.5)).toBe('8.30');
    expect(hoursText(0)).toBe('0.00');
    expect(hoursText(7.25)).toBe('7.15');
    expect(isOver(8, 8)).toBe(false);
    expect(isOver(8.25, 8)).toBe(true);
    expect(isOver(100, null)).toBe(false);
  });
});

describe('leaves and breaks', () => {
  it('cover every day of their span, whatever day is on screen', () => {
    expect(blocksIn(r3, at('2026-01-06T09:00'), at('2026-01-06T10:00')).map((b) => b.record._id)).toEqual([
      'l',
    ]);
    expect(blocksIn(r3, at('2026-01-08T00:00'), at('2026-01-09T00:00'))).toEqual([]);
  });
});

describe('utilisation', () => {
  it('is the share of the resources busy in each hour, double bookings counted once, the unassigned lane left out', () => {
    const load = utilisation([unassigned, r1, r2, r3], day.begin, day.end);
    expect(load).toHaveLength(24);
    // 00:00–02:00: r2's night visit, one of three resources.
    expect(load[0]).toBeCloseTo(1 / 3);
    expect(load[1]).toBeCloseTo(1 / 3);
    expect(load[2]).toBe(0);
    // 09:00–12:00: r1 alone (a and b overlap 10–11: still one resource).
    expect(load[9]).toBeCloseTo(1 / 3);
    expect(load[10]).toBeCloseTo(1 / 3);
    expect(load[11]).toBeCloseTo(1 / 3);
    // Cancelled and draft bookings are not load; the leave is not either.
    expect(load[14]).toBe(0);
    expect(load[15]).toBe(0);
  });

  it('counts part of a bucket, and is all zero without resources', () => {
    const half = buildRows({
      resources: [res('r1')],
      records: [rec('h', ['r1'], '2026-01-05T09:30', '2026-01-05T10:00')],
    });
    expect(utilisation(half, day.begin, day.end)[9]).toBeCloseTo(0.5);
    expect([...utilisation([unassigned], day.begin, day.end)].every((v) => v === 0)).toBe(true);
  });
});
