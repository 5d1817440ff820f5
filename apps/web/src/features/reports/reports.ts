import { type Period, parsePeriod } from '@rostra/core/reports/period';
import { DAY, toYmd, WEEK, weekStart } from '@rostra/core/time/calendar';
import { API_BASE } from '../../lib/api.ts';
import { api } from '../../lib/client.ts';

/*
 * Calls and pure helpers of the timesheets, reports, analytics, quotes and invoices screens.
 * Server shapes: `apps/server/src/operations/reports-routes.ts` (reports, analytics) and the job-life
 * contract (`docs/job-life-api.md`: /timesheets, /ledger).
 */

/** A period as the screens hold it: two `YYYY-MM-DD` dates, both included. */
export type DateRange = { from: string; to: string };

/**
 * The week holding `now` (wall-clock seconds) starting on `weekStartDay` (0 = Sunday … 6 =
 * Saturday; Sunday, the spec's default, when not given), by the core's `weekStart`: the same
 * weeks the server's timesheets use for the organisation's week start day.
 */
export function weekOf(now: number, weekStartDay = 0): DateRange {
  const start = weekStart(now, weekStartDay);
  return { from: toYmd(start), to: toYmd(start + WEEK - DAY) };
}

/** The range moved by its own length (earlier when `direction` is -1). */
export function shiftRange(range: DateRange, direction: 1 | -1): DateRange {
  const parsed = parsePeriod(range.from, range.to);
  if (!parsed.ok) return range;
  const length = parsed.period.to - parsed.period.from;
  const from = parsed.period.from + direction * length;
  return { from: toYmd(from), to: toYmd(from + length - DAY) };
}

/** The period behind a range, or the message saying what is wrong with it. */
export function checkRange(range: DateRange): { period: Period } | { error: string } {
  const parsed = parsePeriod(range.from, range.to);
  return parsed.ok ? { period: parsed.period } : { error: parsed.issue.message };
}

/** Address of a CSV export (the session cookie authorises a plain download link). */
export function csvUrl(path: string, query: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, v);
  return `${API_BASE}${path}?${params.toString()}`;
}

// Reports ------------------------------------------------------------------------------------

export type HoursRow = { key: string; name: string; jobs: number; seconds: number; hours_hmm: string };
export type HoursReport = {
  from: string;
  to: string;
  group: 'resource' | 'label';
  rows: HoursRow[];
  total: { jobs: number; seconds: number; hours_hmm: string };
};
export type StatusReport = {
  from: string;
  to: string;
  rows: { status: string; jobs: number }[];
  total: number;
};
export type ExceptionRow = {
  _id: string;
  action_status: string;
  curr_state: string;
  curr_state_date: number | null;
  labels: string[];
  utc_begin_plus_tz: number;
  utc_end_plus_tz: number;
  customer: string | null;
  reference: string | null;
};
export type ExceptionsReport = {
  from: string;
  to: string;
  computed_for: number;
  entries: ExceptionRow[];
  by_action_status: { action_status: string; jobs: number }[];
  truncated: boolean;
};

export const REPORT_KEYS = {
  hours: (r: DateRange, group: string) => ['reports', 'hours', r.from, r.to, group] as const,
  statuses: (r: DateRange) => ['reports', 'statuses', r.from, r.to] as const,
  exceptions: (r: DateRange) => ['reports', 'exceptions', r.from, r.to] as const,
  analytics: (r: DateRange) => ['analytics', r.from, r.to] as const,
  timesheets: (r: DateRange, resource: string) => ['timesheets', r.from, r.to, resource] as const,
  ledger: (type: LedgerType, status: string, page: number) => ['ledger', type, status, page] as const,
};

export const fetchHours = (r: DateRange, group: 'resource' | 'label') =>
  api.get<HoursReport>('/reports/hours', { query: { ...r, group }, quiet: true });
export const fetchJobsByStatus = (r: DateRange) =>
  api.get<StatusReport>('/reports/jobs-by-status', { query: { ...r }, quiet: true });
export const fetchExceptions = (r: DateRange) =>
  api.get<ExceptionsReport>('/reports/exceptions', { query: { ...r }, quiet: true });

