import { createContext, useContext, useEffect, useLayoutEffect, useState } from 'react';

/** Width of the sticky resource column, px. */
export const NAME_W = 208;
/** On phones the resource column is narrower, leaving room for the hours. */
export const NAME_W_NARROW = 120;

/** The resource column's width, shared by the grid's rows, bars and header. */
export const NameWidth = createContext(NAME_W);
export const useNameW = (): number => useContext(NameWidth);

/** Compact rows (20 px lanes): the rows and bars read it rather than each taking a prop. */
export const Compact = createContext(false);
export const useCompact = (): boolean => useContext(Compact);

/** The width of an element, px, kept up to date (a ResizeObserver); measured before the first paint. */
export function useElementWidth(ref: { current: HTMLElement | null }, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The resource column's width for the screen: narrower on phones (follows the media query). */
export function useNameWidth(): number {
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
