import { bookingTitle } from '@rostra/core/records/booking-rules';
import { DAY, formatDayLabel, formatTime, toWallClock } from '@rostra/core/time/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ChevronRight, Clock, MapPin, Navigation, WifiOff } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLive } from '../../lib/live.ts';
import { useOrgDates } from '../../lib/org-dates.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button } from '../../ui/button.tsx';
import { SkeletonRows } from '../../ui/list-state.tsx';
import { StatusBadge, useStatusConfig } from '../../ui/status-badge.tsx';
import { BOOKINGS_KEY, type Booking, bookingQuery, personName } from '../bookings/api.ts';
import { selectedBookingId } from '../bookings/model.ts';
import {
  ConfirmJob,
  GetNotified,
  MY_CONFIRMATIONS_KEY,
  myConfirmationsQuery,
} from '../confirm/my-confirmations.tsx';
import { directionsLink } from './api.ts';
import { type DayCopy, dayCopyKey, loadDayCopy, saveDayCopy, splitDay } from './day.ts';
import { todayIn, UPCOMING_DAYS } from './day-list.ts';
import { dayListQuery } from './day-query.ts';
import { MY_DAY_TEXT as T } from './texts.ts';
import { useTimerQueue } from './timer.ts';

/*
 * A job's detail (its tabs, forms and pickers) is not part of a worker's first load on a phone
 * (issue 17's 200 KB budget): it loads when a job is opened, and starts loading as soon as the
 * worker touches or focuses a job, so it is usually there by the time the tap lands.
 */
const loadDetail = () => import('../bookings/booking-detail.tsx');
const BookingDetail = lazy(() => loadDetail().then((m) => ({ default: m.BookingDetail })));
const preloadDetail = () => void loadDetail();

/** The browser's own online flag, live (it knows at once when the network is gone). */
function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The resource's day on a phone (issue 9 point 6): today's jobs and the next week's as a list
 * with large touch targets; a job opens its detail (timer, chat, form) over the list. The last
 * list loaded is kept on the device and shown, with an offline note, when the server cannot be
 * reached; timer taps made offline wait in the device's queue (see queue.ts).
 */
