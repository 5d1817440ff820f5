/**
 * The grid's pure geometry and drag rules (no React, no DOM): row offsets and hit-testing, where a
 * dragged bar or a dragged end handle lands, the keyboard's resize step, when the pointer at an
 * edge scrolls the grid, what a row shows while a bar is dragged, and the shading of an hour.
 * The grid and its hooks only feed these pixel positions read from the page.
 */
import type { CandidateOutcome } from '@rostra/core/allocation/modes';
import type { RosterGrid } from '@rostra/core/roster/grid';
import { DAY, HOUR, MINUTE } from '@rostra/core/time/calendar';
import { type Bar, type Row, rowHeight, type Scale, snap, xToTime } from './model.ts';

/** Height of the sticky time header, px. */
export const HEADER_H = 52;
/** Pointer travel before a press becomes a drag, px. */
export const DRAG_THRESHOLD = 4;
/** Distance from the scroller's edge at which a drag scrolls it, px. */
export const EDGE = 40;
/** A resize moves the end by the snap step (15 min), never below one step of length. */
export const RESIZE_STEP = 15 * MINUTE;

/** Where a dragged bar would land; `end` only while resizing (the new end; the begin stays). */
export type DropTarget = { rowId: string; begin: number; end?: number };

/** A drag in progress: the bar, the row it left, where it was grabbed (s from its begin), its target. */
export type DragState = {
  bar: Bar;
  fromRowId: string;
  grab: number;
  target: DropTarget | null;
  isResize?: boolean;
};

/** Cumulative row tops: `offsets[i]` is row i's top below the header, `offsets[n]` the total. */
export function rowOffsets(rows: readonly Row[], compact = false): Float64Array {
  const out = new Float64Array(rows.length + 1);
  for (let i = 0; i < rows.length; i++) out[i + 1] = (out[i] as number) + rowHeight(rows[i] as Row, compact);
  return out;
}

