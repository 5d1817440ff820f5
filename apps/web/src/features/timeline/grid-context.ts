import { createContext, useContext, useEffect, useState } from 'react';

/** Width of the sticky resource column, px. */
export const NAME_W = 208;
/** On phones the resource column is narrower, leaving room for the hours. */
export const NAME_W_NARROW = 120;

/** The resource column's width, shared by the grid's rows, bars and header. */
export const NameWidth = createContext(NAME_W);
export const useNameW = (): number => useContext(NameWidth);

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