export function MyDayScreen() {
  const dates = useOrgDates();
  const { me } = useShell();
  const orgId = me.org_id ?? '';
  const timeZone = me.company?.time_zone ?? 'UTC';
  const search = useSearch({ from: '/shell/bookings' });
  const navigate = useNavigate({ from: '/bookings' });
  const selected = selectedBookingId(search);
  const queryClient = useQueryClient();
  const [today, setToday] = useState(() => todayIn(timeZone, Date.now()));
  const key = dayCopyKey(me.uid, orgId);
  const [copy, setCopy] = useState<DayCopy | undefined>();
  const { state: queue } = useTimerQueue(me.uid, orgId);

  // A phone left open overnight moves on to the new day.
  useEffect(() => {
    const timer = setInterval(() => setToday(todayIn(timeZone, Date.now())), 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);

  // Started already by the route's loader on a first load (app/router.tsx).
  const list = useQuery(dayListQuery(today));
  useEffect(() => {
    const s = storage();
    if (!list.data || !s) return;
    const now = Date.now();
    saveDayCopy(s, key, list.data.items, now);
    setCopy({ saved_at: now, items: list.data.items });
  }, [list.data, key]);

  const asked = useQuery(myConfirmationsQuery).data;
  useLive({ topic: 'timeline', from: today, to: today + (UPCOMING_DAYS + 1) * DAY }, (event) => {
    if (event.type === 'error') return;
    void queryClient.invalidateQueries({ queryKey: [...BOOKINGS_KEY, 'search'] });
    void queryClient.invalidateQueries({ queryKey: MY_CONFIRMATIONS_KEY });
  });

  const isOnline = useBrowserOnline();
  const isUnreachable = !isOnline || list.fetchStatus === 'paused' || list.isError;
  // The copy on the device is read (and checked) only when the server cannot give the list.
  const isCopyWanted = isUnreachable && !list.data && copy === undefined;
  useEffect(() => {
    const s = storage();
    if (!isCopyWanted || !s) return;
    let isLive = true;
    void loadDayCopy(s, key).then((kept) => {
      if (isLive && kept) setCopy(kept);
    });
    return () => {
      isLive = false;
    };
  }, [isCopyWanted, key]);
  const isFromCopy = !list.data && copy !== undefined && isUnreachable;
  const items = list.data?.items ?? (isFromCopy ? copy?.items : undefined);
  const shownAt = list.data ? list.dataUpdatedAt : copy?.saved_at;

  // Opening a job offline shows what the list knows of it instead of waiting for the server.
  useEffect(() => {
    for (const b of items ?? []) {
      const k = bookingQuery(b._id).queryKey;
      if (queryClient.getQueryData(k) === undefined) queryClient.setQueryData(k, b);
    }
  }, [items, queryClient]);
  const parts = useMemo(() => (items ? splitDay(items, today) : undefined), [items, today]);
  const statusConfig = useStatusConfig();

  const close = () => {
    void navigate({ search: (prev) => ({ ...prev, id: undefined, job_id: undefined }) });
  };

  return (
    <div className="mx-auto max-w-2xl px-3 py-4 sm:px-6">
      <h1 className="text-lg font-semibold text-neutral-900">{T.title}</h1>
      <p className="text-sm text-neutral-600">{formatDayLabel(today)}</p>
      <GetNotified />

      {isUnreachable && items && shownAt !== undefined ? (
        <p
          role="status"
          className="mt-3 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          {T.offline(dates.dateTime(toWallClock(shownAt, timeZone)))}
        </p>
      ) : null}
      {queue.pending.length > 0 ? (
        <p role="status" className="mt-3 text-sm text-neutral-700" data-testid="timer-queue-waiting">
          {T.waiting(queue.pending.length)}
        </p>
      ) : null}

      <div className="mt-4">
        {!parts ? (
          list.isError || list.fetchStatus === 'paused' ? (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              <p>{list.fetchStatus === 'paused' ? T.offlineNoCopy : T.loadFailed}</p>
              {list.error ? <p className="mt-1 text-xs">{list.error.message}</p> : null}
              <Button variant="secondary" className="mt-2" onClick={() => void list.refetch()}>
                {T.retry}
              </Button>
            </div>
          ) : (
            <SkeletonRows rows={3} height="h-20" />
          )
        ) : (
          (['today', 'upcoming'] as const).map((when) => (
            <JobSection
              key={when}
              when={when}
              items={parts[when]}
              statusConfig={statusConfig}
              asked={asked}
            />
          ))
        )}
      </div>

      {selected ? (
        <Suspense fallback={<DetailLoading />}>
          <BookingDetail key={selected} id={selected} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Where the job's detail will open, while its code arrives. */
function DetailLoading() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={T.loadingJob}
      className="fixed inset-0 z-30 space-y-3 bg-white px-4 py-16 sm:inset-y-0 sm:right-0 sm:left-auto sm:w-[36rem] sm:border-l sm:border-neutral-300"
    >
      <div className="h-8 animate-pulse rounded bg-neutral-100" />
      <div className="h-24 animate-pulse rounded bg-neutral-100" />
    </div>
  );
}

/** A worker's list in two parts: today's jobs, then the days after (their cards show the date). */
const SECTIONS = {
  today: { title: T.today, empty: T.nothingToday, withDate: false },
  upcoming: { title: T.upcoming, empty: T.nothingUpcoming, withDate: true },
};

function JobSection({
  when,
  items,
  statusConfig,
  asked,
}: {
  /** Today's jobs (no date on their cards) or those of the days after. */
  when: keyof typeof SECTIONS;
  items: Booking[];
  statusConfig: ReturnType<typeof useStatusConfig>;
  /** The jobs the worker is still asked to confirm. */
  asked: ReadonlySet<string> | undefined;
}) {
  const { title, empty, withDate } = SECTIONS[when];
  const id = `my-day-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className="mb-2 text-sm font-semibold tracking-wide text-neutral-500 uppercase">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-neutral-300 p-5 text-center text-sm text-neutral-500">
          {empty}
        </p>
      ) : (
        <ul className="space-y-2" aria-label={title}>
          {items.map((b) => (
            <JobCard
              key={b._id}
              booking={b}
              statusConfig={statusConfig}
              withDate={withDate}
              isAsked={asked?.has(b._id) ?? false}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function JobCard({
  booking: b,
  statusConfig,
  withDate,
  isAsked,
}: {
  booking: Booking;
  statusConfig: ReturnType<typeof useStatusConfig>;
  withDate: boolean;
  isAsked: boolean;
}) {
  const queryClient = useQueryClient();
  const who = personName(b.customer_first_name, b.customer_last_name, b.customerId ?? '');
  const title = bookingTitle(b);
  const map = directionsLink(b);
  return (
    <li
      data-booking={b._id}
      className="overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-xs"
    >
      <Link
        from="/bookings"
        to="."
        search={(prev) => ({ ...prev, id: undefined, job_id: b._id })}
        onPointerDown={preloadDetail}
        onFocus={preloadDetail}
        aria-label={T.open(`${title} ${who}`.trim())}
        className="flex min-h-16 items-center gap-3 px-3 py-2.5 hover:bg-neutral-50 focus-visible:bg-neutral-50"
      >
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5 text-sm text-neutral-600 tabular-nums">
            <Clock aria-hidden className="size-3.5" />
            {withDate ? `${formatDayLabel(b.utc_begin_plus_tz)} · ` : ''}
            {formatTime(b.utc_begin_plus_tz)} – {formatTime(b.utc_end_plus_tz)}
          </p>
          <p className="truncate text-base font-medium text-neutral-900">{who || title}</p>
          <p className="flex items-center gap-1 truncate text-sm text-neutral-600">
            <MapPin aria-hidden className="size-3.5 shrink-0" />
            <span className="truncate">{b.all_location || T.noAddress}</span>
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <StatusBadge status={b.status ?? 'draft'} config={statusConfig} />
          <span className="text-xs text-neutral-500">{title}</span>
        </div>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-neutral-400" />
      </Link>
      {isAsked ? (
        <ConfirmJob
          recordId={b._id}
          onAnswered={() => void queryClient.invalidateQueries({ queryKey: [...BOOKINGS_KEY, 'search'] })}
        />
      ) : null}
      {map ? (
        <a
          href={map}
          target="_blank"
          rel="noreferrer"
          aria-label={T.navigateTo(b.all_location || title)}
          className="flex min-h-11 items-center justify-center gap-2 border-t border-neutral-100 text-sm font-medium text-sky-800 hover:bg-sky-50"
        >
          <Navigation aria-hidden className="size-4" />
          {T.navigate}
        </a>
      ) : null}
    </li>
  );
}
