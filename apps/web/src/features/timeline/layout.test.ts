import { buildRosterGrid } from '@rostra/core/roster/grid';
import { describe, expect, it } from 'vitest';
import { at, rec, res } from './fixtures.test-helper.ts';
import {
  canDrag,
  createRangeAt,
  type DragState,
  dropTargetAt,
  EDGE,
  EDGE_MAX,
  edgeScroll,
  edgeSpeed,
  ghostOn,
  hourShade,
  keyResizeEnd,
  resizeEndAt,
  rowCheck,
  rowIndexAt,
  rowOffsets,
  sameTarget,
} from './layout.ts';
import { buildRows, hourWidthOf, labelStep, rowHeight, scaleOf, UNASSIGNED_ROW } from './model.ts';
import { periodOf, periodTitle } from './period.ts';

// Unassigned (1 lane: 44 px), r1 (2 lanes: 56 px), r2 (empty: 44 px).
const rows = buildRows({
  resources: [res('r1'), res('r2')],
  records: [
    rec('u1', [], '2026-01-05T09:00', '2026-01-05T10:00'),
    rec('a', ['r1'], '2026-01-05T09:00', '2026-01-05T11:00'),
    rec('b', ['r1'], '2026-01-05T10:00', '2026-01-05T12:00'),
  ],
});
const built = buildRosterGrid({ week_start: at('2026-01-05T00:00'), no_of_days: 1 });
if (!built.ok) throw new Error('grid');
const grid = built.grid;
const scale = scaleOf(grid, 'day'); // 96 px an hour from 00:00
const offsets = rowOffsets(rows);
const barA = rows[1]?.bars[0];
if (!barA) throw new Error('bar');

describe('grid hit-testing', () => {
  it('stacks row heights into offsets and finds the row under a point', () => {
    expect([...offsets]).toEqual([0, 44, 100, 144]);
    expect(rowIndexAt(offsets, 0)).toBe(0);
    expect(rowIndexAt(offsets, 43.9)).toBe(0);
    expect(rowIndexAt(offsets, 44)).toBe(1);
    expect(rowIndexAt(offsets, 143)).toBe(2);
    expect(rowIndexAt(offsets, 144)).toBe(-1);
    expect(rowIndexAt(offsets, -1)).toBe(-1);
  });

  it('drops a bar where the pointer is, keeping the grab point, snapped to 15 minutes', () => {
    // Grabbed 30 min after its begin; the pointer at 14:07 on r2's row: begins at 13:30 (13:37 snapped).
    const target = dropTargetAt(rows, offsets, scale, { x: 14 * 96 + 11, y: 120 }, barA, 30 * 60);
    expect(target).toEqual({ rowId: 'r2', begin: at('2026-01-05T13:30') });
    // Onto the unassigned lane.
    expect(dropTargetAt(rows, offsets, scale, { x: 9 * 96, y: 10 }, barA, 0)?.rowId).toBe(UNASSIGNED_ROW);
  });

  it('keeps a dropped bar inside the period, and drops nothing above or below the rows', () => {
    expect(dropTargetAt(rows, offsets, scale, { x: -500, y: 50 }, barA, 0)?.begin).toBe(scale.start);
    expect(dropTargetAt(rows, offsets, scale, { x: 24 * 96, y: 50 }, barA, 0)?.begin).toBe(
      scale.end - 2 * 3600,
    );
    expect(dropTargetAt(rows, offsets, scale, { x: 100, y: -1 }, barA, 0)).toBeNull();
    expect(dropTargetAt(rows, offsets, scale, { x: 100, y: 500 }, barA, 0)).toBeNull();
  });
});

