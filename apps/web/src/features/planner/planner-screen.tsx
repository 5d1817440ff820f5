import type { BookingSeries } from '@rostra/core/api/planner';
import { describeRepeat } from '@rostra/core/records/recurrence';
import { isPlannerOn } from '@rostra/core/settings/flag-rules';
import { menuLabel } from '@rostra/core/shell/menu';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../lib/api.ts';
import { useOrgDates } from '../../lib/org-dates.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { errorText } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button } from '../../ui/button.tsx';
import { columnsFor, DataTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { BOOKINGS_KEY, recordName, useLookups } from '../bookings/api.ts';
import { endSeries, PLANNER_KEY, seriesPageQuery } from './api.ts';
import { seriesState } from './model.ts';
import { PLANNER_TEXT as T } from './texts.ts';

const col = columnsFor<BookingSeries>();

/** The bookings screen's path (menu routes are built at run time, so a plain string). */
const BOOKINGS_PATH: string = '/bookings';

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
  const { resources, customers } = useLookups(true);
  const nameOf = (s: BookingSeries) => s.reference ?? T.untitled;

  const end = async (s: BookingSeries) => {
    if (!(await askConfirm(T.confirmEnd(nameOf(s)), { yes: T.endYes, no: T.endNo }))) return;
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
      cell: ({ row }) => <span className="font-medium">{nameOf(row.original)}</span>,
    }),
    col.display({
      id: 'rule',
      header: T.rule,
      cell: ({ row }) => {
        const s = row.original;
        return (
          <span>
            {describeRepeat(s.utc_begin_plus_tz, s, dates.format)}
            <span className="block text-xs text-neutral-500">
              {dates.span(s.utc_begin_plus_tz, s.utc_end_plus_tz)}
            </span>
          </span>
        );
      },
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
      cell: ({ row }) => {
        const next = row.original.next;
        if (!next) return <span className="text-neutral-500">{T.noNext}</span>;
        const when = dates.dateTime(next.utc_begin_plus_tz);
        return (
          <Link
            to={BOOKINGS_PATH}
            search={{ id: next._id }}
            aria-label={T.openNext(when)}
            className="text-sky-700 underline underline-offset-4 hover:text-sky-900"
          >
            {when}
          </Link>
        );
      },
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
      cell: ({ row }) => {
        const s = row.original;
        const state = seriesState(s);
        if (state === 'ended')
          return <span className="text-neutral-600">{T.ended(dates.date(s.ended_at ?? 0))}</span>;
        if (state === 'finished') return <span className="text-neutral-600">{T.finished}</span>;
        return (
          <Button
            variant="secondary"
            aria-label={T.endLabel(nameOf(s))}
            disabled={ending !== null}
            onClick={() => void end(s)}
          >
            {ending === s._id ? '…' : T.end}
          </Button>
        );
      },
    }),
  ];

  return (
    <Page title={title}>
      <p className="mb-3 text-sm text-neutral-600">{T.intro}</p>
      <DataTable<BookingSeries>
        label={T.caption}
        columns={columns}
        data={series.data?.items ?? []}
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
        {...(series.data && series.data.total > series.data.limit
          ? {
              paging: {
                page,
                limit: series.data.limit,
                total: series.data.total,
                isFetching: series.isFetching,
                onPage: setPage,
              },
            }
          : {})}
      />
    </Page>
  );
}
