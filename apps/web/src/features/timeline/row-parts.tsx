import { formatTime } from '@rostra/core/time/calendar';
import { Plus } from 'lucide-react';
import { memo } from 'react';
import { blocksIn, hoursText, type Interval, intervalsIn, isOver, type RowLoad } from './availability.ts';
import { NAME_W, useNameW } from './grid-context.ts';
import { barBox, type Row, type Scale } from './model.ts';
import { TL } from './texts.ts';

/**
 * What lies behind a row's bookings (issue 18 point 4): its shifts as light bands and its leaves
 * and breaks hatched over the row's full height, across every day they cover; only the part on
 * screen ([from, to)) is drawn.
 */
export const RowBackdrop = memo(function RowBackdrop(p: {
  row: Row;
  scale: Scale;
  from: number;
  to: number;
  bands: readonly Interval[] | undefined;
}) {
  const nameW = useNameW();
  const shifts = intervalsIn(p.bands, p.from, p.to);
  const blocks = blocksIn(p.row, p.from, p.to);
  if (shifts.length === 0 && blocks.length === 0) return null;
  const place = (i: Interval) => {
    const box = barBox(p.scale, i);
    return { left: nameW + box.x, width: box.width + 1 };
  };
  return (
    <>
      {shifts.map((s) => (
        <div
          key={`s${s.begin}`}
          data-testid="shift-band"
          title={TL.shift(formatTime(s.begin), formatTime(s.end))}
          className="absolute inset-y-0 border-x border-emerald-200 bg-emerald-50/70"
          style={place(s)}
        />
      ))}
      {blocks.map((b) => (
        <div
          key={b.record._id}
          data-kind={b.kind}
          data-testid="row-block"
          title={`${b.kind === 'leave' ? TL.leave : TL.break} ${formatTime(b.begin)}–${formatTime(b.end)}`}
          className={`absolute inset-y-0 overflow-hidden px-1 text-[11px] leading-5 ${b.kind === 'leave' ? 'bg-[repeating-linear-gradient(135deg,#d4d4d4_0_2px,#f5f5f5_2px_8px)] text-neutral-700' : 'bg-[repeating-linear-gradient(135deg,#fcd34d_0_2px,#fffbeb_2px_8px)] text-amber-900'}`}
          style={place(b)}
        >
          <span className="sticky truncate" style={{ left: nameW }}>
            {b.kind === 'leave' ? TL.leave : TL.break}
          </span>
        </div>
      ))}
    </>
  );
});

/**
 * A row's hours in the day and the week against its limits; red past a limit. Compact rows have
 * no room for words: a thin meter of the day's hours along the foot of the name, numbers in its
 * tooltip.
 */
export function RowLoadText({ load, compact }: { load: RowLoad; compact: boolean }) {
  // The phone's narrow names column: the day's hours only (the week's are in the tooltip).
  const nameW = useNameW();
  const over = isOver(load.day, load.dayLimit) || isOver(load.week, load.weekLimit);
  const part = (h: number, limit: number | null) =>
    `${hoursText(h)}/${limit === null ? '–' : hoursText(limit)}`;
  const title = TL.loadTitle(part(load.day, load.dayLimit), part(load.week, load.weekLimit));
  if (compact) {
    const share = load.dayLimit ? Math.min(1, load.day / load.dayLimit) : 0;
    return (
      <span
        data-testid="row-load"
        data-over={over ? 'true' : undefined}
        title={title}
        className="absolute right-1 bottom-0.5 left-3 h-0.5 rounded bg-neutral-100"
      >
        <span
          className={`block h-full rounded ${over ? 'bg-red-600' : 'bg-sky-600'}`}
          style={{ width: `${share * 100}%` }}
        />
      </span>
    );
  }
  return (
    <span
      data-testid="row-load"
      data-over={over ? 'true' : undefined}
      title={title}
      className={`truncate text-[11px] tabular-nums ${over ? 'font-medium text-red-700' : 'text-neutral-500'}`}
    >
      {nameW < NAME_W
        ? part(load.day, load.dayLimit)
        : `${TL.dayShort} ${part(load.day, load.dayLimit)} · ${TL.weekShort} ${part(load.week, load.weekLimit)}`}
    </span>
  );
}

/** The row's "new booking" button: the keyboard's and the phone's way to create on the grid. */
export function NewBookingButton({ row, onNew }: { row: Row; onNew: (row: Row) => void }) {
  return (
    <button
      type="button"
      aria-label={TL.newOn(row.name)}
      title={TL.newOn(row.name)}
      onClick={() => onNew(row)}
      className="ml-auto flex size-6 shrink-0 items-center justify-center rounded text-neutral-400 hover:bg-neutral-100 hover:text-neutral-800 focus-visible:outline-2 focus-visible:outline-sky-600"
    >
      <Plus aria-hidden className="size-4" />
    </button>
  );
}