describe('drag rules', () => {
  it("moves a dragged end to the pointer's quarter hour, never before one step after the begin", () => {
    expect(resizeEndAt(scale, 12.5 * 96, barA.begin)).toBe(at('2026-01-05T12:30'));
    expect(resizeEndAt(scale, 0, barA.begin)).toBe(at('2026-01-05T09:15'));
    expect(resizeEndAt(scale, 99 * 96, barA.begin)).toBe(scale.end);
  });

  it('Shift+Arrow moves the end by 15 minutes, not below 15 minutes of length nor past the period', () => {
    expect(keyResizeEnd(barA, 'right', scale.end)).toBe(at('2026-01-05T11:15'));
    expect(keyResizeEnd(barA, 'left', scale.end)).toBe(at('2026-01-05T10:45'));
    const short = { begin: at('2026-01-05T09:00'), end: at('2026-01-05T09:15') };
    expect(keyResizeEnd(short, 'left', scale.end)).toBeNull();
    const last = { begin: at('2026-01-05T23:00'), end: scale.end };
    expect(keyResizeEnd(last, 'right', scale.end)).toBeNull();
  });

  it('scrolls while the pointer rests near an edge (not over the names or the header)', () => {
    const rect = { left: 0, right: 1000, top: 0, bottom: 600 };
    const inset = { left: 200, top: 52 };
    expect(edgeScroll(rect, { x: 500, y: 300 }, inset)).toEqual({ dx: 0, dy: 0 });
    expect(edgeScroll(rect, { x: 210, y: 300 }, inset)).toEqual({ dx: -18, dy: 0 });
    expect(edgeScroll(rect, { x: 990, y: 590 }, inset)).toEqual({ dx: 18, dy: 18 });
    expect(edgeScroll(rect, { x: 500, y: 60 }, inset, false)).toEqual({ dx: 0, dy: 0 });
  });

  it('scrolls faster the deeper the pointer is held into the edge band, at most EDGE_MAX', () => {
    expect(edgeSpeed(500, 0, 1000)).toBe(0);
    expect(edgeSpeed(1000 - EDGE, 0, 1000)).toBe(0);
    expect(edgeSpeed(1000 - EDGE + 1, 0, 1000)).toBe(1);
    expect(edgeSpeed(1000 - EDGE / 2, 0, 1000)).toBe(EDGE_MAX / 2);
    expect(edgeSpeed(1000, 0, 1000)).toBe(EDGE_MAX);
    expect(edgeSpeed(1200, 0, 1000)).toBe(EDGE_MAX);
    expect(edgeSpeed(EDGE / 2, 0, 1000)).toBe(-EDGE_MAX / 2);
    expect(edgeSpeed(-50, 0, 1000)).toBe(-EDGE_MAX);
  });

  it('shows each row its check while moving, only the own row while resizing, and the ghost on the target', () => {
    const [lane, r1, r2] = rows;
    if (!lane || !r1 || !r2) throw new Error('rows');
    const moving: DragState = {
      bar: barA,
      fromRowId: 'r1',
      grab: 0,
      target: { rowId: 'r2', begin: barA.begin },
    };
    const pass = { resourceId: 'r2', ok: true } as never;
    expect(rowCheck(null, r2, undefined)).toBeNull();
    expect(rowCheck(moving, r2, undefined)).toBe('pending');
    expect(rowCheck(moving, r2, pass)).toBe(pass);
    expect(rowCheck(moving, lane, undefined)).toBe('unassign');
    const resizing: DragState = {
      ...moving,
      target: { rowId: 'r1', begin: barA.begin, end: barA.end + 900 },
      isResize: true,
    };
    expect(rowCheck(resizing, r1, undefined)).toBe('pending');
    expect(rowCheck(resizing, r2, undefined)).toBeNull();
    expect(ghostOn(moving, 'r2')).toEqual({ begin: barA.begin, end: barA.end });
    expect(ghostOn(moving, 'r1')).toBeNull();
    expect(ghostOn(resizing, 'r1')).toEqual({ begin: barA.begin, end: barA.end + 900 });
    expect(sameTarget(moving.target, { rowId: 'r2', begin: barA.begin })).toBe(true);
    expect(sameTarget(moving.target, resizing.target)).toBe(false);
  });

  it('drags bookings only, on an editable grid, when nobody else holds them', () => {
    expect(canDrag(barA, true, false)).toBe(true);
    expect(canDrag(barA, false, false)).toBe(false);
    expect(canDrag(barA, true, true)).toBe(false);
    expect(canDrag({ ...barA, kind: 'leave' }, true, false)).toBe(false);
  });
});

