import { HOUR } from '@rostra/core/time/calendar';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { DragAlternatives } from './drag-alternatives.tsx';
import { Compact, NameWidth, useElementWidth, useNameWidth } from './grid-context.ts';
import { Shading, TimeHeader } from './grid-header.tsx';
import type { GridProps } from './grid-props.ts';
import { UtilisationStrip } from './grid-strip.tsx';
import { barKeyAction, ghostOn, HEADER_H, rowCheck, rowOffsets } from './layout.ts';
import { watchLongPress } from './long-press.ts';
import {
  hourWidthOf,
  laneHeight,
  lanesInView,
  type Row,
  rowHeight,
  scaleOf,
  timeToX,
  totalWidth,
  UNASSIGNED_ROW,
} from './model.ts';
import { GroupHeader } from './row-filters.tsx';
import { isPickClick } from './selection.ts';
import { TL } from './texts.ts';
import { type BarHandlers, TimelineRow } from './timeline-row.tsx';
import { useBarDrag } from './use-bar-drag.ts';
import { useBarFocus } from './use-bar-focus.ts';
import { useCreateDrag } from './use-create-drag.ts';
import { useDragChecks } from './use-drag-checks.ts';

export type { GridProps } from './grid-props.ts';
export type { DropTarget } from './layout.ts';

/**
 * The timeline grid: resources as rows and time as columns, virtualised in both directions
 * (TanStack Virtual over rows and over hour columns; a row renders only the bars inside the
 * visible hours). Sticky resource column and time header, after-hours and weekends shaded, the
 * now line. Bars are buttons (arrow keys move between them, Enter opens); an editable grid drags
 * bookings between rows and times (use-bar-drag.ts), showing on every row whether the core's
 * checks pass for the dragged booking there, and why not (use-drag-checks.ts).
 */
