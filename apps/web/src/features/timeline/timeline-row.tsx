import type { WorkspaceLock } from '@rostra/core/api/timeline';
import type { StatusDefinition } from '@rostra/core/settings/defaults';
import { formatTime } from '@rostra/core/time/calendar';
import { Check, X } from 'lucide-react';
import { type KeyboardEvent, memo, type PointerEvent } from 'react';
import type { MenuPoint } from '../../ui/context-menu.tsx';
import type { Interval, RowLoad } from './availability.ts';
import { BarButton } from './bar-button.tsx';
import { useCompact, useNameW } from './grid-context.ts';
import type { RowCheck } from './layout.ts';
import {
  type Bar,
  type BarRef,
  barsInRange,
  laneHeight,
  type Row,
  type Scale,
  timeToX,
  UNASSIGNED_ROW,
} from './model.ts';
import { NewBookingButton, RowBackdrop, RowLoadText } from './row-parts.tsx';
import type { Picked } from './selection.ts';
import { TL } from './texts.ts';

export type RowProps = {
  row: Row;
  index: number;
  top: number;
  height: number;
  width: number;
  scale: Scale;
  from: number;
  to: number;
  /** The lanes near the view (model `lanesInView`): a row taller than the view renders only those. */
  laneFrom: number;
  laneTo: number;
  statusColors: ReadonlyMap<string, StatusDefinition>;
  customers: ReadonlyMap<string, string>;
  locks: Readonly<Record<string, WorkspaceLock>>;
  selectedId: string | null;
  /** Bookings picked for one action together: drawn as selected too. */
  picked: Picked;
  draggingId: string | null;
  tabStop: string | null;
  isDragging: boolean;
  /** While dragging: this row's check, 'pending' until the core answers, 'unassign' for the lane. */
  check: RowCheck;
  isTarget: boolean;
  /** The dragged bar's outline, or the stretch being swept to create a booking. */
  ghost: { begin: number; end: number } | null;
  /** The resource's shift bands (availability). */
  bands: readonly Interval[] | undefined;
  /** Hours of the day and week against the limits; null: not shown. */
  load: RowLoad | null;
  /** The row's "new booking" (editable grids): its button and the keyboard. */
  onNew: ((row: Row) => void) | null;
  /** Bookings can be dragged and resized (not while a change is on its way). */
  canEdit: boolean;
  /** What a bar of the row reports (one object, kept stable by the grid). */
  on: BarHandlers;
};

/** What a bar reports: presses on it and its end handle, clicks, keys, focus and its menu. */
export type BarHandlers = {
  onPress: (event: PointerEvent, bar: Bar, row: Row) => void;
  onResizePress: (event: PointerEvent, bar: Bar, row: Row) => void;
  onClick: (bar: Bar, at: BarRef) => void;
  onOpen: (bar: Bar) => void;
  /** The bar's context menu at a point of the page (right click, long press). */
  onMenu: (bar: Bar, at: MenuPoint) => void;
  onKey: (event: KeyboardEvent, at: BarRef, bar: Bar) => void;
  onFocusBar: (at: BarRef) => void;
};

