import type { LedgerPage, LedgerStatus, LedgerType, TimesheetWeeks } from '@rostra/core/api/job-life';
import type {
  Analytics,
  DateRange,
  ExceptionsReport,
  HoursGroup,
  HoursReport,
  StatusReport,
} from '@rostra/core/api/reports';
import { type Period, parsePeriod } from '@rostra/core/reports/period';
import { DAY, toYmd, WEEK, weekStart } from '@rostra/core/time/calendar';
import { API_BASE } from '../../lib/api.ts';
import { api } from '../../lib/client.ts';

/*
 * Calls and pure helpers of the timesheets, reports, analytics, quotes and invoices screens.
 * Every answer's type is core's: `api/reports.ts` (reports, analytics) and `api/job-life.ts`
 * (/timesheets, /ledger).
 */

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

export const REPORT_KEYS = {
  hours: (r: DateRange, group: string) => ['reports', 'hours', r.from, r.to, group] as const,
  statuses: (r: DateRange) => ['reports', 'statuses', r.from, r.to] as const,
  exceptions: (r: DateRange) => ['reports', 'exceptions', r.from, r.to] as const,
  analytics: (r: DateRange) => ['analytics', r.from, r.to] as const,
  timesheets: (r: DateRange, resource: string) => ['timesheets', r.from, r.to, resource] as const,
  ledger: (type: LedgerType, status: string, page: number) => ['ledger', type, status, page] as const,
};

export const fetchHours = (r: DateRange, group: HoursGroup) =>
  api.get<HoursReport>('/reports/hours', { query: { ...r, group }, quiet: true });
export const fetchJobsByStatus = (r: DateRange) =>
  api.get<StatusReport>('/reports/jobs-by-status', { query: { ...r }, quiet: true });
export const fetchExceptions = (r: DateRange) =>
  api.get<ExceptionsReport>('/reports/exceptions', { query: { ...r }, quiet: true });

// Analytics ----------------------------------------------------------------------------------

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

/** One resource's week of a timesheets answer. */
export type TimesheetRow = TimesheetWeeks['weeks'][number]['rows'][number];

/** Where the timesheets screen keeps the organisation's week start day learnt from the last answer. */
export const TIMESHEET_WEEK_START_KEY = ['timesheets', 'week_start_day'] as const;

/** The week start day a timesheets answer states (Sunday when it states none or a bad one). */
export function weekStartDayOf(answer: Partial<Pick<TimesheetWeeks, 'week_start_day'>>): number {
  const wsd = answer.week_start_day;
  return typeof wsd === 'number' && Number.isInteger(wsd) && wsd >= 0 && wsd <= 6 ? wsd : 0;
}

export const fetchTimesheets = (r: DateRange, resource: string) =>
  api.get<TimesheetWeeks>('/timesheets', { query: { ...r, ...(resource ? { resource } : {}) }, quiet: true });

// Ledger (job-life contract) ----------------------------------------------------------------

/** The ledger's statuses (core's `LEDGER_STATUSES`, restated here to keep zod out of the screen). */
export const LEDGER_STATUSES = ['draft', 'sent', 'paid'] as const satisfies readonly LedgerStatus[];

/** One page (0-based) of the organisation's entries, newest first (`next_cursor` null on the last). */
export const fetchLedger = (type: LedgerType, status: string, page: number) =>
  api.get<LedgerPage>('/ledger', { query: { type, ...(status ? { status } : {}), page }, quiet: true });

/** Money as decimals with its currency code (amounts arrive in cents, per the contract). */
export function formatMoney(cents: number, currency: string | null): string {
  const amount = (cents / 100).toFixed(2);
  return currency ? `${currency} ${amount}` : amount;
}
