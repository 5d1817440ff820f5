import { toWallClock } from '@rostra/core/time/calendar';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useOrgDates } from '../lib/org-dates.ts';
import { Button, IconButton } from './button.tsx';

export const PERIOD_NAV_TEXT = {
  previous: (unit: string) => `Previous ${unit}`,
  next: (unit: string) => `Next ${unit}`,
  today: 'Today',
} as const;

/** ‹ dd/mmm/yyyy – dd/mmm/yyyy › with a Today button; `from`/`to` are wall-clock seconds, `to` exclusive. */
export function PeriodNav({
  from,
  to,
  unit,
  onPrevious,
  onNext,
  onToday,
}: {
  from: number;
  to: number;
  unit: string;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
}) {
  const dates = useOrgDates();
  return (
    // On a phone Today goes under the dates rather than off the screen.
    <div className="flex flex-wrap items-center gap-1">
      <IconButton label={PERIOD_NAV_TEXT.previous(unit)} onClick={onPrevious}>
        <ChevronLeft aria-hidden className="size-4" />
      </IconButton>
      <span
        className="min-w-0 px-1 text-sm font-medium whitespace-nowrap text-neutral-800 tabular-nums"
        aria-live="polite"
      >
        {dates.date(from)} – {dates.date(to - 1)}
      </span>
      <IconButton label={PERIOD_NAV_TEXT.next(unit)} onClick={onNext}>
        <ChevronRight aria-hidden className="size-4" />
      </IconButton>
      <Button variant="secondary" onClick={onToday}>
        {PERIOD_NAV_TEXT.today}
      </Button>
    </div>
  );
}

/**
 * A period of `length` seconds that steps by its own length, opening on the one around now in the
 * organisation's time zone (`startOf` picks its first second: a week's start, a day's start), with
 * its PeriodNav. `from`/`to` are wall-clock seconds, `to` exclusive.
 */
export function usePeriod({
  length,
  startOf,
  timeZone,
  unit,
}: {
  length: number;
  startOf: (wallClock: number) => number;
  timeZone: string | undefined;
  unit: string;
}): { from: number; to: number; nav: ReactNode } {
  const current = () => startOf(toWallClock(Date.now(), timeZone ?? 'UTC'));
  const [from, setFrom] = useState(current);
  const to = from + length;
  const nav = (
    <PeriodNav
      from={from}
      to={to}
      unit={unit}
      onPrevious={() => setFrom((f) => f - length)}
      onNext={() => setFrom((f) => f + length)}
      onToday={() => setFrom(current())}
    />
  );
  return { from, to, nav };
}
