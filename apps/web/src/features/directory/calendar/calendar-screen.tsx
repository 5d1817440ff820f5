import { DAY, formatTime, toWallClock } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { Link, linkOptions, useNavigate, useSearch } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useOrgDates } from '../../../lib/org-dates.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { StateMessage } from '../../../ui/list-state.tsx';
import type { CalendarSearch } from '../search.ts';
import { CALENDAR_TEXT as K } from '../texts.ts';
import {
  type CalendarItem,
  calendarQuery,
  itemsOfDay,
  monthGrid,
  monthKey,
  monthStart,
  shiftMonth,
} from './month.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** The weekday names in the order the organisation's week shows them (from its start day). */
const weekdaysFrom = (start: number) => [...WEEKDAYS.slice(start), ...WEEKDAYS.slice(0, start)];
const MONTH_NAME = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** Chips a day cell shows before "+n more". */
const CELL_ITEMS = 3;

const KIND_STYLE: Record<CalendarItem['kind'], string> = {
  booking: 'bg-sky-50 text-sky-900 ring-sky-200',
  groupevent: 'bg-violet-50 text-violet-900 ring-violet-200',
  calevent: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
};

/** Where an item opens. */
function itemLink(item: CalendarItem) {
  if (item.kind === 'groupevent') return linkOptions({ to: '/groupevents', search: { id: item._id } });
  if (item.kind === 'calevent') return linkOptions({ to: '/calevents', search: { calevent_id: item._id } });
  return linkOptions({ to: '/bookings', search: { job_id: item._id } });
}

/**
 * Calendar (/calendar, issue 8): a month of bookings, group events and calendar events. With the
 * organisation's fortnight-calendar flag on (the default), week 2 of each fortnight is shaded
 * (even ISO week = week 2). Keyboard: the days are a grid — arrows move a day or a week, Home/End
 * the week's ends, Page Up/Down the month, Enter lists the day. `?month=YYYY-MM` keeps the month.
 */