export function TimelineGrid(props: GridProps) {
  const nameW = useNameWidth();
  const { rows, grid, view, compact } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const offsets = useMemo(() => rowOffsets(rows, compact), [rows, compact]);
  const hours = Math.round((grid.time_boundaries.end_time - grid.time_boundaries.start_time) / HOUR);
  // The hours' width on screen: the week and fortnight fit into it at the `days` zoom.
  const hoursW = useElementWidth(scrollRef, 1024) - nameW;
  const hourWidth = hourWidthOf(view, props.zoom, hoursW, hours);
  const scale = useMemo(() => scaleOf(grid, view, hourWidth), [grid, view, hourWidth]);
  const rowV = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => rowHeight(rows[i] as Row, compact),
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
  }, [rows, scale.hourWidth, compact]);

  // Start the day at the current hour when today is in view, else at 07:00.
  const scrolledFor = useRef('');
  useEffect(() => {
    const el = scrollRef.current;
    const key = `${scale.start}:${view}:${scale.hourWidth}`;
    if (!el || scrolledFor.current === key) return;
    scrolledFor.current = key;
    const anchor =
      props.now >= scale.start && props.now < scale.end
        ? props.now - HOUR
        : scale.start + (view === 'day' ? 7 * HOUR : 0);
    el.scrollLeft = Math.max(0, timeToX(scale, anchor));
  }, [scale, view, props.now]);

  const cols = colV.getVirtualItems();
  const visFrom = cols[0] ? scale.start + cols[0].index * HOUR : scale.start;
  const lastCol = cols.at(-1);
  const visTo = lastCol ? scale.start + (lastCol.index + 1) * HOUR : scale.end;
  const width = nameW + totalWidth(scale);
  const days = useMemo(() => Object.values(grid.set), [grid]);
  const virtualRows = rowV.getVirtualItems();
  const viewTop = rowV.scrollOffset ?? 0;
  const viewH = rowV.scrollRect?.height ?? 800;
  const laneH = laneHeight(compact);
  /** Lanes near the view for a row at `top` of `height` (all of them for a row that fits). */
  const lanesOf = (top: number, height: number) => {
    const lanes = lanesInView(top, height, viewTop, viewH, laneH);
    return { laneFrom: lanes.from, laneTo: lanes.to };
  };

  const propsRef = useRef(props);
  propsRef.current = props;
  const { drag, dragRef, suppressClick, startPress, startResize } = useBarDrag(
    scrollRef,
    { rows, offsets, scale, nameW },
    {
      isEditable: props.isEditable,
      isLocked: (id) => props.locks[id] !== undefined,
      onDragStart: props.onDragStart,
      onDragEnd: props.onDragEnd,
      onDrop: props.onDrop,
      onResize: props.onResize,
    },
  );
  const { sweep, onPointerDown } = useCreateDrag(
    scrollRef,
    { rows, offsets, scale, nameW },
    { isEditable: props.isEditable, onCreate: (row, range) => propsRef.current.onCreate(row, range) },
  );
  const visibleIds = virtualRows
    .map((v) => rows[v.index]?.id)
    .filter((id): id is string => id !== undefined && id !== UNASSIGNED_ROW);
  const { checks, alternatives } = useDragChecks({
    rows,
    drag,
    dragRef,
    visibleIds,
    checker: props.checker,
    showAlternatives: props.showAlternatives,
  });

  const { setFocus, onBarKey, tabStopOf } = useBarFocus({
    scrollRef,
    rows,
    scale,
    nameW,
    rowV,
    canResize: (bar) => props.isEditable && !props.locks[bar.record._id],
    onResize: (bar, end) => props.onResize(bar, end, false),
    onOtherKey: (event, bar) => {
      const action = barKeyAction(event);
      if (!action || bar.kind !== 'booking') return;
      if (action === 'unpick') {
        if (props.picked.size > 0) props.onClearPick();
        return;
      }
      event.preventDefault();
      if (action === 'pick') {
        const row = rows.find((r) => r.bars.includes(bar));
        if (row) props.onPick(bar, row);
      } else if (action === 'open') props.onOpen(bar);
      else if (action === 'candidates') props.onCandidates(bar);
      else if (action === 'unassign') props.onUnassign(bar);
      else {
        const box = event.currentTarget.getBoundingClientRect();
        props.onMenu(bar, { x: box.left, y: box.bottom });
      }
    },
  });

  // Stable handlers for the memoised rows (a scroll re-renders the grid, not every row).
  const latest = useRef({ startPress, startResize, onBarKey, suppressClick });
  latest.current = { startPress, startResize, onBarKey, suppressClick };
  // Whether the press that leads to a click held Ctrl, Cmd or Shift (a pick, not an open).
  const pressPicks = useRef(false);
  const barHandlers = useMemo<BarHandlers>(
    () => ({
      onPress: (e, bar, row) => {
        pressPicks.current = isPickClick(e);
        if (bar.kind === 'booking')
          watchLongPress(e, (at) => propsRef.current.onMenu(bar, at), latest.current.suppressClick);
        latest.current.startPress(e, bar, row);
      },
      onResizePress: (e, bar, row) => latest.current.startResize(e, bar, row),
      onKey: (e, at, bar) => latest.current.onBarKey(e, at, bar),
      onClick: (bar, at) => {
        if (suppressClick.current) return;
        setFocus(at);
        const row = rows[at.row];
        if (pressPicks.current && row) propsRef.current.onPick(bar, row);
        else propsRef.current.onSelect(bar);
        pressPicks.current = false;
      },
      onOpen: (bar) => propsRef.current.onOpen(bar),
      onMenu: (bar, at) => {
        if (bar.kind === 'booking') propsRef.current.onMenu(bar, at);
      },
      onFocusBar: setFocus,
    }),
    [suppressClick, setFocus, rows],
  );
  const onNew = useCallback((row: Row) => propsRef.current.onCreate(row, null), []);

  const nowX = props.now >= scale.start && props.now < scale.end ? nameW + timeToX(scale, props.now) : null;
  const totalH = rowV.getTotalSize();
  const tabStop = tabStopOf(virtualRows, visFrom, visTo);

  return (
    <NameWidth.Provider value={nameW}>
      <Compact.Provider value={compact}>
        <div className="relative flex min-h-0 min-w-0 flex-1">
          <section
            ref={scrollRef}
            className="relative min-h-0 flex-1 overflow-auto overscroll-contain bg-white"
            aria-label={TL.title}
            data-testid="timeline-scroller"
            onPointerDown={onPointerDown}
          >
            <div style={{ width, height: totalH }} className="relative">
              <TimeHeader days={days} cols={cols} scale={scale} width={width} corner={props.namesCorner}>
                {props.utilisation ? (
                  <UtilisationStrip cols={cols} scale={scale} load={props.utilisation} />
                ) : null}
              </TimeHeader>
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
                if (row.group)
                  return (
                    <GroupHeader
                      key={row.id}
                      row={row}
                      top={v.start}
                      height={v.size}
                      width={width}
                      onToggle={props.onToggleGroup}
                    />
                  );
                return (
                  <TimelineRow
                    key={row.under === undefined ? row.id : `${row.under}/${row.id}`}
                    row={row}
                    index={v.index}
                    top={v.start}
                    height={v.size}
                    width={width}
                    scale={scale}
                    from={visFrom}
                    to={visTo}
                    {...lanesOf(v.start, v.size)}
                    statusColors={props.statusColors}
                    customers={props.customers}
                    locks={props.locks}
                    selectedId={props.selectedId}
                    picked={props.picked}
                    draggingId={drag?.bar.record._id ?? null}
                    tabStop={tabStop}
                    isDragging={drag !== null}
                    check={rowCheck(drag, row, checks?.get(row.id))}
                    isTarget={drag?.target?.rowId === row.id}
                    ghost={ghostOn(drag, row.id) ?? (sweep?.rowId === row.id ? sweep : null)}
                    bands={props.availability?.bandsOf(row.id)}
                    load={props.availability?.loadOf(row) ?? null}
                    onNew={props.isEditable ? onNew : null}
                    canEdit={props.isEditable}
                    on={barHandlers}
                  />
                );
              })}
            </div>
          </section>
          {drag && !drag.isResize && props.showAlternatives ? (
            <DragAlternatives alternatives={alternatives} />
          ) : null}
        </div>
      </Compact.Provider>
    </NameWidth.Provider>
  );
}
