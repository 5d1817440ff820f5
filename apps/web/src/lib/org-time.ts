import { formatTime, toWallClock, toYmd } from '@rostra/core/time/calendar';
import { dateFormatOf, formatDateInput } from '@rostra/core/time/date-input';

/**
 * An instant (epoch seconds) as the organisation reads it: on its clock (`time_zone`, UTC when
 * unknown) and in its `date_format`, then `hh:MM AA` like every time in the app —
 * `25/Nov/2026 09:30 AM`. Never the browser's zone or locale.
 */
export function formatOrgInstant(
  epochSeconds: number,
  company: { time_zone?: string | null; date_format?: unknown } | null | undefined,
): string {
  const wall = toWallClock(epochSeconds * 1000, company?.time_zone || 'UTC');
  const date = formatDateInput(toYmd(wall), dateFormatOf(company?.date_format));
  return `${date} ${formatTime(wall)}`;
}
