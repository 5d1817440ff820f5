import { forcedResourceIssue } from '@rostra/core/settings/flag-rules';
import { DAY, fromYmd, toYmd } from '@rostra/core/time/calendar';
import type { z } from 'zod';
import type { QueryParams } from '../../lib/api.ts';
import { DIRECTORY_TEXT as T } from './texts.ts';

/*
 * The record directory's pure model (issue 17 point 3): how a screen's URL search becomes its
 * list's query (filters, page, page size), whether any filter is set, and what clears them.
 * Each directory screen describes its filters with {@link FilterParam}s; the rest is shared.
 */

/** The URL search of a directory screen: its filters, `page`, and the opened record. */
export type DirectorySearch = Readonly<Record<string, string | undefined>>;

/**
 * One filter of a directory screen: the URL's `key`, sent as `param` (the key itself unless
 * named), either as typed, through `values` (e.g. status `active`/`inactive` → `inactive`
 * false/true; a value `values` does not know is not sent) or through `to` (e.g. a day → its
 * seconds). A `kept` parameter is sent but is no filter: it is not cleared nor counted (an order,
 * the menu's own `?type=`).
 */
export type FilterParam = {
  key: string;
  param?: string;
  values?: Readonly<Record<string, string | boolean>>;
  to?: (given: string) => string | number | boolean | undefined;
  kept?: boolean;
};

/** A day filter (`YYYY-MM-DD`) sent as its first second, or (`end`) the first of the next day. */
export const dayParam =
  (end = false) =>
  (given: string): number | undefined => {
    const sec = fromYmd(given);
    return Number.isFinite(sec) ? sec + (end ? DAY : 0) : undefined;
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
): QueryParams {
  const query: { -readonly [K in keyof QueryParams]: QueryParams[K] } = {};
  for (const f of filters) {
    const given = search[f.key]?.trim();
    if (!given) continue;
    const value = f.to ? f.to(given) : f.values ? f.values[given] : given;
    if (value !== undefined) query[f.param ?? f.key] = value;
  }
  return { ...query, page: pageFrom(search.page), limit };
}

/** Whether any of the filters is set (the list then says "none match" rather than "none yet"). */
export function isFiltered(search: DirectorySearch, filters: readonly FilterParam[]): boolean {
  return filters.some((f) => !f.kept && Boolean(search[f.key]?.trim()));
}

/** The search change that clears the filters (and so goes back to the first page). */
export function clearedFilters(filters: readonly FilterParam[]): Record<string, ''> {
  return Object.fromEntries(filters.filter((f) => !f.kept).map((f) => [f.key, ''] as const));
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

/** `HH:MM` of wall-clock seconds. */
export const hhmm = (sec: number) => new Date(sec * 1000).toISOString().slice(11, 16);
/** `YYYY-MM-DD` of wall-clock seconds ('' when absent). */
export const ymd = (sec: number | null | undefined) => (sec == null ? '' : toYmd(sec));
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A date and two times typed in a form → wall-clock seconds (spec §5 messages). An end earlier
 * than the beginning is the next day (overnight work); the same time twice is a mistake.
 */
export function spanFrom(
  date: string,
  begin: string,
  end: string,
): { begin: number; end: number; errors: { date?: string; begin?: string; end?: string } } {
  const errors: { date?: string; begin?: string; end?: string } = {};
  const day = date ? fromYmd(date) : Number.NaN;
  if (!Number.isFinite(day)) errors.date = T.invalidDate;
  const b = TIME.exec(begin);
  const e = TIME.exec(end);
  if (!b) errors.begin = T.invalidTime;
  if (!e) errors.end = T.invalidTime;
  const bm = b ? Number(b[1]) * 60 + Number(b[2]) : 0;
  const em = e ? Number(e[1]) * 60 + Number(e[2]) : 0;
  if (b && e && bm === em) errors.end = T.endAfterBegin;
  return { begin: day + bm * 60, end: day + em * 60 + (em < bm ? DAY : 0), errors };
}

/** A form's date, begin and end as typed. */
export type SpanValues = { date: string; begin: string; end: string };

/** A form's span values of a stored record (9:00 to 10:00 of no day for a new one). */
export const spanValuesOf = (
  begin: number | null | undefined,
  end: number | null | undefined,
): SpanValues => ({
  date: ymd(begin),
  begin: begin == null ? '09:00' : hhmm(begin),
  end: end == null ? '10:00' : hhmm(end),
});

/** The span's messages as a form schema's issues, at the date, begin and end fields. */
function checkSpan(v: SpanValues, ctx: z.RefinementCtx): void {
  for (const [path, message] of Object.entries(spanFrom(v.date, v.begin, v.end).errors))
    ctx.addIssue({ code: 'custom', path: [path], message });
}

/**
 * An event form's checks as its schema's issues: a name (at `nameField`), a valid span, and on a
 * new event at least one resource where the organisation forces them on this kind.
 */
export function checkEvent<K extends string>(
  v: SpanValues & { resIds: readonly string[] } & Record<K, string>,
  ctx: z.RefinementCtx,
  {
    nameField,
    kind,
    isNew,
    mustHaveResource,
  }: { nameField: K; kind: 'calevent' | 'groupevent'; isNew: boolean; mustHaveResource: boolean },
): void {
  if (!v[nameField].trim()) ctx.addIssue({ code: 'custom', path: [nameField], message: T.nameRequired });
  checkSpan(v, ctx);
  const forced = isNew
    ? forcedResourceIssue(kind, v.resIds, { [`force_resource_${kind}`]: mustHaveResource })
    : null;
  if (forced) ctx.addIssue({ code: 'custom', path: ['resIds'], message: forced.message });
}
