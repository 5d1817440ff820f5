/**
 * The timeline's pure model: the window answer of `GET /api/v1/timeline` turned into rows (an
 * unassigned lane, then one row per resource) holding bars in begin order, stacked into lanes
 * where they overlap; time ↔ pixel arithmetic over the core's roster grid; the 15-minute snap;
 * keyboard moves between bars. No React and no IO, so all of it is unit-tested.
 *
 * Times are the spec's wall-clock seconds (`utc_*_plus_tz`), as the grid's are.
 */
import type { TimelineWindow, WindowRecord, WindowResource } from '@rostra/core/api/timeline';
import type { RosterGrid } from '@rostra/core/roster/grid';
import { DEFAULT_SNAP_TO_GRID } from '@rostra/core/shell/constants';
import { HOUR, MINUTE } from '@rostra/core/time/calendar';

export type BarKind = 'booking' | 'leave' | 'break';

export type Bar = {
  record: WindowRecord;
  kind: BarKind;
  begin: number;
  end: number;
  /** Stacking lane within the row (0 = top). */
  lane: number;
};

export const UNASSIGNED_ROW = '__unassigned__';

export type Row = {
  /** Resource id, or {@link UNASSIGNED_ROW}. */
  id: string;
  name: string;
  resource: WindowResource | null;
  /** Bookings in begin order. */
  bars: Bar[];
  /** Leaves and breaks in begin order: hatched bands behind the bookings, taking no lane. */
  blocks: Bar[];
  lanes: number;
  /** Longest bar of the row, seconds: bounds the search for bars in a time range. */
  longest: number;
  /** A group's header row (arrange.ts): its label, how many rows, whether they show. */
  group?: { key: string; count: number; isOpen: boolean; by: 'label' | 'team' };
  /** The group a resource's row is shown under (a resource with two labels shows under each). */
  under?: string;
};

/** Leaves by `_key`/`status`, breaks by `_key`/`type`, as the allocation engine tells them. */
export function barKind(record: WindowRecord): BarKind {
  const key = (record._key ?? 'booking').toLowerCase();
  if (key === 'leave' || (record.status ?? '').toLowerCase() === 'leave') return 'leave';
  if (key === 'break' || (record.type ?? '').toLowerCase() === 'break') return 'break';
  return 'booking';
}

/** A resource's display name: `name`, else first and last name, else the id. */
export function resourceName(r: WindowResource): string {
  if (r.name) return r.name;
  const full = [r.first_name, r.last_name].filter(Boolean).join(' ');
  return full === '' ? r._id : full;
}

/** The customer a bar shows: the window's customer name, else the record's customer names. */
export function customerName(record: WindowRecord, customers: ReadonlyMap<string, string>): string {
  const byId = record.customerId ? customers.get(record.customerId) : undefined;
  if (byId) return byId;
  const names = [record.customer_first_name, record.customer_last_name].filter(Boolean).join(' ');
  return names === '' ? (record.customerId ?? '') : names;
}

/** Greedy lanes: each bar takes the first lane whose last bar ended by its begin. Sorted input. */
function stack(bars: Bar[]): number {
  const laneEnds: number[] = [];
  for (const bar of bars) {
    let lane = laneEnds.findIndex((end) => end <= bar.begin);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(bar.end);
    } else laneEnds[lane] = bar.end;
    bar.lane = lane;
  }
  return Math.max(1, laneEnds.length);
}

const byBegin = (a: Bar, b: Bar) =>
  a.begin - b.begin || a.end - b.end || (a.record._id < b.record._id ? -1 : 1);

/**
 * Rows of the window: the unassigned lane (bookings with no resource), then every resource of the
 * window in its order (the server already leaves inactive ones out unless
 * `show_inactive_res_timeline` is on). A record with several resources shows on each of their
 * rows. Inactive records and records of resources not in view are left out.
 */
