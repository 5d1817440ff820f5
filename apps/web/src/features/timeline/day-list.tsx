import type { WindowRecord } from '@rostra/core/api/timeline';
import type { StatusDefinition } from '@rostra/core/settings/defaults';
import { DAY, dayStart, formatDayLabel, formatTime, toWallClock } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Clock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type LiveEvent, useLive } from '../../lib/live.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button, IconButton } from '../../ui/button.tsx';
import { errorText, fetchStatusConfig, fetchWindow, timelineKeys } from './api.ts';
import { barKind, customerName, resourceName } from './model.ts';
import { TL } from './texts.ts';

/**
 * A resource's (or customer's) own day as a list with large touch targets: what the server lets
 * them read of the timeline window (their readers list), in time order, with status colours.
 */
export function DayList() {
  const { me } = useShell();
  const timeZone = me.company?.time_zone ?? 'UTC';
  const [day, setDay] = useState(() => dayStart(toWallClock(Date.now(), timeZone)));
  const query = useQuery({
    queryKey: timelineKeys.window(day, day + DAY),
    queryFn: ({ signal }) => fetchWindow(day, day + DAY, signal),
  });
  const status = useQuery({
    queryKey: timelineKeys.statusConfig,
    queryFn: fetchStatusConfig,
    staleTime: 5 * 60_000,
  });
  useLive({ topic: 'timeline', from: day, to: day + DAY }, (event: LiveEvent) => {
    if (event.type !== 'error') void query.refetch();
  });
  const colors = useMemo(
    () => new Map<string, StatusDefinition>((status.data ?? []).map((s) => [s._key, s])),
    [status.data],
  );
  const data = query.data;
  const customers = useMemo(() => new Map((data?.customers ?? []).map((c) => [c._id, c.name])), [data]);
  const names = useMemo(() => new Map((data?.resources ?? []).map((r) => [r._id, resourceName(r)])), [data]);
  const items = useMemo(
    () =>
      (data?.records ?? [])
        .filter((r) => !r.inactive && r.utc_end_plus_tz > day && r.utc_begin_plus_tz < day + DAY)
        .sort((a, b) => a.utc_begin_plus_tz - b.utc_begin_plus_tz),
    [data, day],
  );
  const describe = (r: WindowRecord) => {
    const kind = barKind(r);
    if (kind === 'leave') return TL.leave;
    if (kind === 'break') return TL.break;
    return customerName(r, customers) || r._id;
  };
  return (
    <div className="mx-auto max-w-2xl px-3 py-4 sm:px-6">
      <div className="flex items-center gap-2">
        <h1 className="flex-1 text-lg font-semibold text-neutral-900">{TL.myDay}</h1>
        <IconButton label={TL.previousDay} onClick={() => setDay((d) => d - DAY)}>
          <ChevronLeft aria-hidden className="size-5" />
        </IconButton>
        <Button variant="secondary" onClick={() => setDay(dayStart(toWallClock(Date.now(), timeZone)))}>
          {TL.today}
        </Button>
        <IconButton label={TL.nextDay} onClick={() => setDay((d) => d + DAY)}>
          <ChevronRight aria-hidden className="size-5" />
        </IconButton>
      </div>
      <p className="mt-1 text-sm text-neutral-600" data-testid="period-title">
        {formatDayLabel(day)}
      </p>
      <div className="mt-4">
        {query.isPending ? (
          <div className="space-y-2" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-16 animate-pulse rounded-lg bg-neutral-100" />
            ))}
          </div>
        ) : query.isError ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <p>{TL.loadFailed}</p>
            <p className="mt-1 text-xs">{errorText(query.error)}</p>
            <Button variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
              {TL.retry}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-neutral-300 p-6 text-center text-sm text-neutral-500">
            {TL.nothingToday}
          </p>
        ) : (
          <ul className="space-y-2" aria-label={TL.myDay}>
            {items.map((r) => {
              const s = colors.get(r.status ?? '');
              const kind = barKind(r);
              return (
                <li
                  key={r._id}
                  className="flex min-h-16 items-stretch overflow-hidden rounded-lg border border-neutral-200 bg-white"
                >
                  <span
                    aria-hidden
                    className="w-1.5 shrink-0"
                    style={{ background: s?.color ?? '#d4d4d4' }}
                  />
                  <div className="flex min-w-0 flex-1 flex-col justify-center px-3 py-2">
                    <p className="flex items-center gap-1.5 text-sm tabular-nums text-neutral-600">
                      <Clock aria-hidden className="size-3.5" />
                      {formatTime(r.utc_begin_plus_tz)} – {formatTime(r.utc_end_plus_tz)}
                    </p>
                    <p className="truncate text-base font-medium text-neutral-900">{describe(r)}</p>
                    {kind === 'booking' && r.resIds.length ? (
                      <p className="truncate text-xs text-neutral-500">
                        {r.resIds.map((id) => names.get(id) ?? id).join(', ')}
                      </p>
                    ) : null}
                  </div>
                  {kind === 'booking' ? (
                    <span
                      className="m-2 self-center rounded-full px-2 py-0.5 text-xs font-medium"
                      style={{ background: s?.color ?? '#e5e7eb', color: s?.textColor ?? '#374151' }}
                    >
                      {s?._value ?? r.status}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
