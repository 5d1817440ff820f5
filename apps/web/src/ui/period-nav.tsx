import { formatDate } from '@rostra/core/time/calendar';
import { ChevronLeft, ChevronRight } from 'lucide-react';
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
  return (
    <div className="flex items-center gap-1">
      <IconButton label={PERIOD_NAV_TEXT.previous(unit)} onClick={onPrevious}>
        <ChevronLeft aria-hidden className="size-4" />
      </IconButton>
      <span className="min-w-0 px-1 text-sm font-medium text-neutral-800 tabular-nums" aria-live="polite">
        {formatDate(from)} – {formatDate(to - 1)}
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
