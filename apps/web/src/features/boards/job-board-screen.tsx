import { type BidInput, bidBody } from '@rostra/core/api/boards';
import { dayStart, formatDayLabel } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Gavel } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { errorText, timeRange } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { useLiveRefetch } from '../../lib/use-live-refetch.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { StatusPill } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { FormInput, FormTextarea } from '../../ui/form.tsx';
import { FormModal } from '../../ui/form-modal.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { BOARDS_TEXT as T } from './boards-text.ts';
import { JobPlace } from './job-place.tsx';
import {
  type BoardJob,
  fetchJobBoard,
  jobCustomer,
  placeBid,
  statusLabel,
  useStatusStyles,
} from './model.ts';
import { useFortnight } from './week-board.tsx';

/** The bid board's menu path (the menu's routes are built at run time, so the path is a plain string). */
const BID_BOARD_PATH: string = '/bid_board';

/** Jobs grouped by the day they begin, in time order. */
export function byDay<T extends { utc_begin_plus_tz: number }>(jobs: readonly T[]): [number, T[]][] {
  const days = new Map<number, T[]>();
  for (const j of jobs) {
    const d = dayStart(j.utc_begin_plus_tz);
    days.set(d, [...(days.get(d) ?? []), j]);
  }
  return [...days.entries()].sort((a, b) => a[0] - b[0]);
}

/**
 * Job board (/job_board): the open jobs of a fortnight — bookings nobody is assigned to — that
 * resources may take. A resource bids on one (amount and note optional) and sees their bid;
 * a dispatcher sees how many bids each job has and goes to the bid board to accept one.
 */
export function JobBoardScreen() {
  const { role } = useShell();
  const { from, to, nav } = useFortnight();
  const board = useQuery({ queryKey: ['board', 'jobs', from], queryFn: () => fetchJobBoard(from, to) });
  useLiveRefetch({ topic: 'timeline', from, to }, () => void board.refetch());
  const styles = useStatusStyles().data;
  const [bidding, setBidding] = useState<BoardJob | null>(null);
  const isResource = role === 'resource';

  return (
    <Page title={T.jobBoard} actions={nav}>
      {board.isPending ? (
        <Skeleton rows={5} className="h-16" />
      ) : board.isError ? (
        <ErrorState message={errorText(board.error)} onRetry={() => void board.refetch()} />
      ) : board.data.items.length === 0 ? (
        <EmptyState title={T.noOpenJobs} hint={T.noOpenJobsHint} />
      ) : (
        <div className="space-y-5">
          {board.data.truncated ? <FormMessage tone="info" message={T.truncated} /> : null}
          {byDay(board.data.items).map(([day, jobs]) => (
            <section key={day} aria-label={formatDayLabel(day)}>
              <h2 className="mb-2 text-sm font-semibold text-neutral-700">{formatDayLabel(day)}</h2>
              <ul className="divide-y divide-neutral-100 overflow-hidden rounded-lg border border-neutral-200 bg-white">
                {jobs.map((job) => (
                  <JobRow
                    key={job._id}
                    job={job}
                    dayLabel={formatDayLabel(day)}
                    styles={styles}
                    isResource={isResource}
                    onBid={() => setBidding(job)}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {bidding ? (
        <BidDialog
          job={bidding}
          onClose={() => setBidding(null)}
          onPlaced={() => {
            setBidding(null);
            void board.refetch();
          }}
        />
      ) : null}
    </Page>
  );
}

/** A job on the board: its time, customer, place and status, then a resource's bid (or Bid) or a dispatcher's count of bids. */
function JobRow({
  job,
  dayLabel,
  styles,
  isResource,
  onBid,
}: {
  job: BoardJob;
  dayLabel: string;
  styles: ReturnType<typeof useStatusStyles>['data'];
  isResource: boolean;
  onBid: () => void;
}) {
  return (
    <li data-job={job._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
      {/* Phones: time, status and bids on the first line, the customer in full below. */}
      <span className="shrink-0 font-medium text-neutral-900 tabular-nums sm:w-28">
        {timeRange(job.utc_begin_plus_tz, job.utc_end_plus_tz)}
      </span>
      <div className="order-last min-w-0 basis-full sm:order-none sm:flex-1 sm:basis-auto">
        <p className="truncate font-medium text-neutral-900">{jobCustomer(job)}</p>
        <JobPlace job={job} />
      </div>
      <span className="ml-auto sm:ml-0">
        <StatusPill status={statusLabel(styles, job.status)} color={styles?.get(job.status)} />
      </span>
      {isResource ? (
        job.my_bid ? (
          <span className="rounded-md bg-sky-50 px-2 py-1 text-xs font-medium text-sky-900">
            {T.yourBid}
            {job.my_bid.amount !== null ? `: $${job.my_bid.amount.toFixed(2)}` : ''}
          </span>
        ) : (
          <Button
            variant="secondary"
            aria-label={T.bidOn(`${jobCustomer(job)}, ${dayLabel}`)}
            onClick={onBid}
          >
            <Gavel aria-hidden className="size-4" />
            {T.bid}
          </Button>
        )
      ) : job.bid_count > 0 ? (
        <Link
          to={BID_BOARD_PATH}
          className="rounded-md px-2 py-1 text-xs font-medium text-sky-700 underline underline-offset-4 hover:text-sky-900"
        >
          {T.bids(job.bid_count)}
        </Link>
      ) : (
        <span className="text-xs text-neutral-400">{T.bids(0)}</span>
      )}
    </li>
  );
}

/**
 * The bid form: the fields' text, checked by core's `bidBody` (an empty amount or note is none)
 * before anything is sent.
 */
const bidForm = z
  .object({
    amount: z
      .string()
      .trim()
      .refine((v) => v === '' || bidBody.shape.amount.safeParse(Number(v)).success, T.invalidAmount),
    note: z.string().trim().pipe(bidBody.shape.note.unwrap()),
  })
  .transform(
    ({ amount, note }): BidInput => ({
      ...(amount === '' ? {} : { amount: Number(amount) }),
      ...(note === '' ? {} : { note }),
    }),
  );
type BidValues = z.input<typeof bidForm>;

function BidDialog({ job, onClose, onPlaced }: { job: BoardJob; onClose: () => void; onPlaced: () => void }) {
  const form = useZodForm(bidForm, { defaultValues: { amount: '', note: '' } });
  const submit = async (values: BidInput) => {
    await placeBid(job._id, values);
    notify.success(T.bidPlaced);
    onPlaced();
  };
  return (
    <FormModal
      title={T.bidOn(jobCustomer(job))}
      description={`${formatDayLabel(job.utc_begin_plus_tz)} · ${timeRange(job.utc_begin_plus_tz, job.utc_end_plus_tz)}`}
      onClose={onClose}
      form={form}
      onSubmit={submit}
      quick
      submitText={T.placeBid}
    >
      <FormInput<BidValues>
        name="amount"
        label={T.amount}
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
      />
      <FormTextarea<BidValues> name="note" label={T.note} maxLength={2000} rows={3} />
    </FormModal>
  );
}
