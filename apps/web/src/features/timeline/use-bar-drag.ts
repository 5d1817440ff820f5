import { type PointerEvent, type RefObject, useRef, useState } from 'react';
import {
  canDrag,
  DRAG_THRESHOLD,
  type DragState,
  type DropTarget,
  dropTargetAt,
  edgeScroll,
  HEADER_H,
  resizeEndAt,
  sameTarget,
} from './layout.ts';
import { type Bar, type Row, type Scale, xToTime } from './model.ts';

export type DragCallbacks = {
  isEditable: boolean;
  isLocked: (id: string) => boolean;
  onDragStart: (bar: Bar) => void;
  onDragEnd: () => void;
  /** `isCopy`: Shift was held at the drop (a copy goes there; the bar stays). */
  onDrop: (bar: Bar, fromRowId: string, target: DropTarget, isCopy: boolean) => void;
  onResize: (bar: Bar, end: number, byPointer: boolean) => void;
};

/**
 * Pointer drags of the grid's bars: a press that travels past the threshold moves the bar (its
 * target follows the pointer through `dropTargetAt`), a press on the end handle moves its end;
 * the pointer held at an edge keeps scrolling, faster the nearer the edge (a frame loop, so it
 * scrolls without the pointer moving); Escape or a cancelled pointer drops nothing. The click
 * after a drag is suppressed (`suppressClick`).
 */
export function useBarDrag(
  scrollRef: RefObject<HTMLDivElement | null>,
  geometry: { rows: readonly Row[]; offsets: Float64Array; scale: Scale; nameW: number },
  callbacks: DragCallbacks,
) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const dragRef = useRef<DragState | null>(null);
  dragRef.current = drag;
  const suppressClick = useRef(false);
  const latest = useRef({ geometry, callbacks });
  latest.current = { geometry, callbacks };

  /** The grid point (px from the hours' left, below the header) under a client position. */
  const gridPoint = (el: HTMLElement, clientX: number, clientY: number) => {
    const rect = el.getBoundingClientRect();
    const { nameW } = latest.current.geometry;
    return {
      x: clientX - rect.left + el.scrollLeft - nameW,
      y: clientY - rect.top + el.scrollTop - HEADER_H,
    };
  };

  /** Follows the pointer until it is released (or Escape), then calls `finish` once if it moved. */
  const track = (
    event: PointerEvent,
    bar: Bar,
    options: { horizontalOnly: boolean },
    onMove: (e: globalThis.PointerEvent, el: HTMLElement) => void,
    finish: (e: globalThis.PointerEvent | null) => void,
  ) => {
    const el = scrollRef.current;
    if (!el) return;
    const x0 = event.clientX;
    const y0 = event.clientY;
    let started = false;
    let last: globalThis.PointerEvent | null = null;
    let frame = 0;
    /** Scrolls by the edge speed at the last pointer position; true while it is in an edge band. */
    const scrollStep = () => {
      if (!last) return false;
      const { dx, dy } = edgeScroll(
        el.getBoundingClientRect(),
        { x: last.clientX, y: last.clientY },
        { left: latest.current.geometry.nameW, top: HEADER_H },
        !options.horizontalOnly,
      );
      if (dx === 0 && dy === 0) return false;
      el.scrollLeft += dx;
      el.scrollTop += dy;
      return true;
    };
    const tick = () => {
      frame = 0;
      if (!scrollStep() || !last) return;
      onMove(last, el);
      frame = requestAnimationFrame(tick);
    };
    const move = (e: globalThis.PointerEvent) => {
      if (!started) {
        const travel = Math.abs(e.clientX - x0) + (options.horizontalOnly ? 0 : Math.abs(e.clientY - y0));
        if (travel < DRAG_THRESHOLD) return;
        started = true;
        suppressClick.current = true;
        latest.current.callbacks.onDragStart(bar);
      }
      last = e;
      onMove(e, el);
      if (frame === 0) frame = requestAnimationFrame(tick);
    };
    const stop = (e: globalThis.PointerEvent | null) => {
      if (frame !== 0) cancelAnimationFrame(frame);
      frame = 0;
      last = null;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', onEscape);
      if (!started) return;
      setDrag(null);
      latest.current.callbacks.onDragEnd();
      finish(e);
      // The click that follows a drag's pointerup is not a selection.
      setTimeout(() => {
        suppressClick.current = false;
      }, 0);
    };
    const up = (e: globalThis.PointerEvent) => stop(e);
    const cancel = () => stop(null);
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') stop(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', onEscape);
  };

  const startPress = (event: PointerEvent, bar: Bar, row: Row) => {
    const { callbacks: cb } = latest.current;
    if (event.button !== 0 || !canDrag(bar, cb.isEditable, cb.isLocked(bar.record._id))) return;
    const el = scrollRef.current;
    if (!el) return;
    const grab =
      xToTime(latest.current.geometry.scale, gridPoint(el, event.clientX, event.clientY).x) - bar.begin;
    const targetAt = (e: globalThis.PointerEvent) => {
      const { rows, offsets, scale } = latest.current.geometry;
      return dropTargetAt(rows, offsets, scale, gridPoint(el, e.clientX, e.clientY), bar, grab);
    };
    track(
      event,
      bar,
      { horizontalOnly: false },
      (e) => {
        const target = targetAt(e);
        if (dragRef.current && sameTarget(dragRef.current.target, target)) return;
        setDrag({ bar, fromRowId: row.id, grab, target });
      },
      (e) => {
        const target = e ? targetAt(e) : null;
        if (target && (target.rowId !== row.id || target.begin !== bar.begin))
          latest.current.callbacks.onDrop(bar, row.id, target, e?.shiftKey === true);
      },
    );
  };

  /** Drags a bar's end handle: the end follows the pointer, snapped to 15 min; the begin stays. */
  const startResize = (event: PointerEvent, bar: Bar, row: Row) => {
    const { callbacks: cb } = latest.current;
    if (event.button !== 0 || !canDrag(bar, cb.isEditable, cb.isLocked(bar.record._id))) return;
    event.preventDefault();
    event.stopPropagation();
    const el = scrollRef.current;
    if (!el) return;
    const endAt = (e: globalThis.PointerEvent) =>
      resizeEndAt(latest.current.geometry.scale, gridPoint(el, e.clientX, e.clientY).x, bar.begin);
    track(
      event,
      bar,
      { horizontalOnly: true },
      (e) => {
        const end = endAt(e);
        if (dragRef.current?.target?.end === end) return;
        setDrag({
          bar,
          fromRowId: row.id,
          grab: 0,
          target: { rowId: row.id, begin: bar.begin, end },
          isResize: true,
        });
      },
      (e) => {
        const end = e ? endAt(e) : null;
        if (end !== null && end !== bar.end) latest.current.callbacks.onResize(bar, end, true);
      },
    );
  };

  return { drag, dragRef, suppressClick, startPress, startResize };
}
