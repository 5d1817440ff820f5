import type { GridDay, RosterGrid } from '@rostra/core/roster/grid';
import { formatTime, HOUR } from '@rostra/core/time/calendar';
import { memo, type ReactNode } from 'react';
import { useNameW } from './grid-context.ts';
import { HEADER_H, hourShade } from './layout.ts';
import { labelStep, type Scale } from './model.ts';
import { TL } from './texts.ts';

export type VirtualCol = { index: number; start: number; size: number; key: string | number | bigint };

/** Background columns; memoised: a vertical scroll does not change them. */
export const Shading = memo(function Shading(props: {
  cols: VirtualCol[];
  scale: Scale;
  grid: RosterGrid;
  top: number;
  height: number;
  width: number;
  nowX: number | null;
}) {
  const { cols, scale, grid } = props;
  return (
    <div
      aria-hidden
      data-testid="shading"
      className="pointer-events-none absolute left-0"
      style={{ top: props.top, height: props.height, width: props.width }}
    >
      {cols.map((c) => {
        const { shade, isDayStart } = hourShade(grid, scale.start + c.index * HOUR);
        // Opaque shades: the bottom layer needs no blending when rasterised.
        const bg = shade === 'afterhours' ? 'bg-neutral-100' : shade === 'weekend' ? 'bg-neutral-50' : '';
        return (
          <div
            key={c.key}
            data-hour={c.index}
            data-shade={shade ?? undefined}
            className={`absolute top-0 h-full ${bg} ${isDayStart ? 'border-l border-neutral-300' : 'border-l border-neutral-100'}`}
            style={{ left: c.start, width: c.size }}
          />
        );
      })}
      {props.nowX !== null ? (
        <div className="absolute top-0 h-full w-0.5 bg-red-500/70" style={{ left: props.nowX }} />
      ) : null}
    </div>
  );
});

export const TimeHeader = memo(function TimeHeader(props: {
  days: GridDay[];
  cols: VirtualCol[];
  scale: Scale;
  width: number;
  /** Drawn along the header's foot (the utilisation strip). */
  children?: ReactNode;
  /** Drawn in the corner above the names. */
  corner?: ReactNode;
}) {
  const { cols, scale } = props;
  const nameW = useNameW();
  const step = labelStep(scale.hourWidth);
  const visibleDays = new Set(cols.map((c) => Math.floor(c.index / 24)));
  return (
    <div
      className="sticky top-0 z-30 border-b border-neutral-200 bg-white"
      style={{ height: HEADER_H, width: props.width }}
    >
      <div
        className="sticky left-0 z-10 flex h-full items-end border-r border-neutral-200 bg-white px-3 pb-1.5 text-xs font-medium text-neutral-500"
        style={{ width: nameW }}
      >
        {TL.resources}
        {props.corner ? <div className="absolute top-1.5 right-2">{props.corner}</div> : null}
      </div>
      {[...visibleDays].map((d) => {
        const day = props.days[d];
        if (!day) return null;
        const isWeekend = day.weekday === 0 || day.weekday === 6;
        return (
          <div
            key={day.date}
            className={`absolute top-0 h-6 overflow-hidden border-l border-neutral-300 pt-1 text-xs font-semibold ${isWeekend ? 'text-neutral-500' : 'text-neutral-800'}`}
            style={{ left: nameW + d * 24 * scale.hourWidth, width: 24 * scale.hourWidth }}
          >
            <span className="sticky inline-block px-2 whitespace-nowrap" style={{ left: nameW }}>
              {day.label}
            </span>
          </div>
        );
      })}
      {cols
        .filter((c) => c.index % step === 0)
        .map((c) => (
          <div
            key={c.key}
            className="absolute bottom-0 h-6 border-l border-neutral-200 pl-1 pt-1 text-[11px] tabular-nums text-neutral-500"
            style={{ left: c.start, width: c.size * step }}
          >
            {formatTime(scale.start + c.index * HOUR).replace(':00 ', ' ')}
          </div>
        ))}
      {props.children}
    </div>
  );
});
