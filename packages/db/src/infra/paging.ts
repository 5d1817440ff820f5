/**
 * Keyset paging for record lists: a page is the next `limit` rows after the cursor in a fixed
 * order, so pages stay stable while rows are added and no page costs more than its own rows.
 * The cursor is opaque to clients: base64url JSON of the last row's sort key.
 */

export type Page<T> = {
  items: T[];
  /** Pass back as `cursor` for the next page; null when this page is the last one. */
  next_cursor: string | null;
};

/** Default and largest page sizes (spec §9: 40 by default, 250 for bookings and resources). */
export const DEFAULT_PAGE_SIZE = 40;
export const MAX_PAGE_SIZE = 250;

export type CursorKey = readonly (string | number)[];

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key a cursor holds, or undefined when it is not a cursor of `arity` values this API made. */
export function decodeCursor(cursor: string, arity: number): CursorKey | undefined {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) return undefined;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(key) || key.length !== arity) return undefined;
    return key.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))
      ? (key as CursorKey)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Thrown for a cursor this API did not make; routes answer 400 `invalid_cursor`. */
export class InvalidCursorError extends Error {
  constructor() {
    super('The cursor is not one this list gave out');
  }
}

/** The page from `rows` fetched with `limit + 1`: the extra row only says there is more. */
export function pageOf<R, T>(
  rows: R[],
  limit: number,
  keyOf: (row: R) => CursorKey,
  map: (row: R) => T,
): Page<T> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown[shown.length - 1];
  return {
    items: shown.map(map),
    next_cursor: more && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}

export function pageSize(limit: number | undefined): number {
  return Math.min(Math.max(1, Math.floor(limit ?? DEFAULT_PAGE_SIZE)), MAX_PAGE_SIZE);
}
