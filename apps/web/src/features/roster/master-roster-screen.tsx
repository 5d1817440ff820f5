import type { Booking } from '@rostra/core/api/bookings';
import { DAY, MINUTE, WEEK, weekdayLongName } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useOrgDates } from '../../lib/org-dates.ts';
import {
  byId,
  customerName,
  errorText,
  resourceName,
  timeRange,
  useCustomers,
  useResources,
  wallNow,
} from '../../lib/roster.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button } from '../../ui/button.tsx';
import { Check } from '../../ui/check.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { RowGrid } from '../../ui/row-grid.tsx';
import { ItemDialog, type ItemDialogState } from './item-dialog.tsx';
import { RolloutPanel } from './rollout-panel.tsx';
import { ROSTER_TEXT as T } from './roster-text.ts';
import { fetchTemplateItems, slotOf, TEMPLATE_START } from './template.ts';

const MASCUSTOMER: string = '/mascustomer';
const MASTERROSTER: string = '/masterroster';
const WEEKS = [1, 2] as const;
const DAYS = [0, 1, 2, 3, 4, 5, 6];
const dayName = (d: number) => weekdayLongName(TEMPLATE_START + d * DAY);
const shortDay = (d: number) => dayName(d).slice(0, 3);
/** The fortnight's days in order, each with its week and weekday. */
const SLOTS = WEEKS.flatMap((w) => DAYS.map((d) => ({ w, d })));
/** The second week starts behind a heavier line. */
const dayBorder = (w: number, d: number) =>
  d === 0 && w === 2 ? 'border-l-2 border-neutral-300' : 'border-l border-neutral-100';

type Row = { id: string; label: string };

/** The row an item sits in: its first resource, or its customer on /mascustomer ('' for none). */
const rowKey = (item: Booking, byCustomer: boolean) =>
  byCustomer ? (item.customerId ?? '') : (item.resIds[0] ?? '');

/**
 * Master roster (/masterroster; /mascustomer shows it by customer): the template fortnight —
 * week 1 and week 2, by weekday — with a row per resource (or customer) holding its template
 * items. Items are added from a cell or the Add button and edited from their chip; the rollout
 * panel turns them into real bookings for a period and says what it did.
 */
