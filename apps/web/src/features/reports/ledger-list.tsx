import type { LedgerEntry, LedgerType } from '@rostra/core/api/job-life';
import { menuLabel } from '@rostra/core/shell/menu';
import { toWallClock } from '@rostra/core/time/calendar';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useOrgDates } from '../../lib/org-dates.ts';
import { errorText } from '../../lib/roster.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { IconButton } from '../../ui/button.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { DataTable, screenTitle } from './report-parts.tsx';
import { REPORT_TEXT as T } from './report-text.ts';
import { fetchLedger, formatMoney, LEDGER_STATUSES, REPORT_KEYS } from './reports.ts';

/** The bookings screen's path (menu routes are built at run time, so a plain string). */
const BOOKINGS_PATH: string = '/bookings';

/**
 * The organisation's quotes or invoices (ledger entries, `GET /ledger`, job-life contract): 20 a
 * page, newest first, filtered by status; each opens its job. Entries are made from a job.
 */
export function LedgerList({ type }: { type: LedgerType }) {
  const dates = useOrgDates();
  const { settings, me } = useShell();
  const timeZone = me.company?.time_zone ?? 'UTC';
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(0);
  const ledger = useQuery({
    queryKey: REPORT_KEYS.ledger(type, status, page),
    queryFn: () => fetchLedger(type, status, page),
    placeholderData: keepPreviousData,
  });
  const title = screenTitle(menuLabel(type === 'quote' ? 'quotes' : 'invoices', settings?.cf));

  return (
    <Page
      title={title}
      actions={
        <label className="flex items-center gap-2 text-sm text-neutral-700">
          {T.status}
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(0);
            }}
            className="min-h-11 rounded-md border border-neutral-300 bg-white px-2 text-sm sm:min-h-9"
          >
            <option value="">{T.allStatuses}</option>
            {LEDGER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {T.ledgerStatus[s] ?? s}
              </option>
            ))}
          </select>
        </label>
      }
    >
      {ledger.isPending ? (
        <Skeleton rows={6} className="h-9" />
      ) : ledger.isError ? (
        <ErrorState message={errorText(ledger.error)} onRetry={() => void ledger.refetch()} />
      ) : ledger.data.items.length === 0 && page === 0 ? (
        <EmptyState title={type === 'quote' ? T.noQuotes : T.noInvoices} hint={T.noLedgerHint} />
      ) : (
        <div className="rounded-lg border border-neutral-200 bg-white p-2">
          <DataTable<LedgerEntry>
            caption={title}
            rows={ledger.data.items}
            rowKey={(e) => e._id}
            columns={[
              { header: T.number, cell: (e) => e.number ?? '—' },
              {
                header: T.job,
                cell: (e) => (
                  <Link
                    to={BOOKINGS_PATH}
                    search={{ id: e.job_id }}
                    aria-label={T.openJob(e.job_id)}
                    className="font-medium text-sky-700 underline underline-offset-4 hover:text-sky-900"
                  >
                    {e.job_id}
                  </Link>
                ),
              },
              { header: T.status, cell: (e) => T.ledgerStatus[e.status] ?? e.status },
              { header: T.created, cell: (e) => dates.date(toWallClock(e.created_at, timeZone)) },
              { header: T.subtotal, cell: (e) => formatMoney(e.subtotal, e.currency), isNumber: true },
              { header: T.gst, cell: (e) => formatMoney(e.gst, e.currency), isNumber: true },
              { header: T.amount, cell: (e) => formatMoney(e.total, e.currency), isNumber: true },
            ]}
          />
          <nav
            aria-label={title}
            className="flex items-center justify-end gap-2 px-2 pt-2 text-sm text-neutral-600"
          >
            <IconButton
              label={T.previousPage}
              disabled={page === 0}
              onClick={() => setPage((p) => Math.max(0, p - 1))}
            >
              <ChevronLeft aria-hidden className="size-4" />
            </IconButton>
            <span aria-live="polite">{T.page(page + 1)}</span>
            <IconButton
              label={T.nextPage}
              disabled={ledger.data.next_cursor === null}
              onClick={() => setPage((p) => p + 1)}
            >
              <ChevronRight aria-hidden className="size-4" />
            </IconButton>
          </nav>
        </div>
      )}
    </Page>
  );
}