export const TimelineRow = memo(function TimelineRow(p: RowProps) {
  const { row, scale } = p;
  const nameW = useNameW();
  const compact = useCompact();
  const bars = barsInRange(row, p.from, p.to).filter((b) => b.lane >= p.laneFrom && b.lane < p.laneTo);
  const check = p.check;
  const fails = check !== null && typeof check === 'object' && !check.ok;
  const passes = check !== null && typeof check === 'object' && check.ok;
  const tint = p.isTarget
    ? fails
      ? 'bg-red-50/70'
      : passes || check === 'unassign'
        ? 'bg-emerald-50/70'
        : 'bg-sky-50/70'
    : '';
  const isUnassigned = row.id === UNASSIGNED_ROW;
  return (
    // A row is a positioned box of bars, not a form: a group, not a fieldset.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <div
      role="group"
      aria-label={row.name}
      data-row={row.id}
      data-check={
        check === null ? undefined : typeof check === 'object' ? (check.ok ? 'pass' : 'fail') : check
      }
      className={`absolute left-0 border-b border-neutral-200 ${isUnassigned ? 'bg-amber-50/40' : ''} ${tint}`}
      // Fixed size: a row's layout and paint never reach outside it (cheaper scroll and drag frames).
      style={{ top: p.top, height: p.height, width: p.width, contain: 'strict' }}
    >
      <RowBackdrop row={row} scale={scale} from={p.from} to={p.to} bands={p.bands} />
      <div
        data-names
        className={`sticky left-0 z-20 flex h-full flex-col justify-center border-r border-neutral-200 pr-1 pl-3 ${isUnassigned ? 'bg-amber-50' : 'bg-white'} ${p.isTarget ? 'shadow-[inset_3px_0_0] shadow-sky-600' : ''}`}
        style={{ width: nameW }}
      >
        <div className="flex items-center gap-1.5">
          <span
            className={`truncate text-sm ${isUnassigned ? 'font-semibold text-amber-900' : row.resource?.inactive ? 'font-medium text-neutral-500 italic' : 'font-medium text-neutral-800'}`}
          >
            {row.name}
          </span>
          {row.resource?.inactive ? (
            <span className="hidden rounded bg-neutral-200 px-1 text-[10px] uppercase text-neutral-600 sm:inline">
              inactive
            </span>
          ) : null}
          {isUnassigned ? (
            <span className="text-xs text-amber-800 tabular-nums">{row.bars.length}</span>
          ) : null}
          {p.onNew && !p.isDragging ? <NewBookingButton row={row} onNew={p.onNew} /> : null}
        </div>
        {check === 'pending' ? (
          <span className="text-[11px] text-neutral-500">{TL.checking}</span>
        ) : check === 'unassign' ? (
          <span className="text-[11px] text-neutral-600">{TL.dropUnassign}</span>
        ) : check && typeof check === 'object' ? (
          check.ok ? (
            <span className="flex items-center gap-1 text-[11px] text-emerald-700" data-testid="row-check">
              <Check aria-hidden className="size-3" />
              {TL.passes}
            </span>
          ) : (
            <span
              className="flex items-start gap-1 text-[11px] leading-tight text-red-700"
              data-testid="row-check"
              title={check.errors.map((e) => e.message).join('\n')}
            >
              <X aria-hidden className="mt-px size-3 shrink-0" />
              <span className="line-clamp-2">{check.errors.map((e) => e.message).join('; ')}</span>
            </span>
          )
        ) : p.load ? (
          <RowLoadText load={p.load} compact={compact} />
        ) : null}
      </div>
      {bars.map((bar) => {
        const at: BarRef = { row: p.index, bar: row.bars.indexOf(bar) };
        const key = `${at.row}:${at.bar}`;
        return (
          <BarButton
            key={bar.record._id}
            bar={bar}
            row={row}
            rowIndex={at.row}
            barIndex={at.bar}
            dataKey={key}
            scale={scale}
            statusColors={p.statusColors}
            customers={p.customers}
            lock={p.locks[bar.record._id]}
            isSelected={p.selectedId === bar.record._id || p.picked.has(bar.record._id)}
            isDragged={p.draggingId === bar.record._id}
            isTabStop={p.tabStop === key}
            canResize={p.canEdit && !p.isDragging && !p.locks[bar.record._id]}
            on={p.on}
          />
        );
      })}
      {p.ghost ? (
        <div
          aria-hidden
          data-testid="drag-ghost"
          className={`pointer-events-none absolute z-10 rounded border-2 border-dashed ${fails ? 'border-red-500 bg-red-50' : 'border-sky-600 bg-sky-50'}`}
          style={{
            left: nameW + timeToX(scale, p.ghost.begin),
            width: Math.max(8, timeToX(scale, p.ghost.end) - timeToX(scale, p.ghost.begin)),
            top: compact ? 2 : 4,
            height: laneHeight(compact) - 2,
          }}
        >
          <span className="block truncate px-1 text-[11px] leading-5 text-neutral-800">
            {formatTime(p.ghost.begin)}–{formatTime(p.ghost.end)}
          </span>
        </div>
      ) : null}
    </div>
  );
});