/** The row under `y` (px below the header), by binary search; -1 above the first or below the last. */
export function rowIndexAt(offsets: Float64Array, y: number): number {
  const n = offsets.length - 1;
  if (y < 0 || n <= 0 || y >= (offsets[n] as number)) return -1;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((offsets[mid + 1] as number) <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where a bar grabbed `grab` seconds after its begin lands with the pointer at (x, y) of the grid
 * (px from the hours' left edge, below the header): that row, the begin snapped to 15 min and kept
 * inside the scale. Above or below the rows, nowhere.
 */
export function dropTargetAt(
  rows: readonly Row[],
  offsets: Float64Array,
  scale: Scale,
  point: { x: number; y: number },
  bar: Pick<Bar, 'begin' | 'end'>,
  grab: number,
): DropTarget | null {
  const row = rows[rowIndexAt(offsets, point.y)];
  if (!row || row.group) return null;
  const length = bar.end - bar.begin;
  const begin = Math.min(Math.max(snap(xToTime(scale, point.x) - grab), scale.start), scale.end - length);
  return { rowId: row.id, begin };
}

/** A dragged end handle at x: the end snapped to 15 min, at least one step after the begin, within the scale. */
export function resizeEndAt(scale: Scale, x: number, begin: number): number {
  return Math.min(Math.max(snap(xToTime(scale, x)), begin + RESIZE_STEP), scale.end);
}

/**
 * A drag across an empty stretch of a row (issue 18 point 2): the new booking's times between the
 * press at `x0` and the pointer at `x1` (px from the hours' left, either order), each snapped to
 * 15 min, at least one step long, inside the scale.
 */
export function createRangeAt(scale: Scale, x0: number, x1: number): { begin: number; end: number } {
  const a = snap(xToTime(scale, Math.min(x0, x1)));
  const b = snap(xToTime(scale, Math.max(x0, x1)));
  const begin = Math.min(Math.max(a, scale.start), scale.end - RESIZE_STEP);
  const end = Math.min(Math.max(b, begin + RESIZE_STEP), scale.end);
  return { begin, end };
}

/** Shift+Arrow on a bar: its end one step earlier or later, or null where that is not allowed. */
export function keyResizeEnd(bar: Pick<Bar, 'begin' | 'end'>, dir: 'left' | 'right', scaleEnd: number) {
  const end = snap(bar.end) + (dir === 'right' ? RESIZE_STEP : -RESIZE_STEP);
  if (end - bar.begin < RESIZE_STEP || end > scaleEnd) return null;
  return end;
}

/** Fastest edge scroll, px per frame (at the very edge or past it). */
export const EDGE_MAX = 24;

/**
 * Scroll speed along one axis while a drag's pointer is held near an edge (issue 18 point 6): 0
 * outside the band of EDGE px along it, growing with the depth into the band to EDGE_MAX at the
 * edge and past it; negative towards the start. `start` and `end` bound the scrolling area.
 */
export function edgeSpeed(pointer: number, start: number, end: number): number {
  const into = (depth: number) => Math.max(1, Math.round((EDGE_MAX * Math.min(depth, EDGE)) / EDGE));
  if (pointer < start + EDGE) return -into(start + EDGE - pointer);
  if (pointer > end - EDGE) return into(pointer - (end - EDGE));
  return 0;
}

/**
 * Pixels to scroll by, each frame, while a drag's pointer is held near an edge of the scroller
 * (0 elsewhere); the area starts after the sticky names (`inset.left`) and header (`inset.top`).
 */
export function edgeScroll(
  rect: { left: number; right: number; top: number; bottom: number },
  pointer: { x: number; y: number },
  inset: { left: number; top: number },
  vertical = true,
): { dx: number; dy: number } {
  return {
    dx: edgeSpeed(pointer.x, rect.left + inset.left, rect.right),
    dy: vertical ? edgeSpeed(pointer.y, rect.top + inset.top, rect.bottom) : 0,
  };
}

/** What a row shows while a bar is dragged: the core's answer, 'pending', 'unassign', or nothing. */
export type RowCheck = CandidateOutcome | 'pending' | 'unassign' | null;

export function rowCheck(drag: DragState | null, row: Row, answer: CandidateOutcome | undefined): RowCheck {
  if (!drag || row.group) return null;
  if (drag.isResize) return row.id === drag.fromRowId && row.resource ? (answer ?? 'pending') : null;
  return row.resource ? (answer ?? 'pending') : 'unassign';
}

/** The dashed outline of where the dragged bar would land on `rowId`, or null on other rows. */
export function ghostOn(drag: DragState | null, rowId: string): { begin: number; end: number } | null {
  if (!drag?.target || drag.target.rowId !== rowId) return null;
  const { begin } = drag.target;
  return { begin, end: drag.target.end ?? begin + drag.bar.end - drag.bar.begin };
}

/** Whether the same target as before (a pointer move inside one snap step re-renders nothing). */
export const sameTarget = (a: DropTarget | null | undefined, b: DropTarget | null | undefined): boolean =>
  a?.rowId === b?.rowId && a?.begin === b?.begin && a?.end === b?.end;

/** A bar may be dragged: a booking, on an editable grid, not locked by someone else. */
export const canDrag = (bar: Bar, isEditable: boolean, isLocked: boolean): boolean =>
  isEditable && bar.kind === 'booking' && !isLocked;

/** The shading of the hour beginning at `t`: after hours, a weekend, or none; and whether a day begins. */
export function hourShade(
  grid: RosterGrid,
  t: number,
): { shade: 'afterhours' | 'weekend' | null; isDayStart: boolean } {
  const day = grid.set[new Date(Math.floor(t / DAY) * DAY * 1000).toISOString().slice(0, 10)];
  const hour = Math.floor((t % DAY) / HOUR);
  const slot = day?.children.find((h) => h.hour === hour);
  const isWeekend = day?.weekday === 0 || day?.weekday === 6;
  return { shade: slot?.afterhours ? 'afterhours' : isWeekend ? 'weekend' : null, isDayStart: hour === 0 };
}

/** What a key pressed on a focused booking does (the arrows aside): open, candidates, unassign, menu. */
export function barKeyAction(key: {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): 'open' | 'candidates' | 'unassign' | 'menu' | 'pick' | 'unpick' | null {
  if (key.key === 'ContextMenu' || (key.shiftKey && key.key === 'F10')) return 'menu';
  if (key.ctrlKey || key.metaKey || key.altKey) return null;
  if (key.key === 'Enter') return 'open';
  if (key.key === ' ') return 'pick';
  if (key.key === 'Escape') return 'unpick';
  if (key.key === 'Delete' || key.key === 'Backspace') return 'unassign';
  if (key.key.toLowerCase() === 'c' && !key.shiftKey) return 'candidates';
  return null;
}
