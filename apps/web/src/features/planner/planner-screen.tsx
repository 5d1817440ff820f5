import type { BookingSeries } from '@rostra/core/api/planner';
import { isPlannerOn } from '@rostra/core/settings/flag-rules';
import { menuLabel } from '@rostra/core/shell/menu';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api.ts';
import { useOrgDates } from '../../lib/org-dates.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { errorText } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { columnsFor, DataTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { Pager } from '../../ui/pager.tsx';
import { BOOKINGS_KEY, recordName, useLookups } from '../bookings/api.ts';
import { endSeries, PLANNER_KEY, seriesPageQuery } from './api.ts';
import { NextLink, RuleText, SeriesCards, SeriesStateCell, seriesName } from './series-parts.tsx';
import { PLANNER_TEXT as T } from './texts.ts';

const col = columnsFor<BookingSeries>();

/**
 * The Planner (`/planner`, `planner_plan`, dispatchers): the organisation's booking series, 30 a
 * page — the rule in words, the next booking (a link to it), how many are left, where it stands —
 * and ending one (asked first; the server cancels its bookings from now on). With the flag off the
 * screen says so and asks the server nothing.
 */
export function PlannerScreen() {
  const { settings } = useShell();
  const title = menuLabel('planner', settings?.cf);
  if (!isPlannerOn(settings?.ds)) {
    return (
      <Page title={title}>
        <EmptyState title={T.off} hint={T.offHint} />
      </Page>
    );
  }
  return <SeriesList title={title} />;
}

function SeriesList({ title }: { title: string }) {
  const dates = useOrgDates();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [ending, setEnding] = useState<string | null>(null);
  const series = useQuery(seriesPageQuery(page));
  const items = series.data?.items ?? [];
  const paging =
    series.data && series.data.total > series.data.limit
      ? {
          page,
          limit: series.data.limit,
          total: series.data.total,
          isFetching: series.isFetching,
          onPage: setPage,
        }
      : undefined;
  const { resources, customers } = useLookups(true);

  const end = async (s: BookingSeries) => {
    if (!(await askConfirm(T.confirmEnd(seriesName(s)), { yes: T.endYes, no: T.endNo }))) return;
    setEnding(s._id);
    try {
      const done = await endSeries(s._id);
      notify.success(T.endedToast(done.cancelled));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PLANNER_KEY }),
        queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
      ]);
    } catch (e) {
      notify.error(isApiError(e) ? e.message : errorText(e));
    } finally {
      setEnding(null);
    }
  };

  const columns = [
    col.display({
      id: 'reference',
      header: T.reference,
      cell: ({ row }) => <span className="font-medium">{seriesName(row.original)}</span>,
    }),
    col.display({
      id: 'rule',
      header: T.rule,
      cell: ({ row }) => <RuleText series={row.original} dates={dates} />,
    }),
    col.display({
      id: 'customer',
      header: T.customer,
      cell: ({ row }) => {
        const id = row.original.customerId;
        return id
          ? recordName(
              customers.data?.find((c) => c._id === id),
              id,
            )
          : T.none;
      },
    }),
    col.display({
      id: 'resources',
      header: T.resources,
      cell: ({ row }) =>
        row.original.resIds.length === 0
          ? T.none
          : row.original.resIds
              .map((id) =>
                recordName(
                  resources.data?.find((r) => r._id === id),
                  id,
                ),
              )
              .join(', '),
    }),
    col.display({
      id: 'next',
      header: T.next,
      cell: ({ row }) => <NextLink series={row.original} dates={dates} />,
    }),
    col.display({
      id: 'count',
      header: T.count,
      cell: ({ row }) => row.original.occurrences,
      meta: { className: 'text-right tabular-nums', headerClassName: 'text-right' },
    }),
    col.display({
      id: 'state',
      header: T.state,
      cell: ({ row }) => (
        <SeriesStateCell series={row.original} dates={dates} ending={ending} onEnd={(x) => void end(x)} />
      ),
    }),
  ];

  return (
    <Page title={title}>
      <p className="mb-3 text-sm text-neutral-600">{T.intro}</p>
      {items.length > 0 ? (
        <div className="sm:hidden">
          <SeriesCards items={items} dates={dates} ending={ending} onEnd={(x) => void end(x)} />
          {paging ? <Pager {...paging} label={T.pages} /> : null}
        </div>
      ) : null}
      <div className={items.length > 0 ? 'hidden sm:block' : undefined}>
        <DataTable<BookingSeries>
          label={T.caption}
          columns={columns}
          data={items}
          getRowId={(s) => s._id}
          rowProps={(s) => ({ 'data-series': s._id })}
          state={{
            isPending: series.isPending,
            error: series.error,
            onRetry: () => void series.refetch(),
            failedTitle: T.failed,
            emptyTitle: T.empty,
            emptyHint: T.emptyHint,
          }}
          {...(paging ? { paging } : {})}
        />
      </div>
    </Page>
  );
}
