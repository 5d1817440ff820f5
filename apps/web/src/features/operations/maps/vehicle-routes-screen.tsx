import { formatDistance } from '@rostra/core/maps/geo';
import { useMemo, useState } from 'react';
import { errorText, timeRange } from '../../../lib/roster.ts';
import { EmptyState, ErrorState, Skeleton } from '../../../ui/list-state.tsx';
import { dayRoutes } from './day-routes.ts';
import { MapCanvas, type MapLine, type MapPoint } from './map-canvas.tsx';
import { jobPlace, jobTitle, locationOf, useDayJobs, useMapConfig, useMapResources } from './map-data.ts';
import { MapDayPage, useMapDay } from './map-page.tsx';
import { MAP_TEXT as T } from './map-text.ts';

/**
 * Vehicle routes (/vehicleroutes; issue #8): per resource, the day's jobs as a route — a line
 * through the stops on the offline map and the stops in order with each leg's distance and the
 * day's total. Resources are listed with their stop count and distance; choose one to see it.
 */
export function VehicleRoutesScreen() {
  const { day, setDay, today } = useMapDay();
  const [chosen, setChosen] = useState<string | null>(null);
  const [stop, setStop] = useState<string | null>(null);
  const jobs = useDayJobs(day);
  const resources = useMapResources();
  const config = useMapConfig();

  const routes = useMemo(() => dayRoutes(jobs.data ?? [], resources.data ?? []), [jobs.data, resources.data]);
  const current = routes.find((r) => r.resource._id === chosen) ?? routes[0];

  const points: MapPoint[] = useMemo(() => {
    if (!current) return [];
    const out: MapPoint[] = [];
    const home = locationOf(current.resource);
    if (home)
      out.push({ id: current.resource._id, at: home, kind: 'resource', label: current.resource.name });
    for (const s of current.route.stops) {
      const at = locationOf(s.item);
      if (at)
        out.push({
          id: s.item._id,
          at,
          kind: 'job',
          seq: s.seq,
          color: current.color,
          label: `${s.seq}. ${jobTitle(s.item)} ${timeRange(s.item.utc_begin_plus_tz, s.item.utc_end_plus_tz)}`,
        });
    }
    return out;
  }, [current]);
  const lines: MapLine[] = useMemo(() => {
    if (!current) return [];
    const home = locationOf(current.resource);
    const path = [...(home ? [home] : []), ...current.route.stops.flatMap((s) => locationOf(s.item) ?? [])];
    return [{ id: current.resource._id, color: current.color, path }];
  }, [current]);

  const go = (d: number) => {
    setDay(d);
    setStop(null);
  };

  return (
    <MapDayPage title={T.vehicleRoutes} day={day} today={today} onDay={go}>
      {jobs.isPending || resources.isPending ? (
        <Skeleton rows={1} className="h-[460px]" />
      ) : jobs.isError || resources.isError ? (
        <ErrorState
          message={errorText(jobs.error ?? resources.error)}
          onRetry={() => {
            void jobs.refetch();
            void resources.refetch();
          }}
        />
      ) : !current ? (
        <EmptyState title={T.noRoutes} hint={T.noRoutesHint} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[15rem_minmax(0,1fr)]">
          <section aria-label={T.resources}>
            <ul className="divide-y divide-neutral-100 overflow-hidden rounded-lg border border-neutral-200 bg-white">
              {routes.map((r) => {
                const isCurrent = r === current;
                return (
                  <li key={r.resource._id}>
                    <button
                      type="button"
                      aria-pressed={isCurrent}
                      data-resource={r.resource._id}
                      onClick={() => {
                        setChosen(r.resource._id);
                        setStop(null);
                      }}
                      className={`flex min-h-11 w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-neutral-50 ${isCurrent ? 'bg-sky-50' : ''}`}
                    >
                      <span
                        aria-hidden
                        className="size-3 shrink-0 rounded-full"
                        style={{ backgroundColor: r.color }}
                      />
                      <span className="min-w-0 flex-1 truncate font-medium text-neutral-900">
                        {r.resource.name}
                      </span>
                      <span className="text-xs text-neutral-500 tabular-nums">
                        {T.stops(r.route.stops.length)} · {formatDistance(r.route.totalKm)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
          <div className="grid min-w-0 gap-4 2xl:grid-cols-[minmax(0,1fr)_19rem]">
            <MapCanvas
              points={points}
              lines={lines}
              selectedId={stop}
              onSelect={setStop}
              tileUrl={config.data?.tile_url}
              attribution={config.data?.attribution}
              label={T.routeLabel(current.resource.name, current.route.stops.length)}
            />
            <section aria-label={T.routeLabel(current.resource.name, current.route.stops.length)}>
              <h2 className="mb-2 flex items-baseline justify-between text-sm font-semibold text-neutral-800">
                <span>{current.resource.name}</span>
                <span className="font-normal text-neutral-600" data-testid="route-total">
                  {T.total}: {formatDistance(current.route.totalKm)}
                </span>
              </h2>
              <ol className="divide-y divide-neutral-100 overflow-hidden rounded-lg border border-neutral-200 bg-white">
                {current.route.stops.map((s) => (
                  <li key={s.item._id}>
                    <button
                      type="button"
                      data-stop={s.seq}
                      aria-pressed={stop === s.item._id}
                      onClick={() => setStop(stop === s.item._id ? null : s.item._id)}
                      className={`flex w-full gap-3 px-3 py-2 text-left text-sm hover:bg-neutral-50 ${stop === s.item._id ? 'bg-sky-50' : ''}`}
                    >
                      <span
                        className="grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold text-white"
                        style={{ backgroundColor: current.color }}
                      >
                        {s.seq}
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium text-neutral-900 tabular-nums">
                          {timeRange(s.item.utc_begin_plus_tz, s.item.utc_end_plus_tz)} {jobTitle(s.item)}
                        </span>
                        <span className="block truncate text-xs text-neutral-500">{jobPlace(s.item)}</span>
                      </span>
                      <span className="shrink-0 text-right text-xs text-neutral-600 tabular-nums">
                        {s.legKm === null
                          ? locationOf(s.item)
                            ? '—'
                            : T.noLeg
                          : `${T.leg} ${formatDistance(s.legKm)}${s.seq === 1 ? ` ${T.fromHome}` : ''}`}
                        <span className="block text-neutral-400">{formatDistance(s.totalKm)}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          </div>
        </div>
      )}
    </MapDayPage>
  );
}