describe('period and shading', () => {
  it('shades after hours and marks where a day begins', () => {
    expect(hourShade(grid, at('2026-01-05T03:00'))).toEqual({ shade: 'afterhours', isDayStart: false });
    expect(hourShade(grid, at('2026-01-05T10:00')).shade).toBeNull();
    expect(hourShade(grid, at('2026-01-05T00:00')).isDayStart).toBe(true);
  });

  it('starts a week on the organisation’s first weekday and titles it by its first and last days', () => {
    // Wednesday 7 January 2026, weeks starting on Monday (1).
    const { from, to } = periodOf('week', at('2026-01-07T00:00'), 1);
    expect(from).toBe(at('2026-01-05T00:00'));
    expect(to - from).toBe(7 * 86_400);
    expect(periodOf('day', at('2026-01-07T15:00'), 1).from).toBe(at('2026-01-07T00:00'));
    expect(periodTitle('day', grid, at('2026-01-05T00:00'))).toBe(grid.set['2026-01-05']?.label);
  });
});

describe('density and zoom', () => {
  it('compact rows are at most 28 px for one lane, 20 px more a lane', () => {
    expect(rowHeight({ lanes: 1 }, true)).toBe(24);
    expect(rowHeight({ lanes: 2 }, true)).toBe(44);
    expect(rowHeight({ lanes: 1 })).toBe(44);
    expect([...rowOffsets(rows, true)]).toEqual([0, 24, 68, 92]);
  });

  it('fits a week or a fortnight to the width at the days zoom; quarter days and hours are wider', () => {
    // 1,072 px of hours at 1280 px with the 208 px names column.
    expect(hourWidthOf('week', 'days', 1072, 168) * 168).toBeLessThanOrEqual(1072);
    expect(hourWidthOf('week', 'days', 1072, 168) * 168).toBeGreaterThan(1060);
    expect(hourWidthOf('fortnight', 'days', 1072, 336) * 336).toBeLessThanOrEqual(1072);
    expect(hourWidthOf('week', 'quarters', 1072, 168)).toBe(16);
    expect(hourWidthOf('week', 'hours', 1072, 168)).toBe(40);
    expect(hourWidthOf('day', 'days', 1072, 24)).toBe(96);
    // A fortnight on a phone: never under 2 px an hour (it scrolls instead).
    expect(hourWidthOf('fortnight', 'days', 255, 336)).toBe(2);
  });

  it('labels the hours as often as 40 px allow', () => {
    expect(labelStep(96)).toBe(1);
    expect(labelStep(16)).toBe(3);
    expect(labelStep(6.38)).toBe(12);
    expect(labelStep(3)).toBe(24);
  });
});

describe('create on the grid', () => {
  it('turns a drag across a row into times snapped to 15 minutes, in either direction', () => {
    // 96 px an hour from 00:00: 9:03 to 10:58 → 09:00–11:00.
    const x = (h: number) => h * 96;
    expect(createRangeAt(scale, x(9.05), x(10.97))).toEqual({
      begin: at('2026-01-05T09:00'),
      end: at('2026-01-05T11:00'),
    });
    expect(createRangeAt(scale, x(10.97), x(9.05))).toEqual({
      begin: at('2026-01-05T09:00'),
      end: at('2026-01-05T11:00'),
    });
  });

  it('is at least one 15-minute step long and stays inside the grid', () => {
    expect(createRangeAt(scale, 9 * 96, 9 * 96 + 3)).toEqual({
      begin: at('2026-01-05T09:00'),
      end: at('2026-01-05T09:15'),
    });
    expect(createRangeAt(scale, -50, 30)).toEqual({
      begin: at('2026-01-05T00:00'),
      end: at('2026-01-05T00:15'),
    });
    expect(createRangeAt(scale, 23.9 * 96, 30 * 96)).toEqual({
      begin: at('2026-01-05T23:45'),
      end: at('2026-01-06T00:00'),
    });
  });
});
