import type { Virtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { keyResizeEnd } from './layout.ts';
import { type Bar, type BarRef, barsInRange, moveFocus, type Row, type Scale, timeToX } from './model.ts';

const ARROWS: Readonly<Record<string, 'left' | 'right' | 'up' | 'down'>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

export const focusKey = (ref: BarRef): string => `${ref.row}:${ref.bar}`;

/**
 * The grid's keyboard: one bar is the tab stop (the focused one, else the first on screen); arrows
 * move focus between bars (scrolling them into view), Shift+Left/Right moves a booking's end by 15
 * minutes; any other key goes to `onOtherKey` (Enter, the menu key…).
 */
export function useBarFocus(options: {
  scrollRef: RefObject<HTMLDivElement | null>;
  rows: readonly Row[];
  scale: Scale;
  nameW: number;
  rowV: Virtualizer<HTMLDivElement, Element>;
  canResize: (bar: Bar) => boolean;
  onResize: (bar: Bar, end: number) => void;
  onOtherKey: (event: KeyboardEvent, bar: Bar) => void;
}) {
  const [focus, setFocus] = useState<BarRef | null>(null);
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (!pendingFocus.current) return;
    const el = options.scrollRef.current?.querySelector<HTMLElement>(`[data-bar="${pendingFocus.current}"]`);
    if (el) {
      el.focus({ preventScroll: true });
      pendingFocus.current = null;
    }
  });

  const onBarKey = (event: KeyboardEvent, at: BarRef, bar: Bar) => {
    const { rows, scale, nameW } = options;
    const dir = ARROWS[event.key];
    if (event.shiftKey && (dir === 'left' || dir === 'right') && bar.kind === 'booking') {
      event.preventDefault();
      if (!options.canResize(bar)) return;
      const end = keyResizeEnd(bar, dir, scale.end);
      if (end !== null) options.onResize(bar, end);
    } else if (dir) {
      event.preventDefault();
      const next = moveFocus(rows, at, dir);
      setFocus(next);
      pendingFocus.current = focusKey(next);
      const target = rows[next.row]?.bars[next.bar];
      options.rowV.scrollToIndex(next.row, { align: 'auto' });
      const el = options.scrollRef.current;
      if (el && target) {
        const x = nameW + timeToX(scale, target.begin);
        if (x < el.scrollLeft + nameW || x > el.scrollLeft + el.clientWidth - 40) {
          el.scrollLeft = Math.max(0, x - nameW - 2 * scale.hourWidth);
        }
      }
    } else options.onOtherKey(event, bar);
  };

  /** The tab stop among the rows on screen: the focused bar, else the first bar rendered. */
  const tabStopOf = (virtualRows: readonly { index: number }[], visFrom: number, visTo: number) => {
    const current = focus ? focusKey(focus) : null;
    if (current && virtualRows.some((v) => current.startsWith(`${v.index}:`))) return current;
    for (const v of virtualRows) {
      const row = options.rows[v.index] as Row;
      const first = barsInRange(row, visFrom, visTo)[0];
      if (first) return focusKey({ row: v.index, bar: row.bars.indexOf(first) });
    }
    return current;
  };

  return { setFocus, onBarKey, tabStopOf, focusBar: (key: string) => (pendingFocus.current = key) };
}
