import { MapPin } from 'lucide-react';
import { useMemo, useState } from 'react';
import { errorText, timeRange } from '../../../lib/roster.ts';
import { StatusPill } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Check } from '../../../ui/check.tsx';
import { FormMessage } from '../../../ui/field.tsx';
import { Fieldset } from '../../../ui/fieldset.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../../ui/list-state.tsx';
import { statusLabel, useStatusStyles } from '../../boards/model.ts';
import { FilterSelect } from '../list-parts.tsx';
import { MapCanvas, type MapPoint } from './map-canvas.tsx';
import {
  jobPlace,
  jobTitle,
  locationOf,
  useMapConfig,
  useMapJobsPage,
  useMapResources,
  useMapResourcesPage,
} from './map-data.ts';
import { MapDayPage, useMapDay } from './map-page.tsx';
import { MAP_TEXT as T } from './map-text.ts';

/**
 * Maps (/maps; issue #8): the day's jobs and the resources on a map that needs no network (a
 * plain background unless a tile server is configured), filtered by status and by what is shown.
 * The jobs come a page at a time from the server (the map query: 20 a page, soonest first, with
 * the total): the list and the job markers are the page's; a marker and its row select each other.
 */
export function MapsScreen() {
  const { day, setDay, today } = useMapDay();
  const [showJobs, setShowJobs] = useState(true);
  const [showResources, setShowResources] = useState(true);
  const [status, setStatus] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [resourcePage, setResourcePage] = useState(0);
  const jobs = useMapJobsPage(day, status, page + 1);
  // Every resource's name for the job rows (the shared catalogue); the markers and the list of
  // resources are the server's page.
  const resources = useMapResources();
  const pagedResources = useMapResourcesPage(resourcePage + 1);
  const config = useMapConfig();
  const styles = useStatusStyles().data;

  const dayJobs = useMemo(() => jobs.data?.items ?? [], [jobs.data]);
  const statuses = jobs.data?.statuses ?? [];
  const total = jobs.data?.total ?? 0;
  const resourceName = useMemo(
    () => new Map((resources.data ?? []).map((r) => [r._id, r.name])),
    [resources.data],
  );
  const unlocated = dayJobs.filter((j) => !locationOf(j)).length;

  const points: MapPoint[] = useMemo(() => {
    const out: MapPoint[] = [];
    if (showResources)
      for (const r of pagedResources.items) {
        const at = locationOf(r);
        if (at && !r.inactive) out.push({ id: r._id, at, kind: 'resource', label: r.name });
      }
    if (showJobs)
      for (const j of dayJobs) {
        const at = locationOf(j);
        if (at)
          out.push({
            id: j._id,
            at,
            kind: 'job',
            label: `${jobTitle(j)} ${timeRange(j.utc_begin_plus_tz, j.utc_end_plus_tz)}`,
            color: styles?.get(j.status ?? '')?.bg,
          });
      }
    return out;
  }, [showJobs, showResources, pagedResources.items, dayJobs, styles]);
  const resourcePages = Math.max(1, Math.ceil(pagedResources.total / pagedResources.limit));

  const pages = Math.max(1, Math.ceil(total / (jobs.data?.limit ?? 20)));
  const shown = dayJobs;
  const turn = (p: number) => {
    setPage(p);
    setSelected(null);
  };
  const go = (d: number) => {
    setDay(d);
    setPage(0);
    setSelected(null);
  };

  return (
    <MapDayPage title={T.maps} day={day} today={today} onDay={go}>
      <div className="mb-3 flex flex-wrap items-end gap-4 text-sm">
        <Fieldset className="flex items-center gap-3" legend={T.show} look="hidden">
          {(
            [
              [T.jobs, showJobs, setShowJobs],
              [T.resources, showResources, setShowResources],
            ] as const
          ).map(([label, isShown, setShown]) => (
            <Check
              key={label}
              className="min-h-11 sm:min-h-9"
              checked={isShown}
              onChange={setShown}
              label={label}
            />
          ))}
        </Fieldset>
        <FilterSelect
          label={T.status}
          value={status}
          options={[['', T.anyStatus], ...statuses.map((s) => [s, statusLabel(styles, s)] as const)]}
          onChange={(next) => {
            setStatus(next);
            setPage(0);
          }}
        />
      </div>
      {config.data && !config.data.tile_url ? (
        <p className="mb-2 text-xs text-neutral-500">{T.plainBackground}</p>
      ) : null}
      {(jobs.isPending && !jobs.data) || (pagedResources.isPending && !pagedResources.items.length) ? (
        <Skeleton rows={1} className="h-[460px]" />
      ) : jobs.isError ? (
        <ErrorState message={errorText(jobs.error)} onRetry={() => void jobs.refetch()} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <MapCanvas
            points={points}
            selectedId={selected}
            onSelect={setSelected}
            tileUrl={config.data?.tile_url}
            attribution={config.data?.attribution}
            label={T.mapLabel(
              points.filter((p) => p.kind === 'job').length,
              points.filter((p) => p.kind === 'resource').length,
            )}
          />
          <div className="min-w-0 space-y-4">
            <section
              aria-label={T.jobs}
              aria-busy={jobs.isFetching && jobs.isPlaceholderData ? true : undefined}
              className={`min-w-0 ${jobs.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {total ? <p className="text-xs text-neutral-600">{T.jobsOfDay(total)}</p> : null}
              {unlocated ? <FormMessage tone="info" message={T.noLocation(unlocated)} /> : null}
              {dayJobs.length === 0 ? (
                <EmptyState title={T.noJobs} hint={T.noJobsHint} />
              ) : (
                <>
                  <ul className="mt-2 divide-y divide-neutral-100 overflow-hidden rounded-lg border border-neutral-200 bg-white">
                    {shown.map((j) => {
                      const isSelected = j._id === selected;
                      const names = j.resIds.map((id) => resourceName.get(id) ?? id).join(', ');
                      return (
                        <li key={j._id}>
                          <button
                            type="button"
                            data-job={j._id}
                            aria-pressed={isSelected}
                            onClick={() => setSelected(isSelected ? null : j._id)}
                            className={`flex w-full flex-col gap-0.5 px-3 py-2 text-left text-sm hover:bg-neutral-50 ${isSelected ? 'bg-sky-50' : ''}`}
                          >
                            <span className="flex items-center gap-2">
                              <span className="font-medium text-neutral-900 tabular-nums">
                                {timeRange(j.utc_begin_plus_tz, j.utc_end_plus_tz)}
                              </span>
                              <span className="min-w-0 flex-1 truncate">{jobTitle(j)}</span>
                              <StatusPill
                                status={statusLabel(styles, j.status ?? 'draft')}
                                color={styles?.get(j.status ?? '')}
                              />
                            </span>
                            <span className="flex items-center gap-1 truncate text-xs text-neutral-500">
                              <MapPin
                                aria-hidden
                                className={`size-3 shrink-0 ${locationOf(j) ? '' : 'text-amber-600'}`}
                              />
                              {jobPlace(j) || (locationOf(j) ? '' : T.noLocation(1))}
                              {' · '}
                              {names || T.unassigned}
                            </span>
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                  <ListPager page={page} pages={pages} isLoading={jobs.isPlaceholderData} onPage={turn} />
                </>
              )}
            </section>
            {showResources ? (
              <section
                aria-label={T.resources}
                aria-busy={pagedResources.isPlaceholderData ? true : undefined}
                className={`min-w-0 ${pagedResources.isPlaceholderData ? 'opacity-60' : ''}`}
              >
                <h2 className="text-sm font-medium text-neutral-700">
                  {T.resourcesTotal(pagedResources.total)}
                </h2>
                {pagedResources.isError ? (
                  <ErrorState
                    message={errorText(pagedResources.error)}
                    onRetry={() => void pagedResources.refetch()}
                  />
                ) : pagedResources.items.length === 0 ? (
                  <EmptyState title={T.noResources} />
                ) : (
                  <>
                    <ul className="mt-2 divide-y divide-neutral-100 overflow-hidden rounded-lg border border-neutral-200 bg-white">
                      {pagedResources.items.map((r) => {
                        const isSelected = r._id === selected;
                        return (
                          <li key={r._id}>
                            <button
                              type="button"
                              data-map-resource={r._id}
                              aria-pressed={isSelected}
                              onClick={() => setSelected(isSelected ? null : r._id)}
                              className={`flex min-h-11 w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-neutral-50 sm:min-h-9 ${isSelected ? 'bg-sky-50' : ''}`}
                            >
                              <MapPin
                                aria-hidden
                                className={`size-3 shrink-0 ${locationOf(r) ? 'text-sky-700' : 'text-neutral-300'}`}
                              />
                              <span className="min-w-0 flex-1 truncate">{r.name}</span>
                              {locationOf(r) ? null : (
                                <span className="text-xs text-neutral-500">{T.noLeg}</span>
                              )}
                            </button>
                          </li>
                        );
                      })}
                    </ul>
                    <ListPager
                      page={resourcePage}
                      pages={resourcePages}
                      isLoading={pagedResources.isPlaceholderData}
                      onPage={(p) => {
                        setResourcePage(p);
                        setSelected(null);
                      }}
                    />
                  </>
                )}
              </section>
            ) : null}
          </div>
        </div>
      )}
    </MapDayPage>
  );
}

/** Previous / "Page n of m" / Next under a list the server pages (0-based `page`). */
function ListPager({
  page,
  pages,
  isLoading,
  onPage,
}: {
  page: number;
  pages: number;
  isLoading: boolean;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <div className="mt-2 flex items-center justify-between gap-2 text-sm">
      <Button variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {T.previousPage}
      </Button>
      <span className="text-neutral-600">{T.pageOf(page + 1, pages)}</span>
      <Button variant="secondary" disabled={page >= pages - 1 || isLoading} onClick={() => onPage(page + 1)}>
        {T.nextPage}
      </Button>
    </div>
  );
}