// Analytics ----------------------------------------------------------------------------------

export type LimitRow = {
  day_hours: number;
  week_hours: number;
  fortnight_hours: number;
  day_limit: number;
  week_limit: number;
  fortnight_limit: number;
  is_over: boolean;
};
export type Analytics = {
  from: string;
  to: string;
  bucket_seconds: number;
  resources: {
    resource_id: string;
    name: string;
    booked_seconds: number;
    hours_hmm: string;
    available_hours: number;
    utilisation: number | null;
    limits: LimitRow;
  }[];
  labels: {
    key: string;
    name: string;
    jobs: number;
    booked_seconds: number;
    hours_hmm: string;
    available_hours: number;
    utilisation: number | null;
  }[];
  jobs_by_status_over_time: { start: number; counts: Record<string, number> }[];
  conflicts_by_reason: { code: string; jobs: number }[];
};

export const fetchAnalytics = (r: DateRange) =>
  api.get<Analytics>('/analytics', { query: { ...r }, quiet: true });

/** Every status met in the buckets, in first-seen order (the chart's series). */
export function statusSeries(buckets: Analytics['jobs_by_status_over_time']): string[] {
  const seen = new Set<string>();
  for (const b of buckets) for (const s of Object.keys(b.counts)) seen.add(s);
  return [...seen];
}

/** A share as a whole percentage ("—" when unknown). */
export function percent(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

// Timesheets (job-life contract) ------------------------------------------------------------

export type TimesheetRow = {
  resource_id: string;
  name: string;
  worked_seconds: number;
  jobs: number;
  hours_hmm: string;
};
export type Timesheets = {
  /** The organisation's week start day the weeks start on (absent from an older server: Sunday). */
  week_start_day?: number;
  weeks: { week_start: string; rows: TimesheetRow[] }[];
};

/** Where the timesheets screen keeps the organisation's week start day learnt from the last answer. */
export const TIMESHEET_WEEK_START_KEY = ['timesheets', 'week_start_day'] as const;

/** The week start day a timesheets answer states (Sunday when it states none or a bad one). */
export function weekStartDayOf(answer: Pick<Timesheets, 'week_start_day'>): number {
  const wsd = answer.week_start_day;
  return typeof wsd === 'number' && Number.isInteger(wsd) && wsd >= 0 && wsd <= 6 ? wsd : 0;
}

export const fetchTimesheets = (r: DateRange, resource: string) =>
  api.get<Timesheets>('/timesheets', { query: { ...r, ...(resource ? { resource } : {}) }, quiet: true });

// Ledger (job-life contract) ----------------------------------------------------------------

export type LedgerType = 'quote' | 'invoice';
export const LEDGER_STATUSES = ['draft', 'sent', 'paid'] as const;
export const LEDGER_PAGE_SIZE = 20;
export type LedgerEntry = {
  _id: string;
  job_id: string;
  type: LedgerType;
  status: string;
  number: string | number | null;
  subtotal: number;
  gst_rate: number;
  gst: number;
  total: number;
  currency: string | null;
  created_at: number;
};
export type LedgerPage = { items: LedgerEntry[]; has_more: boolean };

/** One page (0-based) of the organisation's entries, newest first. */
export async function fetchLedger(type: LedgerType, status: string, page: number): Promise<LedgerPage> {
  const answer = await api.get<{
    items?: LedgerEntry[];
    next_cursor?: string | null;
    has_more?: boolean;
    total?: number;
  }>('/ledger', { query: { type, ...(status ? { status } : {}), page }, quiet: true });
  const items = answer.items ?? [];
  const hasMore =
    answer.has_more ??
    (answer.next_cursor !== undefined
      ? answer.next_cursor !== null
      : answer.total !== undefined
        ? (page + 1) * LEDGER_PAGE_SIZE < answer.total
        : items.length === LEDGER_PAGE_SIZE);
  return { items, has_more: hasMore };
}

/** Money as decimals with its currency code (amounts arrive in cents, per the contract). */
export function formatMoney(cents: number, currency: string | null): string {
  const amount = (cents / 100).toFixed(2);
  return currency ? `${currency} ${amount}` : amount;
}
