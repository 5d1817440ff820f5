import type { HomeFeedItem } from '@rostra/core/api/home';
import { isNewFeedItem } from '@rostra/core/home/feed';
import { toWallClock } from '@rostra/core/time/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  AlertTriangle,
  Bell,
  CalendarCheck,
  CircleDashed,
  PlusCircle,
  RefreshCw,
  UserCheck,
  UserMinus,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useLive } from '../../lib/live.ts';
import { useOrgDates } from '../../lib/org-dates.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button } from '../../ui/button.tsx';
import { SkeletonRows, StateMessage } from '../../ui/list-state.tsx';
import { StatusBadge, statusName, useStatusConfig } from '../../ui/status-badge.tsx';
import { CustomerPackages, DispatcherPackageRequests } from '../packages/package-requests.tsx';
import { HOME_KEY, todayQuery, useFeed } from './api.ts';
import { HOME_TEXT as H } from './texts.ts';

/**
 * Home (/, issue 8): today's numbers (bookings by status, unassigned, conflicts, resources on
 * shift and on leave) and the recent activity (state changes and allocations, new bookings,
 * notifications), ten at a time, items of the last 300 s marked new. Both refresh when the
 * timeline or a notification changes.
 */
export function HomeScreen() {
  const dates = useOrgDates();
  const { me, role } = useShell();
  const today = useQuery(todayQuery);
  const feed = useFeed();
  const queryClient = useQueryClient();
  const statusConfig = useStatusConfig();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: HOME_KEY });
  useLive(today.data ? { topic: 'timeline', from: today.data.from, to: today.data.to } : null, (e) => {
    if (e.type !== 'error') refresh();
  });
  useLive({ topic: 'notifications' }, (e) => {
    if (e.type !== 'error') void queryClient.invalidateQueries({ queryKey: [...HOME_KEY, 'feed'] });
  });
  const zone = me.company?.time_zone || 'UTC';
  const items = feed.data?.pages.flatMap((p) => p.items) ?? [];
  const serverNow = feed.data?.pages[0]?.now ?? Date.now();

  return (
    <div className="mx-auto max-w-6xl px-4 py-5 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-neutral-900">{H.title}</h1>
        <Button variant="ghost" onClick={refresh} aria-label="Refresh">
          <RefreshCw aria-hidden className="size-4" />
        </Button>
      </div>

      <section aria-labelledby="home-today" className="mt-4">
        <h2 id="home-today" className="text-sm font-semibold text-neutral-700">
          {H.today}
          {today.data ? (
            <span className="ml-2 font-normal text-neutral-500">{dates.date(today.data.from)}</span>
          ) : null}
        </h2>
        {today.isPending ? (
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {[0, 1, 2, 3, 4].map((i) => (
              <div key={i} className="h-20 animate-pulse rounded-lg bg-neutral-100" />
            ))}
          </div>
        ) : today.isError ? (
          <div className="mt-2">
            <StateMessage
              tone="error"
              title={H.numbersFailed}
              hint={today.error.message}
              action={
                <Button variant="secondary" onClick={() => void today.refetch()}>
                  Retry
                </Button>
              }
            />
          </div>
        ) : (
          <>
            <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
              <Tile
                icon={<CalendarCheck className="size-4" />}
                label={H.jobsToday}
                value={today.data.total}
                to="/bookings"
              />
              <Tile
                icon={<CircleDashed className="size-4" />}
                label={H.unassigned}
                value={today.data.unassigned}
                tone={today.data.unassigned ? 'amber' : 'plain'}
              />
              {today.data.conflicts !== null ? (
                <Tile
                  icon={<AlertTriangle className="size-4" />}
                  label={H.conflicts}
                  value={today.data.conflicts}
                  tone={today.data.conflicts ? 'red' : 'plain'}
                />
              ) : null}
              {today.data.on_shift !== null ? (
                <Tile
                  icon={<UserCheck className="size-4" />}
                  label={H.onShift}
                  value={today.data.on_shift}
                  to="/resource_shifts"
                />
              ) : null}
              <Tile icon={<UserMinus className="size-4" />} label={H.onLeave} value={today.data.on_leave} />
            </ul>
            <div className="mt-3 rounded-lg border border-neutral-200 bg-white p-3">
              <h3 className="text-xs font-medium text-neutral-600">{H.byStatus}</h3>
              {today.data.total === 0 ? (
                <p className="mt-1 text-sm text-neutral-500">{H.noJobsToday}</p>
              ) : (
                <ul className="mt-2 flex flex-wrap gap-2">
                  {Object.entries(today.data.by_status)
                    .sort((a, b) => b[1] - a[1])
                    .map(([status, n]) => (
                      <li key={status} className="flex items-center gap-1.5 text-sm">
                        <StatusBadge status={status} config={statusConfig} />
                        <span className="tabular-nums text-neutral-800">{n}</span>
                      </li>
                    ))}
                </ul>
              )}
            </div>
          </>
        )}
      </section>

      {role === 'customer' ? (
        <CustomerPackages />
      ) : role === 'dispatcher' ? (
        <DispatcherPackageRequests />
      ) : null}

      <section aria-labelledby="home-feed" className="mt-6">
        <h2 id="home-feed" className="text-sm font-semibold text-neutral-700">
          {H.feed}
        </h2>
        <div className="mt-2">
          {feed.isPending ? (
            <SkeletonRows rows={5} height="h-10" />
          ) : feed.isError && items.length === 0 ? (
            <StateMessage
              tone="error"
              title={H.feedFailed}
              hint={feed.error.message}
              action={
                <Button variant="secondary" onClick={() => void feed.refetch()}>
                  Retry
                </Button>
              }
            />
          ) : items.length === 0 ? (
            <StateMessage title={H.feedEmpty} />
          ) : (
            <>
              <ol className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white">
                {items.map((item) => (
                  <FeedRow
                    key={item.id}
                    item={item}
                    isNew={isNewFeedItem(item.at, serverNow)}
                    when={dates.dateTime(toWallClock(item.at, zone))}
                    status={(s) => statusName(statusConfig, s)}
                  />
                ))}
              </ol>
              {feed.hasNextPage ? (
                <div className="mt-3 flex justify-center">
                  <Button
                    variant="secondary"
                    disabled={feed.isFetchingNextPage}
                    onClick={() => void feed.fetchNextPage()}
                  >
                    {H.older}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </div>
      </section>
    </div>
  );
}

function Tile({
  icon,
  label,
  value,
  tone = 'plain',
  to,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  tone?: 'plain' | 'amber' | 'red';
  to?: string;
}) {
  const color = tone === 'red' ? 'text-red-700' : tone === 'amber' ? 'text-amber-700' : 'text-neutral-900';
  const body = (
    <>
      <span className="flex items-center gap-1.5 text-xs font-medium text-neutral-600">
        <span aria-hidden>{icon}</span>
        {label}
      </span>
      <span className={`mt-1 block text-2xl font-semibold tabular-nums ${color}`}>{value}</span>
    </>
  );
  return (
    <li className="rounded-lg border border-neutral-200 bg-white">
      {to ? (
        <Link to={to as string} className="block rounded-lg p-3 hover:bg-neutral-50 focus-visible:outline-2">
          {body}
        </Link>
      ) : (
        <div className="p-3">{body}</div>
      )}
    </li>
  );
}

function FeedRow({
  item,
  isNew,
  when,
  status,
}: {
  item: HomeFeedItem;
  isNew: boolean;
  when: string;
  status: (s: string) => string;
}) {
  const name = item.record_name || item.record_id || '';
  const text =
    item.kind === 'booking'
      ? H.newBooking(name)
      : item.kind === 'state'
        ? H.stateChange(
            name,
            item.previous_status ? status(item.previous_status) : null,
            status(item.status ?? ''),
          )
        : (item.title ?? '');
  const Icon = item.kind === 'booking' ? PlusCircle : item.kind === 'state' ? RefreshCw : Bell;
  return (
    <li className="flex items-start gap-3 px-4 py-2.5" data-feed={item.kind}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-neutral-400" />
      <div className="min-w-0 flex-1">
        <p className="text-sm text-neutral-900">
          {item.record_id && item.kind !== 'notification' ? (
            <Link
              to={'/bookings' as string}
              search={{ job_id: item.record_id }}
              className="underline-offset-2 hover:underline focus-visible:underline"
            >
              {text}
            </Link>
          ) : (
            text
          )}
          {item.kind === 'state' && item.action && item.action !== 'update' ? (
            <span className="text-neutral-500"> · {item.action}</span>
          ) : null}
        </p>
        {item.body ? <p className="text-sm text-neutral-600">{item.body}</p> : null}
        <p className="text-xs text-neutral-500 tabular-nums">{when}</p>
      </div>
      {isNew ? (
        <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-800">
          {H.isNew}
        </span>
      ) : null}
    </li>
  );
}
