/**
 * Formats of the reports, timesheets and analytics (spec core §9 Formats) and their CSV export.
 */

/**
 * Hours in the spec's h.mm form (7 h 30 min → "7.30"): the job-life module's rule, so timesheets,
 * reports and a job's own hours always agree (seconds are dropped).
 */
export { formatHoursHmm } from '../job-life/hours.ts';

export type CsvCell = string | number | null | undefined;

/** Text cells starting with these could run as a formula in a spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  // A leading apostrophe keeps text such as "=HYPERLINK(…)" inert in spreadsheets (CSV injection).
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 CSV: a header line, then one line per row, CRLF line ends, fields quoted only when they
 * hold a comma, quote or line break. Numbers are written as they are (h.mm values are passed as
 * text so "7.30" keeps its trailing zero).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
