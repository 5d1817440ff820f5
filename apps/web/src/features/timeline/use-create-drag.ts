import { type PointerEvent, type RefObject, useRef, useState } from 'react';
import { createRangeAt, DRAG_THRESHOLD, HEADER_H, rowIndexAt } from './layout.ts';
import type { Row, Scale } from './model.ts';

/** A stretch being swept on a row: its row and the times under the press and the pointer. */
export type Sweep = { rowId: string; begin: number; end: number };

/**
 * Create on the grid (issue 18 point 2): a press on an empty stretch of a row (not on a bar, not
 * on the names) that travels sideways sweeps a stretch, snapped to 15 min (`createRangeAt`); on
 * release `onCreate` gets the row and the times. Escape or a cancelled pointer sweeps nothing. A
 * touch press scrolls the grid instead (a phone creates from the row's "+" button).
 */
export function useCreateDrag(
  scrollRef: RefObject<HTMLDivElement | null>,
  geometry: { rows: readonly Row[]; offsets: Float64Array; scale: Scale; nameW: number },
  options: { isEditable: boolean; onCreate: (row: Row, range: { begin: number; end: number }) => void },
) {
  const [sweep, setSweep] = useState<Sweep | null>(null);
  const latest = useRef({ geometry, options });
  latest.current = { geometry, options };

  const onPointerDown = (event: PointerEvent) => {
    const { geometry: g, options: o } = latest.current;
    const el = scrollRef.current;
    if (!o.isEditable || !el || event.button !== 0 || event.pointerType === 'touch') return;
    const target = event.target as HTMLElement;
    if (target.closest('button, a, input, [data-names]')) return;
    const rect = el.getBoundingClientRect();
    const xOf = (clientX: number) => clientX - rect.left + el.scrollLeft - g.nameW;
    const y = event.clientY - rect.top + el.scrollTop - HEADER_H;
    const row = g.rows[rowIndexAt(g.offsets, y)];
    const x0 = xOf(event.clientX);
    if (!row || row.group || x0 < 0) return;
    let started = false;
    let last = x0;
    const move = (e: globalThis.PointerEvent) => {
      last = xOf(e.clientX);
      if (!started && Math.abs(last - x0) < DRAG_THRESHOLD) return;
      started = true;
      const range = createRangeAt(latest.current.geometry.scale, x0, last);
      setSweep((s) =>
        s && s.begin === range.begin && s.end === range.end ? s : { rowId: row.id, ...range },
      );
    };
    const stop = (commit: boolean) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', onEscape);
      setSweep(null);
      if (commit && started)
        latest.current.options.onCreate(row, createRangeAt(latest.current.geometry.scale, x0, last));
    };
    const up = () => stop(true);
    const cancel = () => stop(false);
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') stop(false);
    };
    // No text selection while sweeping.
    event.preventDefault();
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', onEscape);
  };

  return { sweep, onPointerDown };
}
