import type { Booking } from '@rostra/core/api/bookings';
import { useMemo, useState } from 'react';
import { useShell } from '../../shell/shell-context.tsx';
import { Skeleton } from '../../ui/list-state.tsx';
import { BOARDS_TEXT as T } from './boards-text.ts';
import { BookingCard } from './booking-card.tsx';
import { BOARD_STATUSES, type BoardStatus, moveAction, moveTargets, statusLabel } from './model.ts';
import { useWeekBoard, WeekBoardPage } from './week-board.tsx';

/**
 * Status board (/board): the week's bookings in a column per status. Dragging a card to another
 * column — or choosing the column from the card's move menu, by keyboard — takes the status action
 * that leads there when the role may (spec §6); the server's answer decides and its errors show.
 */
export function BoardScreen() {
  const { role } = useShell();
  const board = useWeekBoard('bookings');
  const { list, styles, busyId, move } = board;
  const [dragged, setDragged] = useState<Booking | null>(null);
  const [over, setOver] = useState<BoardStatus | null>(null);

  const columns = useMemo(() => {
    const by = new Map<string, Booking[]>(BOARD_STATUSES.map((s) => [s, []]));
    for (const r of list.data ?? []) by.get(r.status ?? 'draft')?.push(r);
    return by;
  }, [list.data]);

  const drop = (status: BoardStatus) => {
    setOver(null);
    const record = dragged;
    setDragged(null);
    if (!record) return;
    const action = moveAction(role, record.status ?? 'draft', status);
    if (action) void move(record, { status, action });
  };

  return (
    <WeekBoardPage
      title={T.board}
      board={board}
      isEmpty={list.data?.length === 0}
      emptyTitle={T.noBookings}
      emptyHint={T.noBookingsHint}
    >
      <p className="mb-2 text-xs text-neutral-500">{T.keyboardHint}</p>
      {/* Phones show one column at a time: a row of chips jumps to any of the nine. */}
      <nav aria-label={T.columns} className="-mx-3 mb-2 flex gap-1.5 overflow-x-auto px-3 pb-1 sm:hidden">
        {BOARD_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className="flex min-h-9 shrink-0 items-center gap-1.5 rounded-full border border-neutral-300 bg-white px-3 text-xs font-medium text-neutral-700"
            onClick={() =>
              document
                .querySelector(`[data-column="${status}"]`)
                ?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' })
            }
          >
            {statusLabel(styles, status)}
            <span className="tabular-nums text-neutral-500">{T.count(columns.get(status)?.length ?? 0)}</span>
          </button>
        ))}
      </nav>
      <div className="-mx-3 flex snap-x snap-mandatory gap-3 overflow-x-auto px-3 pb-3 sm:mx-0 sm:h-[calc(100dvh-12rem)] sm:min-h-96 sm:snap-none sm:px-0">
        {BOARD_STATUSES.map((status) => {
          const cards = columns.get(status) ?? [];
          const label = statusLabel(styles, status);
          const canDrop = dragged !== null && moveAction(role, dragged.status ?? 'draft', status) !== null;
          const style = styles?.get(status);
          return (
            <section
              key={status}
              aria-label={T.bookingsIn(label, cards.length)}
              data-column={status}
              onDragOver={(e) => {
                if (!canDrop) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                if (over !== status) setOver(status);
              }}
              onDragLeave={() => setOver((o) => (o === status ? null : o))}
              onDrop={(e) => {
                e.preventDefault();
                drop(status);
              }}
              className={`flex w-[85vw] shrink-0 snap-start flex-col rounded-lg border sm:w-52 ${
                over === status && canDrop
                  ? 'border-sky-500 bg-sky-50'
                  : canDrop
                    ? 'border-dashed border-sky-300 bg-neutral-50'
                    : 'border-neutral-200 bg-neutral-50'
              }`}
            >
              <h2 className="flex items-center gap-2 border-b border-neutral-200 px-3 py-2 text-sm font-semibold text-neutral-800">
                <span
                  aria-hidden
                  className="size-2.5 rounded-full ring-1 ring-black/10"
                  style={{ backgroundColor: style?.bg }}
                />
                {label}
                <span className="ml-auto rounded-full bg-white px-2 text-xs font-medium text-neutral-600 tabular-nums ring-1 ring-neutral-200">
                  {T.count(cards.length)}
                </span>
              </h2>
              <div className="flex min-h-24 flex-1 flex-col gap-2 overflow-y-auto p-2">
                {list.isPending ? (
                  <Skeleton rows={3} className="h-16" />
                ) : cards.length === 0 ? (
                  <p className="py-4 text-center text-xs text-neutral-400">
                    {canDrop ? T.dropHere : T.emptyColumn}
                  </p>
                ) : (
                  cards.map((r) => (
                    <BookingCard
                      key={r._id}
                      record={r}
                      styles={styles}
                      targets={moveTargets(role, r.status ?? 'draft')}
                      isBusy={busyId === r._id}
                      onMove={(t) => void move(r, t)}
                      onDragStart={() => setDragged(r)}
                      onDragEnd={() => {
                        setDragged(null);
                        setOver(null);
                      }}
                    />
                  ))
                )}
              </div>
            </section>
          );
        })}
      </div>
    </WeekBoardPage>
  );
}
