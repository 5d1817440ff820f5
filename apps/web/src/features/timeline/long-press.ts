import type { PointerEvent } from 'react';
import { DRAG_THRESHOLD } from './layout.ts';

/** How long a finger rests on a bar before its context menu opens, ms. */
const LONG_PRESS_MS = 550;

/**
 * Watches a touch press: held still for 550 ms, `onFire` gets where it was (the context menu);
 * moving past the drag threshold (a drag) or lifting earlier cancels it. After it fired, the
 * click that the lifted finger makes is not a click: `suppress` is on until then.
 */
export function watchLongPress(
  event: PointerEvent,
  onFire: (at: { x: number; y: number }) => void,
  suppress: { current: boolean },
): void {
  if (event.pointerType !== 'touch') return;
  const x0 = event.clientX;
  const y0 = event.clientY;
  const stop = () => {
    clearTimeout(timer);
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', stop);
    window.removeEventListener('pointercancel', stop);
  };
  const move = (e: globalThis.PointerEvent) => {
    if (Math.abs(e.clientX - x0) + Math.abs(e.clientY - y0) >= DRAG_THRESHOLD) stop();
  };
  const timer = setTimeout(() => {
    stop();
    suppress.current = true;
    const release = () => setTimeout(() => (suppress.current = false), 0);
    window.addEventListener('pointerup', release, { once: true });
    onFire({ x: x0, y: y0 });
  }, LONG_PRESS_MS);
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', stop);
  window.addEventListener('pointercancel', stop);
}