export function CalendarScreen() {
  const dates = useOrgDates();
  const { me, settings } = useShell();
  const search = useSearch({ from: '/shell/calendar' });
  const navigate = useNavigate({ from: '/calendar' });
  const setSearch = (patch: Partial<CalendarSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });
  const zone = me.company?.time_zone || 'UTC';
  const today = Math.floor(toWallClock(Date.now(), zone) / DAY) * DAY;
  const first =
    monthStart(typeof search.month === 'string' ? search.month : '') ?? monthStart(monthKey(today)) ?? today;
  const grid = monthGrid(first, dates.weekStartDay);
  const data = useQuery(calendarQuery(grid.from, grid.to));
  const isFortnight = settings?.ds.fortnight_calendar !== false;
  const [focused, setFocused] = useState(() => (monthKey(today) === monthKey(first) ? today : first));
  const [openDay, setOpenDay] = useState<number | null>(null);
  const cells = useRef(new Map<number, HTMLButtonElement>());
  const shouldFocus = useRef(false);

  // The focused day stays inside the month shown.
  useEffect(() => {
    if (focused < grid.first || focused >= grid.next) setFocused(grid.first);
  }, [grid.first, grid.next, focused]);
  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    cells.current.get(focused)?.focus();
  });

  const goMonth = (delta: number, keepDay?: number) => {
    const next = shiftMonth(first, delta);
    setSearch({ month: monthKey(next) });
    const day = keepDay ?? next;
    setFocused(day >= next && day < shiftMonth(next, 1) ? day : next);
  };
  const move = (day: number) => {
    shouldFocus.current = true;
    if (day < grid.first) goMonth(-1, day);
    else if (day >= grid.next) goMonth(1, day);
    else setFocused(day);
  };
  const onKey = (e: KeyboardEvent, day: number) => {
    const weekday = (new Date(day * 1000).getUTCDay() - dates.weekStartDay + 7) % 7;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => move(day - DAY),
      ArrowRight: () => move(day + DAY),
      ArrowUp: () => move(day - 7 * DAY),
      ArrowDown: () => move(day + 7 * DAY),
      Home: () => move(day - weekday * DAY),
      End: () => move(day + (6 - weekday) * DAY),
      PageUp: () => {
        shouldFocus.current = true;
        goMonth(-1);
      },
      PageDown: () => {
        shouldFocus.current = true;
        goMonth(1);
      },
    };
    const run = keys[e.key];
    if (run) {
      e.preventDefault();
      run();
    }
  };

  const items = data.data?.items ?? [];
  return (
    <div className="mx-auto max-w-7xl px-4 py-5 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-neutral-900">{K.title}</h1>
        <div className="flex items-center gap-1">
          <Button variant="secondary" onClick={() => goMonth(-1)} aria-label={K.previous}>
            <ChevronLeft aria-hidden className="size-4" />
          </Button>
          <p className="min-w-40 text-center text-sm font-medium text-neutral-800" aria-live="polite">
            {MONTH_NAME.format(new Date(first * 1000))}
          </p>
          <Button variant="secondary" onClick={() => goMonth(1)} aria-label={K.next}>
            <ChevronRight aria-hidden className="size-4" />
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setSearch({ month: monthKey(today) });
              setFocused(today);
            }}
          >
            {K.today}
          </Button>
        </div>
      </div>
      <p className="mt-1 text-xs text-neutral-500">
        {K.keyboardHint}
        {isFortnight ? ` ${K.fortnightLegend}` : ''}
      </p>
      {data.isError && !data.data ? (
        <div className="mt-4">
          <StateMessage
            tone="error"
            title={K.loadFailed}
            hint={data.error.message}
            action={
              <Button variant="secondary" onClick={() => void data.refetch()}>
                Retry
              </Button>
            }
          />
        </div>
      ) : (
        <>
          {data.data?.truncated ? (
            <p role="status" className="mt-2 text-sm text-amber-800">
              {K.truncated}
            </p>
          ) : null}
          <table
            aria-label={MONTH_NAME.format(new Date(first * 1000))}
            aria-busy={data.isFetching}
            className="mt-3 w-full table-fixed overflow-hidden rounded-lg border border-neutral-200 bg-white"
          >
            <thead>
              <tr className="border-b border-neutral-200 bg-neutral-50">
                {weekdaysFrom(dates.weekStartDay).map((d) => (
                  <th
                    key={d}
                    scope="col"
                    className="px-2 py-1.5 text-left text-xs font-medium text-neutral-600"
                  >
                    {d}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.weeks.map((week) => (
                <tr
                  key={week.start}
                  data-fortnight-week={isFortnight ? week.fortnight : undefined}
                  className={`border-b border-neutral-100 last:border-b-0 ${isFortnight && week.fortnight === 2 ? 'bg-neutral-50' : ''}`}
                >
                  {week.days.map((day) => {
                    const inMonth = day >= grid.first && day < grid.next;
                    const dayItems = itemsOfDay(items, day);
                    const isToday = day === today;
                    return (
                      <td
                        key={day}
                        className="h-16 border-r border-neutral-100 p-1 align-top last:border-r-0 sm:h-28"
                      >
                        <button
                          type="button"
                          ref={(el) => {
                            if (el) cells.current.set(day, el);
                            else cells.current.delete(day);
                          }}
                          tabIndex={day === focused ? 0 : -1}
                          onFocus={() => setFocused(day)}
                          onKeyDown={(e) => onKey(e, day)}
                          onClick={() => setOpenDay(day)}
                          aria-label={K.dayItems(dates.date(day), dayItems.length)}
                          aria-current={isToday ? 'date' : undefined}
                          data-day={dates.date(day)}
                          className={`flex w-full items-center justify-between rounded px-1 text-left text-xs focus-visible:outline-2 focus-visible:outline-sky-600 ${inMonth ? 'text-neutral-800' : 'text-neutral-400'}`}
                        >
                          <span
                            className={`inline-grid size-6 place-items-center rounded-full tabular-nums ${isToday ? 'bg-sky-700 font-semibold text-white' : ''}`}
                          >
                            {new Date(day * 1000).getUTCDate()}
                          </span>
                          {week.days[0] === day && isFortnight ? (
                            <span className="hidden text-[10px] text-neutral-500 sm:inline">
                              {K.week(week.fortnight)}
                            </span>
                          ) : null}
                          {dayItems.length ? (
                            <span className="rounded-full bg-neutral-200 px-1.5 text-[10px] tabular-nums sm:hidden">
                              {dayItems.length}
                            </span>
                          ) : null}
                        </button>
                        <ul className="mt-0.5 hidden space-y-0.5 sm:block">
                          {dayItems.slice(0, CELL_ITEMS).map((item) => {
                            const link = itemLink(item);
                            return (
                              <li key={`${item.kind}:${item._id}`}>
                                <Link
                                  {...link}
                                  tabIndex={-1}
                                  data-calendar-item={item._id}
                                  title={`${item.name} · ${formatTime(item.utc_begin_plus_tz)}`}
                                  className={`block truncate rounded px-1 py-0.5 text-[11px] ring-1 ring-inset ${KIND_STYLE[item.kind]}`}
                                >
                                  <span className="tabular-nums">{formatTime(item.utc_begin_plus_tz)}</span>{' '}
                                  {item.name}
                                </Link>
                              </li>
                            );
                          })}
                          {dayItems.length > CELL_ITEMS ? (
                            <li className="px-1 text-[11px] text-neutral-500">
                              {K.more(dayItems.length - CELL_ITEMS)}
                            </li>
                          ) : null}
                        </ul>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="mt-2 flex flex-wrap gap-3 text-xs text-neutral-600">
            {(['booking', 'groupevent', 'calevent'] as const).map((k) => (
              <li key={k} className="flex items-center gap-1">
                <span className={`inline-block size-3 rounded ring-1 ring-inset ${KIND_STYLE[k]}`} />
                {K[k]}
              </li>
            ))}
          </ul>
        </>
      )}
      {openDay !== null ? (
        <DayDialog day={openDay} items={itemsOfDay(items, openDay)} onClose={() => setOpenDay(null)} />
      ) : null}
    </div>
  );
}

function DayDialog({ day, items, onClose }: { day: number; items: CalendarItem[]; onClose: () => void }) {
  const dates = useOrgDates();
  return (
    <Modal title={dates.date(day)} onClose={onClose} testId="calendar-day">
      {items.length === 0 ? (
        <p className="text-sm text-neutral-500">{K.nothingThisDay}</p>
      ) : (
        <ul className="divide-y divide-neutral-100">
          {items.map((item) => {
            const link = itemLink(item);
            return (
              <li key={`${item.kind}:${item._id}`} className="py-2">
                <Link
                  {...link}
                  data-calendar-item={item._id}
                  className="font-medium text-sky-800 underline-offset-2 hover:underline"
                >
                  {item.name}
                </Link>
                <p className="text-xs text-neutral-600 tabular-nums">
                  {K[item.kind]} · {formatTime(item.utc_begin_plus_tz)} – {formatTime(item.utc_end_plus_tz)}
                  {item.status ? ` · ${item.status}` : ''}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
