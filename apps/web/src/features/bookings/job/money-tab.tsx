import type { LedgerLine } from '@rostra/core/api/job-life';
import { formatCents } from '@rostra/core/job-life/money';
import { areQuotesOn } from '@rostra/core/settings/flag-rules';
import { toWallClock } from '@rostra/core/time/calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FilePlus } from 'lucide-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { useOrgDates } from '../../../lib/org-dates.ts';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { columnsFor, type DataColumn, DataTable } from '../../../ui/data-table.tsx';
import { FormMessage } from '../../../ui/field.tsx';
import { SkeletonRows } from '../../../ui/list-state.tsx';
import {
  createLedgerEntry,
  type LedgerEntry,
  ledgerQuery,
  nextLedgerStatus,
  setLedgerStatus,
} from '../../job-life/api.ts';
import { JOB_TEXT as T } from './texts.ts';
import { useJobLifeLive } from './use-job-life.ts';

const col = columnsFor<LedgerLine>();
const figure = { className: 'text-right tabular-nums', headerClassName: 'text-right' };
/** A quote's or invoice's lines: what, how many, at what price, and the line's amount. */
const LINE_COLUMNS: DataColumn<LedgerLine>[] = [
  col.display({ id: 'description', header: T.description, cell: ({ row }) => row.original.description }),
  col.display({ id: 'quantity', header: T.quantity, meta: figure, cell: ({ row }) => row.original.quantity }),
  col.display({
    id: 'unit_price',
    header: T.unitPrice,
    meta: figure,
    cell: ({ row }) => formatCents(row.original.unit_price),
  }),
  col.display({
    id: 'amount',
    header: T.amount,
    meta: figure,
    cell: ({ row }) => formatCents(row.original.amount),
  }),
];

/** Cents as the spec's decimals with the currency: `123.45 AUD`. */
const money = (cents: number, currency: string) => `${formatCents(cents)} ${currency}`;

/**
 * Quotes And Invoices (issue 9 point 5): the job's quotes and invoices with their lines, subtotal,
 * GST and total; a dispatcher makes a new one (its lines from the job's time entries, inventory
 * and purchases, on the server) and moves it on: draft → sent → paid.
 */
export function MoneyTab({ jobId }: { jobId: string }) {
  const { role, settings } = useShell();
  const isDispatcher = role === 'dispatcher';
  const queryClient = useQueryClient();
  useJobLifeLive(jobId);
  const ledger = useQuery(ledgerQuery(jobId));
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: (type: 'quote' | 'invoice') => createLedgerEntry(jobId, type),
    onSuccess: (entry) => {
      setError(undefined);
      notify.success(T.created(entry.type === 'quote' ? T.quote : T.invoice));
      void queryClient.invalidateQueries({ queryKey: ledgerQuery(jobId).queryKey });
    },
    onError: (e) => setError(e.message),
  });

  return (
    <div className="space-y-4">
      {isDispatcher ? (
        <div className="flex flex-wrap gap-2">
          {areQuotesOn(settings?.ds) ? (
            <Button variant="secondary" onClick={() => create.mutate('quote')} disabled={create.isPending}>
              <FilePlus aria-hidden className="size-4" />
              {T.newQuote}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => create.mutate('invoice')} disabled={create.isPending}>
            <FilePlus aria-hidden className="size-4" />
            {T.newInvoice}
          </Button>
        </div>
      ) : null}
      <FormMessage message={error} />
      {ledger.isPending ? (
        <SkeletonRows rows={1} height="h-24" />
      ) : ledger.isError ? (
        <div role="alert" className="text-sm text-red-800">
          <p>{T.ledgerFailed}</p>
          <p className="text-xs">{ledger.error.message}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void ledger.refetch()}>
            {T.retry}
          </Button>
        </div>
      ) : ledger.data.items.length === 0 ? (
        <p className="rounded-md border border-dashed border-neutral-300 px-3 py-6 text-center text-sm text-neutral-600">
          {T.noLedger}
        </p>
      ) : (
        <ul className="space-y-3" aria-label={T.quotesAndInvoices}>
          {ledger.data.items.map((e) => (
            <LedgerCard key={e._id} entry={e} canChange={isDispatcher} jobId={jobId} />
          ))}
        </ul>
      )}
    </div>
  );
}

function LedgerCard({
  entry: e,
  canChange,
  jobId,
}: {
  entry: LedgerEntry;
  canChange: boolean;
  jobId: string;
}) {
  const dates = useOrgDates();
  const { me } = useShell();
  const timeZone = me.company?.time_zone ?? 'UTC';
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  const next = nextLedgerStatus(e.status);
  const move = useMutation({
    mutationFn: () => setLedgerStatus(jobId, e._id, next ?? e.status, e.version),
    onSuccess: () => setError(undefined),
    onError: (err) => setError(isApiError(err) && err.status === 409 ? T.stale : err.message),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ledgerQuery(jobId).queryKey }),
  });
  return (
    <li
      data-ledger={e._id}
      data-status={e.status}
      className="rounded-lg border border-neutral-200 p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-neutral-900">
          {e.type === 'quote' ? T.quote : T.invoice} {e.number}
          <span className="ml-2 font-normal text-neutral-500">
            {dates.date(toWallClock(e.created_at, timeZone))}
          </span>
        </p>
        <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700">
          {T.ledgerStatuses[e.status]}
        </span>
      </div>
      {e.lines.length ? (
        <DataTable
          label={T.lines}
          columns={LINE_COLUMNS}
          data={e.lines}
          getRowId={(l) => String(e.lines.indexOf(l))}
          variant="plain"
          className="mt-2"
        />
      ) : null}
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 text-right tabular-nums">
        <dt className="text-neutral-600">{T.subtotal}</dt>
        <dd>{money(e.subtotal, e.currency)}</dd>
        <dt className="text-neutral-600">{T.gst(e.gst_rate)}</dt>
        <dd>{money(e.gst, e.currency)}</dd>
        <dt className="font-semibold text-neutral-900">{T.total}</dt>
        <dd className="font-semibold" data-testid="ledger-total">
          {money(e.total, e.currency)}
        </dd>
      </dl>
      {canChange && next ? (
        <Button variant="secondary" className="mt-2" onClick={() => move.mutate()} disabled={move.isPending}>
          {T.markAs(T.ledgerStatuses[next].toLowerCase())}
        </Button>
      ) : null}
      <div className="mt-2">
        <FormMessage message={error} />
      </div>
    </li>
  );
}
