import { type CandidateOutcome, splitPassing } from '@rostra/core/allocation/modes';
import type { WorkspaceLock } from '@rostra/core/api/timeline';
import type { GridDay, RosterGrid } from '@rostra/core/roster/grid';
import type { StatusDefinition } from '@rostra/core/settings/defaults';
import { DAY, formatTime, HOUR, MINUTE } from '@rostra/core/time/calendar';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Check, Lock as LockIcon, TriangleAlert, X } from 'lucide-react';
import {
  createContext,
  type KeyboardEvent,
  memo,
  type PointerEvent,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { AsyncChecker } from './checker.ts';
import {
  type Bar,
  type BarRef,
  barBox,
  barsInRange,
  customerName,
  LANE_HEIGHT,
  moveFocus,
  type Row,
  rowHeight,
  type Scale,
  snap,
  timeToX,
  totalWidth,
  UNASSIGNED_ROW,
  type ViewKind,
  xToTime,
} from './model.ts';
import { TL } from './texts.ts';

/** Width of the sticky resource column and height of the sticky time header, px. */
export const NAME_W = 208;
/** On phones the resource column is narrower, leaving room for the hours. */
export const NAME_W_NARROW = 120;
const NameWidth = createContext(NAME_W);

function useNameWidth(): number {
  const query = '(max-width: 639px)';
  const [isNarrow, setNarrow] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true,
  );
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    const change = () => setNarrow(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  return isNarrow ? NAME_W_NARROW : NAME_W;
}
export const HEADER_H = 52;
/** Pointer travel before a press becomes a drag, px. */
const DRAG_THRESHOLD = 4;
/** Distance from the scroller's edge at which a drag scrolls it, px. */
const EDGE = 40;

/** Where a dragged bar would land; `end` only while resizing (the new end; the begin stays). */
export type DropTarget = { rowId: string; begin: number; end?: number };
/** A resize moves the end by the snap step (15 min), never below one step of length. */
const RESIZE_STEP = 15 * MINUTE;
/** Bars narrower than this (px) get no end handle: the handle would cover them, leaving nothing to drag. */
const MIN_RESIZE_W = 24;
/** Width of a bar's end handle, px. */
const HANDLE_W = 8;

export type GridProps = {
  rows: readonly Row[];
  scale: Scale;
  grid: RosterGrid;
  view: ViewKind;
  statusColors: ReadonlyMap<string, StatusDefinition>;
  customers: ReadonlyMap<string, string>;
  locks: Readonly<Record<string, WorkspaceLock>>;
  selectedId: string | null;
  isEditable: boolean;
  /** Wall-clock seconds now (the today line). */
  now: number;
  /** The core's checker (in a worker) for the bar being dragged; null while it loads. */
  checker: AsyncChecker | null;
  showAlternatives: boolean;
  onSelect: (bar: Bar) => void;
  onOpen: (bar: Bar) => void;
  onDragStart: (bar: Bar) => void;
  onDragEnd: () => void;
  onDrop: (bar: Bar, fromRowId: string, target: DropTarget) => void;
  /** A bar's end handle dragged (or Shift+Arrow on a focused bar): the booking's new end. */
  onResize: (bar: Bar, end: number, byPointer: boolean) => void;
};

type DragState = { bar: Bar; fromRowId: string; grab: number; target: DropTarget | null; isResize?: boolean };

/** Hour-label step of each view (hours). */
const LABEL_STEP: Readonly<Record<ViewKind, number>> = { day: 1, week: 6, fortnight: 12 };

function lockLabel(lock: WorkspaceLock): string {
  return TL.locked(lock.name ?? TL.anotherDispatcher);
}

/**
 * The timeline grid: resources as rows and time as columns, virtualised in both directions
 * (TanStack Virtual over rows and over hour columns; a row renders only the bars inside the
 * visible hours). Sticky resource column and time header, after-hours and weekends shaded, the
 * now line. Bars are buttons (arrow keys move between them, Enter opens the candidates); an
 * editable grid drags bookings between rows and times, showing on every row whether the core's
 * checks pass for the dragged booking there, and why not.
 */
export function TimelineGrid(props: GridProps) {
  const nameW = useNameWidth();
  const { rows, scale, grid, view } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const offsets = useMemo(() => {
    const out = new Float64Array(rows.length + 1);
    for (let i = 0; i < rows.length; i++) out[i + 1] = (out[i] as number) + rowHeight(rows[i] as Row);
    return out;
  }, [rows]);
  const hours = Math.round((scale.end - scale.start) / HOUR);
  const rowV = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => rowHeight(rows[i] as Row),
    paddingStart: HEADER_H,
    overscan: 4,
    // Scroll updates render with React's batching, not synchronously inside the scroll event.
    useFlushSync: false,
  });
  const colV = useVirtualizer({
    horizontal: true,
    count: hours,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => scale.hourWidth,
    paddingStart: nameW,
    overscan: 3,
    useFlushSync: false,
  });
  // Row heights change with the data; the virtualizer measures by estimate only.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the rows or scale change
  useEffect(() => {
    rowV.measure();
    colV.measure();
  }, [rows, scale.hourWidth]);

  // Start the day at the current hour when today is in view, else at 07:00.
  const scrolledFor = useRef('');
  useEffect(() => {
    const el = scrollRef.current;
    const key = `${scale.start}:${view}`;
    if (!el || scrolledFor.current === key) return;
    scrolledFor.current = key;
    const anchor =
      props.now >= scale.start && props.now < scale.end
        ? props.now - HOUR
        : scale.start + (view === 'day' ? 7 * HOUR : 0);
    el.scrollLeft = Math.max(0, timeToX(scale, anchor));
  }, [scale, view, props.now]);

  const cols = colV.getVirtualItems();
  const firstCol = cols[0];
  const lastCol = cols.at(-1);
  const visFrom = firstCol ? scale.start + firstCol.index * HOUR : scale.start;
  const visTo = lastCol ? scale.start + (lastCol.index + 1) * HOUR : scale.end;
  const width = nameW + totalWidth(scale);
  const days = useMemo(() => Object.values(grid.set), [grid]);

  // --- Drag ------------------------------------------------------------------------------------
  const [drag, setDrag] = useState<DragState | null>(null);
  const dragRef = useRef<DragState | null>(null);
  dragRef.current = drag;
  const suppressClick = useRef(false);
  const propsRef = useRef(props);
  propsRef.current = props;

  const targetAt = (clientX: number, clientY: number, grab: number, bar: Bar): DropTarget | null => {
    const el = scrollRef.current;
    if (!el) return null;
    const rect = el.getBoundingClientRect();
    const x = clientX - rect.left + el.scrollLeft - nameW;
    const y = clientY - rect.top + el.scrollTop - HEADER_H;
    if (y < 0) return null;
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((offsets[mid + 1] as number) <= y) lo = mid + 1;
      else hi = mid;
    }
    const row = rows[lo];
    if (!row) return null;
    const length = bar.end - bar.begin;
    const begin = Math.min(Math.max(snap(xToTime(scale, x) - grab), scale.start), scale.end - length);
    return { rowId: row.id, begin };
  };

  const startPress = (event: PointerEvent, bar: Bar, row: Row) => {
    if (event.button !== 0 || !props.isEditable || bar.kind !== 'booking' || props.locks[bar.record._id])
      return;
    const el = scrollRef.current;
    if (!el) return;
    const rect = el.getBoundingClientRect();
    const grab = xToTime(scale, event.clientX - rect.left + el.scrollLeft - nameW) - bar.begin;
    const x0 = event.clientX;
    const y0 = event.clientY;
    let started = false;
    const move = (e: globalThis.PointerEvent) => {
      if (!started) {
        if (Math.abs(e.clientX - x0) + Math.abs(e.clientY - y0) < DRAG_THRESHOLD) return;
        started = true;
        suppressClick.current = true;
        propsRef.current.onDragStart(bar);
      }
      const r = el.getBoundingClientRect();
      if (e.clientX < r.left + nameW + EDGE) el.scrollLeft -= 16;
      else if (e.clientX > r.right - EDGE) el.scrollLeft += 16;
      if (e.clientY < r.top + HEADER_H + EDGE) el.scrollTop -= 12;
      else if (e.clientY > r.bottom - EDGE) el.scrollTop += 12;
      const target = targetAt(e.clientX, e.clientY, grab, bar);
      const prev = dragRef.current;
      if (prev && prev.target?.rowId === target?.rowId && prev.target?.begin === target?.begin) return;
      setDrag({ bar, fromRowId: row.id, grab, target });
    };
    const finish = (e: globalThis.PointerEvent, isCancel: boolean) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', onEscape);
      if (!started) return;
      const target = isCancel ? null : targetAt(e.clientX, e.clientY, grab, bar);
      setDrag(null);
      propsRef.current.onDragEnd();
      if (target && (target.rowId !== row.id || target.begin !== bar.begin)) {
        propsRef.current.onDrop(bar, row.id, target);
      }
      // The click that follows a drag's pointerup is not a selection.
      setTimeout(() => {
        suppressClick.current = false;
      }, 0);
    };
    const up = (e: globalThis.PointerEvent) => finish(e, false);
    const cancel = (e: globalThis.PointerEvent) => finish(e, true);
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', onEscape);
      if (started) {
        setDrag(null);
        propsRef.current.onDragEnd();
      }
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', onEscape);
  };

  /** Drags a bar's end handle: the end follows the pointer, snapped to 15 min; the begin stays. */
  const startResize = (event: PointerEvent, bar: Bar, row: Row) => {
    if (event.button !== 0 || !props.isEditable || bar.kind !== 'booking' || props.locks[bar.record._id])
      return;
    event.preventDefault();
    event.stopPropagation();
    const el = scrollRef.current;
    if (!el) return;
    const endAt = (clientX: number) => {
      const rect = el.getBoundingClientRect();
      const x = clientX - rect.left + el.scrollLeft - nameW;
      return Math.min(Math.max(snap(xToTime(scale, x)), bar.begin + RESIZE_STEP), scale.end);
    };
    const x0 = event.clientX;
    let started = false;
    const move = (e: globalThis.PointerEvent) => {
      if (!started) {
        if (Math.abs(e.clientX - x0) < DRAG_THRESHOLD) return;
        started = true;
        suppressClick.current = true;
        propsRef.current.onDragStart(bar);
      }
      const r = el.getBoundingClientRect();
      if (e.clientX < r.left + nameW + EDGE) el.scrollLeft -= 16;
      else if (e.clientX > r.right - EDGE) el.scrollLeft += 16;
      const end = endAt(e.clientX);
      if (dragRef.current?.target?.end === end) return;
      setDrag({
        bar,
        fromRowId: row.id,
        grab: 0,
        target: { rowId: row.id, begin: bar.begin, end },
        isResize: true,
      });
    };
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', onEscape);
    };
    const finish = (end: number | null) => {
      stop();
      if (!started) return;
      setDrag(null);
      propsRef.current.onDragEnd();
      if (end !== null && end !== bar.end) propsRef.current.onResize(bar, end, true);
      setTimeout(() => {
        suppressClick.current = false;
      }, 0);
    };
    const up = (e: globalThis.PointerEvent) => finish(endAt(e.clientX));
    const cancel = () => finish(null);
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') finish(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', onEscape);
  };

  // The core's answer for every resource row at the drag's current time.
  const resourceIds = useMemo(() => rows.filter((r) => r.resource).map((r) => r.id), [rows]);
  const dragBegin = drag?.target?.begin ?? drag?.bar.begin;
  const dragLength = drag ? (drag.target?.end ?? drag.bar.end) - (drag.target?.begin ?? drag.bar.begin) : 0;
  const dragId = drag?.bar.record._id;
  // The core's answers by drag time, for the rows on screen only (the worker checks ~20
  // resources a request, not the whole pool); scrolling during a drag asks for the new rows.
  const checkCache = useRef<{
    checker: AsyncChecker | null;
    length: number;
    byBegin: Map<number, Map<string, CandidateOutcome>>;
    asked: Set<string>;
  }>({ checker: null, length: 0, byBegin: new Map(), asked: new Set() });
  if (checkCache.current.checker !== props.checker || checkCache.current.length !== dragLength) {
    checkCache.current = { checker: props.checker, length: dragLength, byBegin: new Map(), asked: new Set() };
  }
  const [, setAnswers] = useState(0);
  const visibleIds = rowV
    .getVirtualItems()
    .map((v) => rows[v.index]?.id)
    .filter((id): id is string => id !== undefined && id !== UNASSIGNED_ROW);
  const checks =
    dragBegin !== undefined && props.checker ? (checkCache.current.byBegin.get(dragBegin) ?? null) : null;
  const missingKey =
    dragBegin !== undefined && props.checker
      ? visibleIds.filter((id) => !checkCache.current.asked.has(`${dragBegin}:${id}`)).join(',')
      : '';
  useEffect(() => {
    const cache = checkCache.current;
    if (!missingKey || dragBegin === undefined || !cache.checker) return;
    const ids = missingKey.split(',');
    for (const id of ids) cache.asked.add(`${dragBegin}:${id}`);
    void cache.checker.check(dragBegin, dragBegin + dragLength, ids).then((results) => {
      if (checkCache.current !== cache) return;
      let map = cache.byBegin.get(dragBegin);
      if (!map) {
        map = new Map();
        cache.byBegin.set(dragBegin, map);
      }
      for (const c of results) map.set(c.resourceId, c);
      setAnswers((n) => n + 1);
    });
  }, [missingKey, dragBegin, dragLength]);
  // The best other resources that pass, over the whole pool, once the pointer rests a moment.
  const [alternatives, setAlternatives] = useState<CandidateOutcome[] | null>(null);
  const showAlternatives = props.showAlternatives;
  const checker = props.checker;
  const isResizing = drag?.isResize === true;
  useEffect(() => {
    if (!showAlternatives || dragBegin === undefined || !checker || !dragId || isResizing) {
      setAlternatives(null);
      return;
    }
    let isCurrent = true;
    const timer = setTimeout(() => {
      const current = dragRef.current?.bar.record.resIds ?? [];
      void checker.best(dragBegin, dragBegin + dragLength, resourceIds, [...current], 3).then((best) => {
        if (isCurrent) setAlternatives(best);
      });
    }, 150);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [showAlternatives, checker, dragBegin, dragLength, dragId, resourceIds, isResizing]);

  // --- Keyboard focus --------------------------------------------------------------------------
  const [focus, setFocus] = useState<BarRef | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const focusKey = (ref: BarRef) => `${ref.row}:${ref.bar}`;
  useEffect(() => {
    if (!pendingFocus.current) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-bar="${pendingFocus.current}"]`);
    if (el) {
      el.focus({ preventScroll: true });
      pendingFocus.current = null;
    }
  });
  const onBarKey = (event: KeyboardEvent, at: BarRef, bar: Bar) => {
    const keys: Record<string, 'left' | 'right' | 'up' | 'down'> = {
      ArrowLeft: 'left',
      ArrowRight: 'right',
      ArrowUp: 'up',
      ArrowDown: 'down',
    };
    const dir = keys[event.key];
    if (event.shiftKey && (dir === 'left' || dir === 'right') && bar.kind === 'booking') {
      // Shift+Arrow: the end 15 min earlier or later (the begin stays; at least 15 min long).
      event.preventDefault();
      if (!props.isEditable || props.locks[bar.record._id]) return;
      const end = snap(bar.end) + (dir === 'right' ? RESIZE_STEP : -RESIZE_STEP);
      if (end - bar.begin < RESIZE_STEP || end > scale.end) return;
      props.onResize(bar, end, false);
    } else if (dir) {
      event.preventDefault();
      const next = moveFocus(rows, at, dir);
      setFocus(next);
      pendingFocus.current = focusKey(next);
      const target = rows[next.row]?.bars[next.bar];
      rowV.scrollToIndex(next.row, { align: 'auto' });
      const el = scrollRef.current;
      if (el && target) {
        const x = nameW + timeToX(scale, target.begin);
        if (x < el.scrollLeft + nameW || x > el.scrollLeft + el.clientWidth - 40) {
          el.scrollLeft = Math.max(0, x - nameW - 2 * scale.hourWidth);
        }
      }
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (bar.kind === 'booking') props.onOpen(bar);
    }
  };
  // The tab stop: the focused bar, else the first bar rendered.
  let tabStop = focus ? focusKey(focus) : null;

  // Stable handlers for the memoised rows (a scroll re-renders the grid, not every row).
  const latest = useRef({ startPress, startResize, onBarKey });
  latest.current = { startPress, startResize, onBarKey };
  const onPress = useCallback(
    (e: PointerEvent, bar: Bar, row: Row) => latest.current.startPress(e, bar, row),
    [],
  );
  const onResizePress = useCallback(
    (e: PointerEvent, bar: Bar, row: Row) => latest.current.startResize(e, bar, row),
    [],
  );
  const onKey = useCallback(
    (e: KeyboardEvent, at: BarRef, bar: Bar) => latest.current.onBarKey(e, at, bar),
    [],
  );
  const onClick = useCallback((bar: Bar, at: BarRef) => {
    if (suppressClick.current) return;
    setFocus(at);
    propsRef.current.onSelect(bar);
  }, []);
  const onOpen = useCallback((bar: Bar) => propsRef.current.onOpen(bar), []);

  const nowX = props.now >= scale.start && props.now < scale.end ? nameW + timeToX(scale, props.now) : null;
  const totalH = rowV.getTotalSize();
  const virtualRows = rowV.getVirtualItems();
  if (!tabStop || !virtualRows.some((v) => tabStop?.startsWith(`${v.index}:`))) {
    for (const v of virtualRows) {
      const row = rows[v.index] as Row;
      const first = barsInRange(row, visFrom, visTo)[0];
      if (first) {
        tabStop = focusKey({ row: v.index, bar: row.bars.indexOf(first) });
        break;
      }
    }
  }

  return (
    <NameWidth.Provider value={nameW}>
      <div className="relative flex min-h-0 min-w-0 flex-1">
        <section
          ref={scrollRef}
          className="relative min-h-0 flex-1 overflow-auto overscroll-contain bg-white"
          aria-label={TL.title}
          data-testid="timeline-scroller"
        >
          <div style={{ width, height: totalH }} className="relative">
            <TimeHeader days={days} cols={cols} scale={scale} view={view} width={width} />
            {/* Column shading: after hours and weekends, for visible hours only. */}
            <Shading
              cols={cols}
              scale={scale}
              grid={grid}
              top={HEADER_H}
              height={totalH - HEADER_H}
              width={width}
              nowX={nowX}
            />
            {virtualRows.map((v) => {
              const row = rows[v.index] as Row;
              const check = checks?.get(row.id);
              const isTarget = drag?.target?.rowId === row.id;
              return (
                <TimelineRow
                  key={row.id}
                  row={row}
                  index={v.index}
                  top={v.start}
                  height={v.size}
                  width={width}
                  scale={scale}
                  from={visFrom}
                  to={visTo}
                  statusColors={props.statusColors}
                  customers={props.customers}
                  locks={props.locks}
                  selectedId={props.selectedId}
                  draggingId={drag?.bar.record._id ?? null}
                  tabStop={tabStop}
                  isDragging={drag !== null}
                  check={
                    !drag
                      ? null
                      : drag.isResize
                        ? row.id === drag.fromRowId && row.resource
                          ? (check ?? 'pending')
                          : null
                        : row.resource
                          ? (check ?? 'pending')
                          : 'unassign'
                  }
                  isTarget={isTarget}
                  ghost={
                    isTarget && drag?.target
                      ? {
                          begin: drag.target.begin,
                          end: drag.target.end ?? drag.target.begin + drag.bar.end - drag.bar.begin,
                        }
                      : null
                  }
                  canEdit={props.isEditable}
                  onPress={onPress}
                  onResizePress={onResizePress}
                  onClick={onClick}
                  onOpen={onOpen}
                  onKey={onKey}
                  onFocusBar={setFocus}
                />
              );
            })}
          </div>
        </section>
        {drag && !drag.isResize && props.showAlternatives ? (
          <div
            className="pointer-events-none absolute right-4 bottom-4 z-40 w-72 rounded-md border border-neutral-200 bg-white/95 p-3 text-xs shadow-lg"
            role="status"
            data-testid="drag-alternatives"
          >
            <p className="font-medium text-neutral-800">{TL.alternatives}</p>
            {!alternatives ? (
              <p className="mt-1 text-neutral-500">{TL.checking}</p>
            ) : (
              <AlternativeGroups alternatives={alternatives} />
            )}
          </div>
        ) : null}
      </div>
    </NameWidth.Provider>
  );
}

/**
 * The drag's alternatives: those who pass at the dragged time, then — under a divider — the best
 * of those who fail, with their reasons (issue 16 point 4); each group best first.
 */
function AlternativeGroups({ alternatives }: { alternatives: CandidateOutcome[] }) {
  const { passing, failing } = splitPassing(alternatives);
  return (
    <>
      {passing.length === 0 ? (
        <p className="mt-1 text-neutral-500">{TL.noAlternative}</p>
      ) : (
        <ul className="mt-1 space-y-0.5" data-group="passing">
          {passing.map((c) => (
            <li key={c.resourceId} className="flex justify-between gap-2 text-neutral-700">
              <span className="truncate">{c.name}</span>
              <span className="tabular-nums text-neutral-500">{Math.round(c.score)}</span>
            </li>
          ))}
        </ul>
      )}
      {failing.length ? (
        <>
          <p className="mt-2 border-t border-neutral-200 pt-1 font-medium text-neutral-600">
            {TL.failingGroup}
          </p>
          <ul className="mt-0.5 space-y-1" data-group="failing">
            {failing.map((c) => (
              <li key={c.resourceId} className="text-neutral-700">
                <span className="block truncate">{c.name}</span>
                <span className="block text-[11px] text-red-700">
                  {c.errors.map((e) => e.message).join('; ')}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

type VirtualCol = { index: number; start: number; size: number; key: string | number | bigint };

/** Background columns; memoised: a vertical scroll does not change them. */
const Shading = memo(function Shading(props: {
  cols: VirtualCol[];
  scale: Scale;
  grid: RosterGrid;
  top: number;
  height: number;
  width: number;
  nowX: number | null;
}) {
  const { cols, scale, grid } = props;
  return (
    <div
      aria-hidden
      className="pointer-events-none absolute left-0"
      style={{ top: props.top, height: props.height, width: props.width }}
    >
      {cols.map((c) => {
        const t = scale.start + c.index * HOUR;
        const day = grid.set[new Date(Math.floor(t / DAY) * DAY * 1000).toISOString().slice(0, 10)];
        const hour = Math.floor((t % DAY) / HOUR);
        const slot = day?.children.find((h) => h.hour === hour);
        const isWeekend = day?.weekday === 0 || day?.weekday === 6;
        // Opaque shades: the bottom layer needs no blending when rasterised.
        const shade = slot?.afterhours ? 'bg-neutral-100' : isWeekend ? 'bg-neutral-50' : '';
        return (
          <div
            key={c.key}
            className={`absolute top-0 h-full ${shade} ${hour === 0 ? 'border-l border-neutral-300' : 'border-l border-neutral-100'}`}
            style={{ left: c.start, width: c.size }}
          />
        );
      })}
      {props.nowX !== null ? (
        <div className="absolute top-0 h-full w-0.5 bg-red-500/70" style={{ left: props.nowX }} />
      ) : null}
    </div>
  );
});

const TimeHeader = memo(function TimeHeader(props: {
  days: GridDay[];
  cols: VirtualCol[];
  scale: Scale;
  view: ViewKind;
  width: number;
}) {
  const { cols, scale, view } = props;
  const nameW = useContext(NameWidth);
  const step = LABEL_STEP[view];
  const visibleDays = new Set(cols.map((c) => Math.floor(c.index / 24)));
  return (
    <div
      className="sticky top-0 z-30 border-b border-neutral-200 bg-white"
      style={{ height: HEADER_H, width: props.width }}
    >
      <div
        className="sticky left-0 z-10 flex h-full items-end border-r border-neutral-200 bg-white px-3 pb-1.5 text-xs font-medium text-neutral-500"
        style={{ width: nameW }}
      >
        {TL.resources}
      </div>
      {[...visibleDays].map((d) => {
        const day = props.days[d];
        if (!day) return null;
        const isWeekend = day.weekday === 0 || day.weekday === 6;
        return (
          <div
            key={day.date}
            className={`absolute top-0 h-6 border-l border-neutral-300 pt-1 text-xs font-semibold ${isWeekend ? 'text-neutral-500' : 'text-neutral-800'}`}
            style={{ left: nameW + d * 24 * scale.hourWidth, width: 24 * scale.hourWidth }}
          >
            <span className="sticky inline-block px-2 whitespace-nowrap" style={{ left: nameW }}>
              {day.label}
            </span>
          </div>
        );
      })}
      {cols
        .filter((c) => c.index % step === 0)
        .map((c) => (
          <div
            key={c.key}
            className="absolute bottom-0 h-6 border-l border-neutral-200 pl-1 pt-1 text-[11px] tabular-nums text-neutral-500"
            style={{ left: c.start, width: c.size * step }}
          >
            {formatTime(scale.start + c.index * HOUR).replace(':00 ', ' ')}
          </div>
        ))}
    </div>
  );
});

type RowProps = {
  row: Row;
  index: number;
  top: number;
  height: number;
  width: number;
  scale: Scale;
  from: number;
  to: number;
  statusColors: ReadonlyMap<string, StatusDefinition>;
  customers: ReadonlyMap<string, string>;
  locks: Readonly<Record<string, WorkspaceLock>>;
  selectedId: string | null;
  draggingId: string | null;
  tabStop: string | null;
  isDragging: boolean;
  /** While dragging: this row's check, 'pending' until the core answers, 'unassign' for the lane. */
  check: CandidateOutcome | 'pending' | 'unassign' | null;
  isTarget: boolean;
  ghost: { begin: number; end: number } | null;
  /** Bookings can be dragged and resized (not while a change is on its way). */
  canEdit: boolean;
  onPress: (event: PointerEvent, bar: Bar, row: Row) => void;
  onResizePress: (event: PointerEvent, bar: Bar, row: Row) => void;
  onClick: (bar: Bar, at: BarRef) => void;
  onOpen: (bar: Bar) => void;
  onKey: (event: KeyboardEvent, at: BarRef, bar: Bar) => void;
  onFocusBar: (at: BarRef) => void;
};

const TimelineRow = memo(function TimelineRow(p: RowProps) {
  const { row, scale } = p;
  const nameW = useContext(NameWidth);
  const bars = barsInRange(row, p.from, p.to);
  const check = p.check;
  const fails = check !== null && typeof check === 'object' && !check.ok;
  const passes = check !== null && typeof check === 'object' && check.ok;
  const tint = p.isTarget
    ? fails
      ? 'bg-red-50/70'
      : passes || check === 'unassign'
        ? 'bg-emerald-50/70'
        : 'bg-sky-50/70'
    : '';
  const isUnassigned = row.id === UNASSIGNED_ROW;
  return (
    // A row is a positioned box of bars, not a form: a group, not a fieldset.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <div
      role="group"
      aria-label={row.name}
      data-row={row.id}
      data-check={
        check === null ? undefined : typeof check === 'object' ? (check.ok ? 'pass' : 'fail') : check
      }
      className={`absolute left-0 border-b border-neutral-200 ${isUnassigned ? 'bg-amber-50/40' : ''} ${tint}`}
      // Fixed size: a row's layout and paint never reach outside it (cheaper scroll and drag frames).
      style={{ top: p.top, height: p.height, width: p.width, contain: 'strict' }}
    >
      <div
        className={`sticky left-0 z-20 flex h-full flex-col justify-center border-r border-neutral-200 px-3 ${isUnassigned ? 'bg-amber-50' : 'bg-white'} ${p.isTarget ? 'shadow-[inset_3px_0_0] shadow-sky-600' : ''}`}
        style={{ width: nameW }}
      >
        <div className="flex items-center gap-1.5">
          <span
            className={`truncate text-sm ${isUnassigned ? 'font-semibold text-amber-900' : 'font-medium text-neutral-800'}`}
          >
            {row.name}
          </span>
          {row.resource?.inactive ? (
            <span className="rounded bg-neutral-200 px-1 text-[10px] uppercase text-neutral-600">
              inactive
            </span>
          ) : null}
          {isUnassigned ? (
            <span className="text-xs text-amber-800 tabular-nums">{row.bars.length}</span>
          ) : null}
        </div>
        {check === 'pending' ? (
          <span className="text-[11px] text-neutral-500">{TL.checking}</span>
        ) : check === 'unassign' ? (
          <span className="text-[11px] text-neutral-600">{TL.dropUnassign}</span>
        ) : check && typeof check === 'object' ? (
          check.ok ? (
            <span className="flex items-center gap-1 text-[11px] text-emerald-700" data-testid="row-check">
              <Check aria-hidden className="size-3" />
              {TL.passes}
            </span>
          ) : (
            <span
              className="flex items-start gap-1 text-[11px] leading-tight text-red-700"
              data-testid="row-check"
              title={check.errors.map((e) => e.message).join('\n')}
            >
              <X aria-hidden className="mt-px size-3 shrink-0" />
              <span className="line-clamp-2">{check.errors.map((e) => e.message).join('; ')}</span>
            </span>
          )
        ) : null}
      </div>
      {bars.map((bar) => {
        const at: BarRef = { row: p.index, bar: row.bars.indexOf(bar) };
        const key = `${at.row}:${at.bar}`;
        return (
          <BarButton
            key={bar.record._id}
            bar={bar}
            row={row}
            rowIndex={at.row}
            barIndex={at.bar}
            dataKey={key}
            scale={scale}
            statusColors={p.statusColors}
            customers={p.customers}
            lock={p.locks[bar.record._id]}
            isSelected={p.selectedId === bar.record._id}
            isDragged={p.draggingId === bar.record._id}
            isTabStop={p.tabStop === key}
            canResize={p.canEdit && !p.isDragging && !p.locks[bar.record._id]}
            onPress={p.onPress}
            onResizePress={p.onResizePress}
            onClick={p.onClick}
            onOpen={p.onOpen}
            onKey={p.onKey}
            onFocusBar={p.onFocusBar}
          />
        );
      })}
      {p.ghost ? (
        <div
          aria-hidden
          data-testid="drag-ghost"
          className={`pointer-events-none absolute z-10 rounded border-2 border-dashed ${fails ? 'border-red-500 bg-red-50' : 'border-sky-600 bg-sky-50'}`}
          style={{
            left: nameW + timeToX(scale, p.ghost.begin),
            width: Math.max(8, timeToX(scale, p.ghost.end) - timeToX(scale, p.ghost.begin)),
            top: 4,
            height: LANE_HEIGHT - 2,
          }}
        >
          <span className="block truncate px-1 text-[11px] leading-5 text-neutral-800">
            {formatTime(p.ghost.begin)}–{formatTime(p.ghost.end)}
          </span>
        </div>
      ) : null}
    </div>
  );
});

type BarProps = {
  bar: Bar;
  row: Row;
  /** Its place (`BarRef`) as numbers: the memoised bar re-renders only when something it shows changes. */
  rowIndex: number;
  barIndex: number;
  dataKey: string;
  scale: Scale;
  statusColors: ReadonlyMap<string, StatusDefinition>;
  customers: ReadonlyMap<string, string>;
  lock: WorkspaceLock | undefined;
  isSelected: boolean;
  isDragged: boolean;
  isTabStop: boolean;
  canResize: boolean;
  onPress: RowProps['onPress'];
  onResizePress: RowProps['onResizePress'];
  onClick: RowProps['onClick'];
  onOpen: RowProps['onOpen'];
  onKey: RowProps['onKey'];
  onFocusBar: RowProps['onFocusBar'];
};

/** One bar; memoised (a drag step or a scroll re-renders a row, not each of its bars). */
const BarButton = memo(function BarButton(p: BarProps) {
  const { bar, scale } = p;
  const at: BarRef = { row: p.rowIndex, bar: p.barIndex };
  const nameW = useContext(NameWidth);
  // Clipped to the grid: a record begun before the window starts at its first hour.
  const box = barBox(scale, bar);
  const left = nameW + box.x;
  const width = box.width;
  const record = bar.record;
  const time = `${formatTime(bar.begin)}–${formatTime(bar.end)}`;
  const style = { left, width, top: 4 + bar.lane * LANE_HEIGHT, height: LANE_HEIGHT - 2 };
  if (bar.kind !== 'booking') {
    const label = bar.kind === 'leave' ? TL.leave : TL.break;
    return (
      <div
        className={`absolute overflow-hidden rounded-sm px-1 text-[11px] leading-5 ${bar.kind === 'leave' ? 'bg-[repeating-linear-gradient(135deg,#e5e5e5_0_6px,#f5f5f5_6px_12px)] text-neutral-600' : 'bg-amber-100 text-amber-900'}`}
        style={style}
        title={`${label} ${time}`}
        data-kind={bar.kind}
      >
        <span className="truncate">{label}</span>
      </div>
    );
  }
  const status = p.statusColors.get(record.status ?? '');
  const customer = customerName(record, p.customers);
  const lock = p.lock;
  const title = [
    customer,
    time,
    status?._value ?? record.status,
    record.isConflict ? TL.conflict : '',
    lock ? lockLabel(lock) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  // Pointer resizing by the end handle (the keyboard resizes with Shift+Arrow on the bar itself).
  const hasHandle = p.canResize && width >= MIN_RESIZE_W;
  return (
    <button
      type="button"
      data-bar={p.dataKey}
      data-id={record._id}
      data-locked={lock ? 'true' : undefined}
      tabIndex={p.isTabStop ? 0 : -1}
      aria-label={title}
      aria-pressed={p.isSelected}
      aria-keyshortcuts={p.canResize ? 'Shift+ArrowLeft Shift+ArrowRight' : undefined}
      title={title}
      className={`absolute flex touch-none items-center gap-1 overflow-hidden rounded-sm px-1.5 text-left text-[11px] leading-5 outline-none select-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-1 ${
        record.isConflict ? 'border-l-[3px] border-red-600' : ''
      } ${p.isSelected ? 'ring-2 ring-neutral-900' : ''} ${p.isDragged ? 'opacity-40' : ''} ${lock ? 'cursor-not-allowed outline-dashed outline-1 outline-neutral-500' : 'cursor-grab'} ${
        hasHandle
          ? 'after:absolute after:top-0 after:right-0 after:h-full after:w-2 after:cursor-ew-resize hover:after:bg-neutral-900/25'
          : ''
      }`}
      data-resizable={hasHandle ? 'true' : undefined}
      style={{ ...style, background: status?.color ?? '#e5e7eb', color: status?.textColor ?? '#1f2937' }}
      onPointerDown={(e) => {
        // The end handle is the bar's last 8 px (a pseudo-element: no extra DOM node per bar).
        if (hasHandle && e.clientX >= e.currentTarget.getBoundingClientRect().right - HANDLE_W)
          p.onResizePress(e, bar, p.row);
        else p.onPress(e, bar, p.row);
      }}
      onClick={() => p.onClick(bar, at)}
      onDoubleClick={() => p.onOpen(bar)}
      onKeyDown={(e) => p.onKey(e, at, bar)}
      onFocus={() => p.onFocusBar(at)}
    >
      {lock ? <LockIcon aria-hidden className="size-3 shrink-0" /> : null}
      {record.isConflict ? <TriangleAlert aria-hidden className="size-3 shrink-0 text-red-700" /> : null}
      <span className="min-w-8 truncate font-medium">{customer}</span>
      {width > 120 ? (
        <span className="min-w-0 truncate opacity-75" style={{ flexShrink: 4 }}>
          {time}
        </span>
      ) : null}
    </button>
  );
});
