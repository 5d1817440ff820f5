import { formatDate, formatTime } from '@rostra/core/time/calendar';

/** `05/Jan/2026 · 09:30 AM – 11:00 AM` (the end's date too when it is another day). */
export function formatSpan(begin: number, end: number): string {
  const sameDay = formatDate(begin) === formatDate(end);
  return sameDay
    ? `${formatDate(begin)} · ${formatTime(begin)} – ${formatTime(end)}`
    : `${formatDate(begin)} ${formatTime(begin)} – ${formatDate(end)} ${formatTime(end)}`;
}
