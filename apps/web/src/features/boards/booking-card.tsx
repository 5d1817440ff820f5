import type { Booking } from '@rostra/core/api/bookings';
import {
  CONFIRMATION_TEXT,
  type JobConfirmations,
  shownConfirmation,
} from '@rostra/core/notifications/confirm';
import type { JobAction } from '@rostra/core/shell/roles';
import { formatDayLabel } from '@rostra/core/time/calendar';
import { AlertTriangle, ArrowRightLeft, UserRound } from 'lucide-react';
import { customerName, resourceName, timeRange } from '../../lib/roster.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu.tsx';
import { ConfirmationMark } from '../confirm/confirmation-mark.tsx';
import { BOARDS_TEXT as T } from './boards-text.ts';
import { type BoardStatus, type StatusStyle, statusLabel } from './model.ts';

export type MoveTarget = { status: BoardStatus; action: JobAction };

/**
 * A booking on a board: customer, day and time, the resource (or Unassigned) and a conflict mark.
 * It can be dragged; its move button opens the same moves as a menu (the keyboard way).
 */
export function BookingCard({
  record,
  styles,
  targets,
  isBusy,
  onMove,
  onDragStart,
  onDragEnd,
  showDay = true,
}: {
  record: Booking;
  styles: Map<string, StatusStyle> | undefined;
  targets: MoveTarget[];
  isBusy: boolean;
  onMove: (target: MoveTarget) => void;
  onDragStart?: () => void;
  onDragEnd?: () => void;
  showDay?: boolean;
}) {
  const name = customerName(record);
  const resource = resourceName(record);
  const confirmation = shownConfirmation((record as { confirmations?: JobConfirmations }).confirmations);
  const canDrag = targets.length > 0 && !isBusy && onDragStart !== undefined;
  return (
    <article
      draggable={canDrag}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', record._id);
        e.dataTransfer.effectAllowed = 'move';
        onDragStart?.();
      }}
      onDragEnd={onDragEnd}
      data-booking={record._id}
      aria-label={name}
      aria-busy={isBusy || undefined}
      className={`group relative rounded-md border bg-white p-2.5 text-sm shadow-xs transition-opacity ${
        record.isConflict ? 'border-red-300' : 'border-neutral-200'
      } ${isBusy ? 'opacity-50' : ''} ${canDrag ? 'cursor-grab active:cursor-grabbing' : ''}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium text-neutral-900">{name}</p>
          <p className="truncate text-xs whitespace-nowrap text-neutral-600 tabular-nums">
            {showDay ? `${formatDayLabel(record.utc_begin_plus_tz)} · ` : ''}
            {timeRange(record.utc_begin_plus_tz, record.utc_end_plus_tz)}
          </p>
        </div>
        {targets.length > 0 ? (
          <DropdownMenu>
            <DropdownMenuTrigger
              aria-label={T.moveMenu(name)}
              title={T.moveMenu(name)}
              disabled={isBusy}
              className="-m-1 inline-flex size-9 shrink-0 items-center justify-center rounded text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 sm:size-7"
            >
              <ArrowRightLeft aria-hidden className="size-4" />
            </DropdownMenuTrigger>
            <DropdownMenuContent aria-label={T.moveMenu(name)} sideOffset={4} className="min-w-44">
              {targets.map((t) => (
                <DropdownMenuItem
                  key={t.status}
                  onSelect={() => onMove(t)}
                  icon={
                    <span
                      aria-hidden
                      className="size-2.5 rounded-full"
                      style={{ backgroundColor: styles?.get(t.status)?.bg ?? '#e5e5e5' }}
                    />
                  }
                >
                  {T.moveTo(statusLabel(styles, t.status))}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
      <div className="mt-1.5 flex items-center gap-2 text-xs">
        <span
          className={`inline-flex min-w-0 items-center gap-1 ${resource ? 'text-neutral-700' : 'text-amber-700'}`}
        >
          <UserRound aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate">{resource ?? T.unassigned}</span>
        </span>
        {record.isConflict ? (
          <span
            className="ml-auto inline-flex items-center gap-1 rounded bg-red-50 px-1.5 py-0.5 font-medium text-red-700"
            title={(record.errors ?? []).map((e) => e.message ?? e.title).join('; ')}
          >
            <AlertTriangle aria-hidden className="size-3" />
            {T.conflict}
          </span>
        ) : null}
      </div>
      {confirmation ? (
        <p
          className="mt-1 flex items-center gap-1 text-xs text-neutral-600"
          data-board-confirmation={confirmation}
        >
          <ConfirmationMark state={confirmation} />
          {CONFIRMATION_TEXT[confirmation]}
        </p>
      ) : null}
    </article>
  );
}
