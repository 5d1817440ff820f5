import { formatDayLabel } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useOrgDates } from '../../lib/org-dates.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { errorText, timeRange } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { useLiveRefetch } from '../../lib/use-live-refetch.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { BOARDS_TEXT as T } from './boards-text.ts';
import { JobPlace } from './job-place.tsx';
import { acceptBid, type BoardBid, fetchBidBoard, jobCustomer } from './model.ts';
import { useFortnight } from './week-board.tsx';

const OUTCOME_STYLE = {
  open: 'bg-sky-50 text-sky-900',
  accepted: 'bg-emerald-50 text-emerald-800',
  taken: 'bg-neutral-100 text-neutral-600',
} as const;

/**
 * Bid board (/bid_board). Dispatchers: the open jobs of a fortnight that have bids, every bid with
 * the resource, amount and note; accepting one allocates the job to that resource (the server's
 * checks decide; a conflict is said) and the job leaves the board. Resources: their own bids and
 * what became of each.
 */
export function BidBoardScreen() {
  const dates = useOrgDates();
  const { role } = useShell();
  const { from, to, nav } = useFortnight();
  const board = useQuery({ queryKey: ['board', 'bids', from], queryFn: () => fetchBidBoard(from, to) });
  useLiveRefetch({ topic: 'notifications' }, () => void board.refetch());
  useLiveRefetch({ topic: 'timeline', from, to }, () => void board.refetch());
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | undefined>();
  const isDispatcher = role === 'dispatcher';

  const accept = async (jobId: string, bid: BoardBid) => {
    const name = bid.resource_name ?? bid.resourceId ?? '';
    if (!(await askConfirm(T.confirmAccept(name)))) return;
    setBusy(bid._id);
    setMessage(undefined);
    try {
      const answer = await acceptBid(jobId, bid._id);
      if (answer.isConflict) {
        const why = answer.errors.map((e) => e.message).join('; ');
        notify.error(T.acceptedWithConflict(name, why));
        setMessage(T.acceptedWithConflict(name, why));
      } else notify.success(T.accepted(name));
      await board.refetch();
    } catch (error) {
      setMessage(errorText(error));
      void board.refetch();
    } finally {
      setBusy(null);
    }
  };

  if (board.isPending || board.isError) {
    return (
      <Page title={T.bidBoard} actions={nav}>
        {board.isPending ? (
          <Skeleton rows={4} className="h-24" />
        ) : (
          <ErrorState message={errorText(board.error)} onRetry={() => void board.refetch()} />
        )}
      </Page>
    );
  }

  if (!isDispatcher) {
    const mine = board.data.my_bids;
    return (
      <Page title={T.myBids} actions={nav}>
        {mine.length === 0 ? (
          <EmptyState title={T.noMyBids} hint={T.noMyBidsHint} />
        ) : (
          <ul className="divide-y divide-neutral-100 overflow-hidden rounded-lg border border-neutral-200 bg-white">
            {mine.map(({ bid, outcome, job }) => (
              <li
                key={bid._id}
                data-bid={bid._id}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-neutral-900">{jobCustomer(job)}</p>
                  <p className="text-xs text-neutral-500 tabular-nums">
                    {formatDayLabel(job.utc_begin_plus_tz)} ·{' '}
                    {timeRange(job.utc_begin_plus_tz, job.utc_end_plus_tz)}
                    {job.suburb ? ` · ${job.suburb}` : ''}
                  </p>
                </div>
                {bid.amount !== null ? <span className="tabular-nums">${bid.amount.toFixed(2)}</span> : null}
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${OUTCOME_STYLE[outcome]}`}>
                  {T.outcome[outcome]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Page>
    );
  }

  const jobs = board.data.jobs;
  return (
    <Page title={T.bidBoard} actions={nav}>
      <div className="mb-3">
        <FormMessage message={message} />
      </div>
      {jobs.length === 0 ? (
        <EmptyState title={T.noBids} hint={T.noBidsHint} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {jobs.map((job) => (
            <section
              key={job._id}
              data-job={job._id}
              aria-label={`${jobCustomer(job)}, ${formatDayLabel(job.utc_begin_plus_tz)}`}
              className="overflow-hidden rounded-lg border border-neutral-200 bg-white"
            >
              <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-neutral-200 bg-neutral-50 px-4 py-2.5">
                <div className="min-w-0">
                  <h2 className="truncate text-sm font-semibold text-neutral-900">{jobCustomer(job)}</h2>
                  <p className="text-xs text-neutral-600 tabular-nums">
                    {formatDayLabel(job.utc_begin_plus_tz)} ·{' '}
                    {timeRange(job.utc_begin_plus_tz, job.utc_end_plus_tz)}
                  </p>
                </div>
                <JobPlace job={job} />
              </header>
              <ul className="divide-y divide-neutral-100">
                {job.bids.map((bid) => {
                  const name = bid.resource_name ?? bid.resourceId ?? '—';
                  return (
                    <li
                      key={bid._id}
                      data-bid={bid._id}
                      className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm"
                    >
                      <div className="min-w-0 flex-1">
                        <p className="font-medium text-neutral-900">{name}</p>
                        <p className="text-xs text-neutral-500">
                          {dates.instant(bid._qa_create_utc)}
                          {bid.note ? ` · ${bid.note}` : ''}
                        </p>
                      </div>
                      {bid.amount !== null ? (
                        <span className="font-medium tabular-nums text-neutral-800">
                          ${bid.amount.toFixed(2)}
                        </span>
                      ) : null}
                      <Button
                        variant="secondary"
                        aria-label={T.acceptBid(name)}
                        disabled={busy !== null || !bid.resourceId}
                        aria-busy={busy === bid._id}
                        onClick={() => void accept(job._id, bid)}
                      >
                        <Check aria-hidden className="size-4" />
                        {T.accept}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Page>
  );
}
