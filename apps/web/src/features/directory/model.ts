/*
 * The record directory's pure model (issue 17 point 3): how a screen's URL search becomes its
 * list's query (filters, page, page size), whether any filter is set, and what clears them.
 * Each directory screen describes its filters with {@link FilterParam}s; the rest is shared.
 */

/** A list query's parameters: absent values are left out of the query string. */
export type ListQuery = Readonly<Record<string, string | number | boolean | undefined>>;

/** The URL search of a directory screen: its filters, `page`, and the opened record. */
export type DirectorySearch = Readonly<Record<string, string | undefined>>;

/**
 * One filter of a directory screen: the URL's `key`, sent as `param` (the key itself unless
 * named), either as typed or through `values` (e.g. status `active`/`inactive` → `inactive`
 * false/true); a value `values` does not know is not sent.
 */
export type FilterParam = {
  key: string;
  param?: string;
  values?: Readonly<Record<string, string | boolean>>;
};

/** A page number from the URL (1 when absent or not a positive whole number). */
export function pageFrom(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The list's query for the URL's search: each filter's parameter, the page and its size. */
export function listQueryOf(
  search: DirectorySearch,
  filters: readonly FilterParam[],
  limit: number,
): Record<string, string | number | boolean | undefined> {
  const query: Record<string, string | number | boolean | undefined> = {};
  for (const f of filters) {
    const given = search[f.key]?.trim();
    if (!given) continue;
    const value = f.values ? f.values[given] : given;
    if (value !== undefined) query[f.param ?? f.key] = value;
  }
  return { ...query, page: pageFrom(search.page), limit };
}

/** Whether any of the filters is set (the list then says "none match" rather than "none yet"). */
export function isFiltered(search: DirectorySearch, filters: readonly FilterParam[]): boolean {
  return filters.some((f) => Boolean(search[f.key]?.trim()));
}

/** The search change that clears the filters (and so goes back to the first page). */
export function clearedFilters(filters: readonly FilterParam[]): Record<string, ''> {
  return Object.fromEntries(filters.map((f) => [f.key, ''] as const));
}

/**
 * Readers of a task or event when its customer changes: the old customer's user leaves the list,
 * the new one's joins (so that customer sees it); anyone else on the list stays.
 */
export function readersWithCustomer(
  readers: readonly string[],
  oldCustomerUid: string | undefined,
  newCustomerUid: string | undefined,
): string[] {
  const kept = readers.filter((r) => r !== oldCustomerUid);
  return newCustomerUid && !kept.includes(newCustomerUid) ? [...kept, newCustomerUid] : kept;
}