export function buildRows(window: Pick<TimelineWindow, 'records' | 'resources'>): Row[] {
  const barsOf = new Map<string, Bar[]>();
  const push = (id: string, bar: Bar) => {
    const list = barsOf.get(id);
    if (list) list.push(bar);
    else barsOf.set(id, [bar]);
  };
  for (const record of window.records) {
    if (record.inactive) continue;
    const kind = barKind(record);
    const base = { record, kind, begin: record.utc_begin_plus_tz, end: record.utc_end_plus_tz, lane: 0 };
    const ids = record.resIds ?? [];
    if (ids.length === 0) {
      if (kind === 'booking') push(UNASSIGNED_ROW, { ...base });
      continue;
    }
    for (const id of ids) push(id, { ...base });
  }
  const row = (id: string, name: string, resource: WindowResource | null): Row => {
    const all = (barsOf.get(id) ?? []).sort(byBegin);
    const bars = all.filter((b) => b.kind === 'booking');
    const blocks = all.filter((b) => b.kind !== 'booking');
    let longest = 0;
    for (const b of bars) longest = Math.max(longest, b.end - b.begin);
    return { id, name, resource, bars, blocks, lanes: stack(bars), longest };
  };
  return [
    row(UNASSIGNED_ROW, 'Unassigned', null),
    ...window.resources.map((r) => row(r._id, resourceName(r), r)),
  ];
}

/**
 * Where a booking of `length` seconds fits on a row, for the keyboard's "new booking" (issue 18
 * point 2): the first begin at or after `after`, on the 15-minute grid, whose [begin, begin +
 * length) overlaps none of the row's bookings and ends by `to`; null when none does.
 */
export function freeSlot(row: Pick<Row, 'bars'>, after: number, to: number, length: number): number | null {
  let begin = Math.ceil(after / (DEFAULT_SNAP_TO_GRID * MINUTE)) * DEFAULT_SNAP_TO_GRID * MINUTE;
  for (const bar of row.bars) {
    if (begin + length > to) return null;
    if (bar.end <= begin) continue;
    if (bar.begin >= begin + length) break;
    begin = Math.ceil(bar.end / (DEFAULT_SNAP_TO_GRID * MINUTE)) * DEFAULT_SNAP_TO_GRID * MINUTE;
  }
  return begin + length <= to ? begin : null;
}

/**
 * Bars of a row that overlap [from, to): a binary search for the first bar that could reach
 * `from` (begin ≥ from − longest), then a scan until begin ≥ to. Only what is visible is rendered.
 */
/**
 * The lanes of a row taller than the view that are near it, `[from, to)`: a row of hundreds of
 * lanes (a busy Unassigned row) renders only the bars around the view, not all of them. Rounded
 * out to blocks of {@link LANE_BLOCK} lanes, so a scroll re-renders the tall row once a block.
 */
export const LANE_BLOCK = 16;
export function lanesInView(
  rowTop: number,
  rowHeight: number,
  viewTop: number,
  viewHeight: number,
  laneH: number,
): { from: number; to: number } {
  if (rowHeight <= viewHeight) return ALL_LANES;
  const first = Math.floor((viewTop - rowTop) / laneH / LANE_BLOCK) - 1;
  const last = Math.ceil((viewTop + viewHeight - rowTop) / laneH / LANE_BLOCK) + 1;
  return { from: Math.max(0, first * LANE_BLOCK), to: Math.max(0, last * LANE_BLOCK) };
}
export const ALL_LANES = { from: 0, to: Number.POSITIVE_INFINITY } as const;

export function barsInRange(row: Row, from: number, to: number): Bar[] {
  const bars = row.bars;
  let lo = 0;
  let hi = bars.length;
  const earliest = from - row.longest;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((bars[mid] as Bar).begin < earliest) lo = mid + 1;
    else hi = mid;
  }
  const out: Bar[] = [];
  for (let i = lo; i < bars.length; i++) {
    const bar = bars[i] as Bar;
    if (bar.begin >= to) break;
    if (bar.end > from || (bar.end === bar.begin && bar.begin >= from)) out.push(bar);
  }
  return out;
}

export type ViewKind = 'day' | 'week' | 'fortnight';

/** Pixels per hour of each view: a day reads to the quarter hour, a fortnight to the half day. */
export const HOUR_WIDTH: Readonly<Record<ViewKind, number>> = { day: 96, week: 28, fortnight: 14 };
export const VIEW_DAYS: Readonly<Record<ViewKind, number>> = { day: 1, week: 7, fortnight: 14 };

/** The horizontal scale: the grid's first second at x = 0. */
export type Scale = { start: number; end: number; hourWidth: number };

/**
 * Zoom of the week and fortnight views (issue 18 point 5): `days` fits the whole period to the
 * width, `quarters` gives a quarter day 96 px, `hours` an hour 40 px. The day view reads to the
 * quarter hour at 96 px an hour whatever the zoom.
 */
export const ZOOMS = ['days', 'quarters', 'hours'] as const;
export type Zoom = (typeof ZOOMS)[number];

