import type { Booking } from '@rostra/core/api/bookings';
import { DAY, formatDayLabel, WEEK } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import type { StatusStyle } from '../../features/boards/model.ts';
import { useOrgDates } from '../../lib/org-dates.ts';
import { customerName, fetchRecords, resourceName, timeRange } from '../../lib/roster.ts';
import { useLiveRefetch } from '../../lib/use-live-refetch.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { usePeriod } from '../../ui/period-nav.tsx';

/** Texts of the week and scheduler screens, in one place. */
export const WEEK_TEXT = {
  week: 'Week',
  scheduler: 'Scheduler',
  unit: 'week',
  resource: 'Resource',
  unassigned: 'Unassigned',
  noBookings: 'No bookings in this week',
  noBookingsHint: 'Bookings of the week appear here by resource and day.',
  myWeek: 'My week',
  nothingToday: 'Nothing booked',
  conflict: 'Conflict',
  open: (what: string) => `Open booking of ${what}`,
  bookings: (n: number) => (n === 1 ? '1 booking' : `${n} bookings`),
  hours: (h: number) => `${h.toFixed(2)} h`,
  showEmpty: 'Show resources without bookings',
} as const;

/** The week being looked at (from its first day), its bookings, and moving between weeks. */
export function useWeekBookings() {
  const { me } = useShell();
  const dates = useOrgDates();
  const { from, to, nav } = usePeriod({
    length: WEEK,
    startOf: dates.weekStart,
    timeZone: me.company?.time_zone,
    unit: WEEK_TEXT.unit,
  });
  const list = useQuery({
    queryKey: ['week', 'bookings', from],
    queryFn: async () =>
      (await fetchRecords(from, to, 'booking')).filter(
        (r) => r.status !== 'cancelled' && r.inactive !== true,
      ),
  });
  useLiveRefetch({ topic: 'timeline', from, to }, () => void list.refetch());
  const days = Array.from({ length: 7 }, (_, i) => from + i * DAY);
  return { from, to, days, list, nav };
}

export const onDay = (records: readonly Booking[], day: number) =>
  records
    .filter((r) => r.utc_begin_plus_tz >= day && r.utc_begin_plus_tz < day + DAY)
    .sort((a, b) => a.utc_begin_plus_tz - b.utc_begin_plus_tz);

/** Hours of a set of bookings, for row and column totals (spec: hours with 2 decimals). */
export const hoursOf = (records: readonly Booking[]) =>
  Math.round((records.reduce((s, r) => s + (r.utc_end_plus_tz - r.utc_begin_plus_tz), 0) / 3600) * 100) / 100;

/** One booking as a small chip in a status colour: time, then who (customer or resource). */
export function BookingChip({
  record,
  styles,
  show,
}: {
  record: Booking;
  styles: Map<string, StatusStyle> | undefined;
  show: 'customer' | 'resource' | 'both';
}) {
  const navigate = useNavigate();
  const style = styles?.get(record.status ?? 'draft');
  const customer = customerName(record);
  const resource = resourceName(record);
  const who =
    show === 'customer' ? customer : show === 'resource' ? (resource ?? WEEK_TEXT.unassigned) : customer;
  return (
    <button
      type="button"
      data-booking={record._id}
      onClick={() => void navigate({ to: '/bookings', search: { id: record._id } })}
      aria-label={`${WEEK_TEXT.open(customer)}, ${formatDayLabel(record.utc_begin_plus_tz)} ${timeRange(record.utc_begin_plus_tz, record.utc_end_plus_tz)}`}
      title={`${timeRange(record.utc_begin_plus_tz, record.utc_end_plus_tz)} · ${customer}${resource ? ` · ${resource}` : ''} · ${record.status}`}
      className={`w-full rounded border-l-4 px-1.5 py-1 text-left text-xs leading-tight hover:brightness-95 ${record.isConflict ? 'ring-1 ring-red-400' : ''}`}
      style={{
        backgroundColor: style?.bg ?? '#f5f5f5',
        color: style?.fg ?? '#262626',
        borderLeftColor: style?.fg ?? '#a3a3a3',
      }}
    >
      <span className="flex items-center gap-1 font-medium whitespace-nowrap tabular-nums">
        {timeRange(record.utc_begin_plus_tz, record.utc_end_plus_tz)}
        {record.isConflict ? (
          <AlertTriangle aria-label={WEEK_TEXT.conflict} className="size-3 text-red-700" />
        ) : null}
      </span>
      <span className="block truncate">{who}</span>
      {show === 'both' ? (
        <span className={`block truncate ${resource ? 'opacity-80' : 'font-medium text-amber-800'}`}>
          {resource ?? WEEK_TEXT.unassigned}
        </span>
      ) : null}
    </button>
  );
}
