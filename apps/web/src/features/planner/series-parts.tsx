import type { BookingSeries } from '@rostra/core/api/planner';
import { describeRepeat } from '@rostra/core/records/recurrence';
import { Link } from '@tanstack/react-router';
import type { OrgDates } from '../../lib/org-dates.ts';
import { Button } from '../../ui/button.tsx';
import { seriesState } from './model.ts';
import { PLANNER_TEXT as T } from './texts.ts';

/** The bookings screen's path (menu routes are built at run time, so a plain string). */
const BOOKINGS_PATH: string = '/bookings';

export const seriesName = (s: BookingSeries) => s.reference ?? T.untitled;

/** The rule in words, the first booking's time under it. */
export function RuleText({ series: s, dates }: { series: BookingSeries; dates: OrgDates }) {
  return (
    <span>
      {describeRepeat(s.utc_begin_plus_tz, s, dates.format)}
      <span className="block text-xs text-neutral-500">
        {dates.span(s.utc_begin_plus_tz, s.utc_end_plus_tz)}
      </span>
    </span>
  );
}

/** The next booking to come, a link that opens it; or that none is left. */
export function NextLink({ series, dates }: { series: BookingSeries; dates: OrgDates }) {
  const next = series.next;
  if (!next) return <span className="text-neutral-500">{T.noNext}</span>;
  const when = dates.dateTime(next.utc_begin_plus_tz);
  return (
    <Link
      to={BOOKINGS_PATH}
      search={{ id: next._id }}
      aria-label={T.openNext(when)}
      className="text-sky-700 underline underline-offset-4 hover:text-sky-900"
    >
      {when}
    </Link>
  );
}

/** Where the series stands; while it runs, its End series button. */
export function SeriesStateCell({
  series: s,
  dates,
  ending,
  onEnd,
}: {
  series: BookingSeries;
  dates: OrgDates;
  /** The series being ended, if any (every End waits for it). */
  ending: string | null;
  onEnd: (s: BookingSeries) => void;
}) {
  const state = seriesState(s);
  if (state === 'ended')
    return <span className="text-neutral-600">{T.ended(dates.date(s.ended_at ?? 0))}</span>;
  if (state === 'finished') return <span className="text-neutral-600">{T.finished}</span>;
  return (
    <Button
      variant="secondary"
      aria-label={T.endLabel(seriesName(s))}
      disabled={ending !== null}
      onClick={() => onEnd(s)}
    >
      {ending === s._id ? '…' : T.end}
    </Button>
  );
}

/** The series as cards, for phones: the same facts and the same End, without a wide table. */
export function SeriesCards({
  items,
  dates,
  ending,
  onEnd,
}: {
  items: readonly BookingSeries[];
  dates: OrgDates;
  ending: string | null;
  onEnd: (s: BookingSeries) => void;
}) {
  return (
    <ul aria-label={T.caption} className="grid gap-2 sm:hidden">
      {items.map((s) => (
        <li
          key={s._id}
          data-series-card={s._id}
          className="rounded-lg border border-neutral-200 bg-white p-3"
        >
          <p className="font-medium text-neutral-900">{seriesName(s)}</p>
          <p className="mt-1 text-sm text-neutral-700">
            <RuleText series={s} dates={dates} />
          </p>
          <p className="mt-2 text-sm">
            <span className="text-neutral-500">{T.next}: </span>
            <NextLink series={s} dates={dates} />
          </p>
          <div className="mt-2 flex items-center justify-between gap-2 text-sm">
            <span className="text-neutral-600 tabular-nums">
              {T.count}: {s.occurrences}
            </span>
            <SeriesStateCell series={s} dates={dates} ending={ending} onEnd={onEnd} />
          </div>
        </li>
      ))}
    </ul>
  );
}