/** Pixels per hour of a view at a zoom, for `width` px of hours on screen. */
export function hourWidthOf(view: ViewKind, zoom: Zoom, width: number, hours: number): number {
  if (view === 'day') return HOUR_WIDTH.day;
  if (zoom === 'hours') return 40;
  if (zoom === 'quarters') return 16;
  // The whole period in the width; never under 2 px an hour (a fortnight on a phone scrolls).
  return Math.max(2, Math.floor((width / hours) * 100) / 100);
}

export function scaleOf(grid: RosterGrid, view: ViewKind, hourWidth: number = HOUR_WIDTH[view]): Scale {
  return { start: grid.time_boundaries.start_time, end: grid.time_boundaries.end_time, hourWidth };
}

/** Hours between the header's time labels: the smallest of 1, 3, 6, 12, 24 that leaves 40 px each. */
export function labelStep(hourWidth: number): number {
  return [1, 3, 6, 12].find((h) => h * hourWidth >= 40) ?? 24;
}

export const timeToX = (scale: Scale, t: number): number => ((t - scale.start) / HOUR) * scale.hourWidth;
export const xToTime = (scale: Scale, x: number): number => scale.start + (x / scale.hourWidth) * HOUR;
export const totalWidth = (scale: Scale): number => timeToX(scale, scale.end);

/**
 * Where a bar is drawn: its x and width on the grid, clipped to the scale. The window holds the
 * records overlapping it, so a leave or a night visit begun before the grid's first hour starts
 * at x = 0 (and one running past its end stops there) instead of under the names column.
 */
export function barBox(scale: Scale, bar: Pick<Bar, 'begin' | 'end'>): { x: number; width: number } {
  const begin = Math.min(Math.max(bar.begin, scale.start), scale.end);
  const end = Math.min(Math.max(bar.end, begin), scale.end);
  return { x: timeToX(scale, begin), width: Math.max(6, timeToX(scale, end) - timeToX(scale, begin) - 1) };
}

/** Nearest multiple of `minutes` (the spec's snap to grid, 15). */
export function snap(t: number, minutes: number = DEFAULT_SNAP_TO_GRID): number {
  const step = minutes * MINUTE;
  return Math.round(t / step) * step;
}

/** Rows' heights: 24 px per lane plus padding; at least 44 px (a touch target). */
export const LANE_HEIGHT = 24;
/** Compact rows (issue 18 point 5): 20 px lanes, 24 px rows, so 25 and more fit on a laptop. */
export const COMPACT_LANE_HEIGHT = 20;
export const laneHeight = (compact: boolean): number => (compact ? COMPACT_LANE_HEIGHT : LANE_HEIGHT);
export function rowHeight(row: Pick<Row, 'lanes'>, compact = false): number {
  return compact
    ? Math.max(24, row.lanes * COMPACT_LANE_HEIGHT + 4)
    : Math.max(44, row.lanes * LANE_HEIGHT + 8);
}

export type BarRef = { row: number; bar: number };

/**
 * Where the arrow keys move focus from `at`: left/right to the previous/next bar of the row;
 * up/down to the nearest row above/below that has bars, onto its bar closest in time. Stays put
 * at an edge.
 */
export function moveFocus(rows: readonly Row[], at: BarRef, key: 'left' | 'right' | 'up' | 'down'): BarRef {
  const row = rows[at.row];
  const current = row?.bars[at.bar];
  if (!row || !current) return at;
  if (key === 'left') return { row: at.row, bar: Math.max(0, at.bar - 1) };
  if (key === 'right') return { row: at.row, bar: Math.min(row.bars.length - 1, at.bar + 1) };
  const step = key === 'up' ? -1 : 1;
  for (let r = at.row + step; r >= 0 && r < rows.length; r += step) {
    const bars = (rows[r] as Row).bars;
    if (bars.length === 0) continue;
    let best = 0;
    let bestGap = Number.POSITIVE_INFINITY;
    bars.forEach((bar, i) => {
      const gap = Math.abs(bar.begin - current.begin);
      if (gap < bestGap) {
        best = i;
        bestGap = gap;
      }
    });
    return { row: r, bar: best };
  }
  return at;
}

/** Bookings a batch would take: unassigned, not draft, not inactive, beginning in [from, to). */
export function batchCandidates(records: readonly WindowRecord[], from: number, to: number): WindowRecord[] {
  return records.filter(
    (r) =>
      barKind(r) === 'booking' &&
      (r.resIds ?? []).length === 0 &&
      r.status !== 'draft' &&
      !r.inactive &&
      r.utc_begin_plus_tz >= from &&
      r.utc_begin_plus_tz < to,
  );
}