export function MasterRosterScreen() {
  const dates = useOrgDates();
  const { role, me } = useShell();
  const location = useLocation();
  const byCustomer = location.pathname.startsWith(MASCUSTOMER);
  const isDispatcher = role === 'dispatcher';
  const items = useQuery({
    queryKey: ['roster', 'template'],
    queryFn: fetchTemplateItems,
    enabled: isDispatcher,
  });
  const resources = useResources(isDispatcher);
  const customers = useCustomers(isDispatcher);
  const resourceMap = useMemo(() => byId(resources.data), [resources.data]);
  const customerMap = useMemo(() => byId(customers.data), [customers.data]);
  const [showAll, setShowAll] = useState(false);
  const [dialog, setDialog] = useState<ItemDialogState | null>(null);

  const placed = useMemo(
    () =>
      (items.data ?? []).flatMap((item) => {
        const slot = slotOf(item);
        return slot ? [{ item, slot }] : [];
      }),
    [items.data],
  );
  const rowOf = (item: Booking) => rowKey(item, byCustomer);
  const rows: Row[] = useMemo(() => {
    const used = new Set(placed.map((p) => rowKey(p.item, byCustomer)));
    const all: Row[] = byCustomer
      ? (customers.data ?? []).map((c) => ({ id: c._id, label: c.name }))
      : (resources.data ?? []).map((r) => ({ id: r._id, label: r.name }));
    const shown = showAll ? all : all.filter((r) => used.has(r.id));
    return [{ id: '', label: byCustomer ? T.noCustomer : T.unassigned }, ...shown];
  }, [placed, byCustomer, showAll, customers.data, resources.data]);

  if (!isDispatcher) {
    return (
      <Page title={T.title}>
        <EmptyState title={T.title} hint="Only dispatchers keep the master roster." />
      </Page>
    );
  }
  const isPending = items.isPending || resources.isPending || customers.isPending;
  const failure = items.error ?? resources.error ?? customers.error;

  const rowKind = byCustomer ? 'customer' : 'resource';
  const chipText = (item: Booking) =>
    byCustomer ? (resourceName(item, resourceMap) ?? T.unassigned) : customerName(item, customerMap);

  return (
    <Page
      title={T.title}
      wide
      actions={
        <>
          <nav
            aria-label={T.title}
            className="flex rounded-md border border-neutral-300 bg-white p-0.5 text-sm"
          >
            <Link
              to={MASTERROSTER}
              aria-current={byCustomer ? undefined : 'page'}
              className={`rounded px-3 py-1.5 ${byCustomer ? 'text-neutral-600 hover:bg-neutral-50' : 'bg-sky-50 font-medium text-sky-900'}`}
            >
              {T.byResource}
            </Link>
            <Link
              to={MASCUSTOMER}
              aria-current={byCustomer ? 'page' : undefined}
              className={`rounded px-3 py-1.5 ${byCustomer ? 'bg-sky-50 font-medium text-sky-900' : 'text-neutral-600 hover:bg-neutral-50'}`}
            >
              {T.byCustomer}
            </Link>
          </nav>
          <Button onClick={() => setDialog({ kind: 'new', week: 1, dayNum: 1, rowId: '', byCustomer })}>
            <Plus aria-hidden className="size-4" />
            {T.addItem}
          </Button>
        </>
      }
    >
      {failure ? (
        <ErrorState
          message={errorText(failure)}
          onRetry={() => {
            void items.refetch();
            void resources.refetch();
            void customers.refetch();
          }}
        />
      ) : isPending ? (
        <Skeleton rows={6} />
      ) : (
        <div className="space-y-6">
          {placed.length === 0 ? <EmptyState title={T.empty} hint={T.emptyHint} /> : null}
          <div>
            <Check className="mb-2" checked={showAll} onChange={setShowAll} label={T.showAll} />
            <RowGrid
              testId="master-roster"
              tableClassName="min-w-[61rem] text-xs"
              rowHeadWidth="w-32"
              corner={T.rowHeader[rowKind]}
              groups={WEEKS.map((w) => ({
                key: String(w),
                head: T.week(w),
                span: 7,
                className: `px-2 py-1.5 text-center text-sm font-semibold ${w === 2 ? 'border-l-2 border-neutral-300 bg-sky-50/60' : ''}`,
              }))}
              columns={SLOTS.map(({ w, d }) => ({
                w,
                d,
                key: `${w}-${d}`,
                head: shortDay(d),
                abbr: `${dayName(d)}, ${T.week(w)}`,
                headClassName: `px-1 py-1 text-center ${dayBorder(w, d)} ${d === 0 || d === 6 ? 'bg-neutral-100/70' : ''}`,
                className: `group h-12 ${dayBorder(w, d)} ${d === 0 || d === 6 ? 'bg-neutral-50' : ''}`,
              }))}
              rows={rows}
              rowKey={(row) => row.id || 'none'}
              rowHeadClassName="truncate py-1.5 text-sm text-neutral-800"
              rowHead={(row) => <span className={row.id ? '' : 'text-neutral-500 italic'}>{row.label}</span>}
              cell={(row, { w, d }) => {
                const here = placed
                  .filter((p) => p.slot.week === w && p.slot.weekday === d && rowOf(p.item) === row.id)
                  .sort((a, b) => a.slot.startMinute - b.slot.startMinute);
                return (
                  <div className="flex flex-col gap-1">
                    {here.map(({ item, slot }) => {
                      const begin = slot.startMinute * MINUTE;
                      const range = timeRange(begin, begin + slot.durationMinutes * MINUTE);
                      return (
                        <button
                          key={item._id}
                          type="button"
                          data-item={item._id}
                          aria-label={T.editItem(`${range} ${chipText(item)}, ${dayName(d)} ${T.week(w)}`)}
                          title={`${range} · ${chipText(item)}`}
                          onClick={() => setDialog({ kind: 'edit', item, slot, byCustomer })}
                          className={`w-full overflow-hidden rounded border px-1 py-1 text-left text-[11px] leading-tight tracking-tight hover:brightness-95 ${
                            item.resIds.length === 0
                              ? 'border-amber-200 bg-amber-50 text-amber-900'
                              : 'border-sky-200 bg-sky-50 text-sky-900'
                          }`}
                        >
                          {/* A fortnight of columns has room for the begin time; the title and name carry the range. */}
                          <span className="block font-medium tabular-nums">{range.slice(0, 5)}</span>
                          <span className="block truncate">{chipText(item)}</span>
                        </button>
                      );
                    })}
                    <button
                      type="button"
                      aria-label={T.addAt(row.label, dayName(d), w)}
                      title={T.addAt(row.label, dayName(d), w)}
                      onClick={() =>
                        setDialog({ kind: 'new', week: w, dayNum: d, rowId: row.id, byCustomer })
                      }
                      className="flex h-6 w-full items-center justify-center rounded text-neutral-400 opacity-0 group-hover:opacity-100 hover:bg-neutral-100 hover:text-neutral-700 focus:opacity-100"
                    >
                      <Plus aria-hidden className="size-3.5" />
                    </button>
                  </div>
                );
              }}
            />
          </div>
          <RolloutPanel defaultFrom={dates.weekStart(wallNow(me.company?.time_zone)) + WEEK} />
        </div>
      )}
      {dialog ? (
        <ItemDialog
          state={dialog}
          resources={resources.data ?? []}
          customers={customers.data ?? []}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void items.refetch();
          }}
        />
      ) : null}
    </Page>
  );
}
