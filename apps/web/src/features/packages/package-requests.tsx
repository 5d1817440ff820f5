import {
  type PackageRequest,
  type PackageRequestBody,
  type PackageRequestPage,
  packageRequestBody,
} from '@rostra/core/api/package-requests';
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check as CheckIcon, PackagePlus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useOrgDates } from '../../lib/org-dates.ts';
import { notify } from '../../lib/toast.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Check } from '../../ui/check.tsx';
import { actionsColumn, columnsFor, type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { FormSelect, FormTextarea } from '../../ui/form.tsx';
import { FormModal } from '../../ui/form-modal.tsx';
import { QueryState } from '../../ui/list-state.tsx';
import { Section } from '../../ui/page.tsx';
import { Pager, pagerCounts } from '../../ui/pager.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import {
  markHandled,
  PACKAGES_KEY,
  packageRequestsQuery,
  packageTypesQuery,
  sendPackageRequest,
  usePackageRequestsLive,
} from './api.ts';
import { PACKAGES_TEXT as P } from './texts.ts';

/*
 * Customer package requests (shell spec §5, issue #22 point 14): on Home, a customer sends the
 * organisation a service package request (a type from its service labels, a note) and sees their
 * own; dispatchers see the requests and mark them handled.
 */

const PAGE_SIZE = 10;

function useWhen(): (ms: number) => string {
  const dates = useOrgDates();
  return (ms) => dates.instant(ms / 1000);
}

const statusOf = (r: PackageRequest) => (
  <Badge className={r.handled_at === null ? 'bg-amber-50 text-amber-900' : ''}>
    {r.handled_at === null ? P.open : P.handled}
  </Badge>
);

/** A customer's section: send a request, and the ones they sent. */
export function CustomerPackages() {
  usePackageRequestsLive();
  const [isOpen, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const list = useQuery(packageRequestsQuery({ page, limit: PAGE_SIZE }));
  const when = useWhen();
  return (
    <Section
      plain
      title={P.title}
      actions={
        <Button onClick={() => setOpen(true)}>
          <PackagePlus aria-hidden className="size-4" />
          {P.send}
        </Button>
      }
    >
      <h3 className="mt-3 text-xs font-medium text-neutral-600">{P.mine}</h3>
      <RequestList
        label={P.mine}
        list={list}
        columns={mineColumns(when)}
        emptyTitle={P.mineEmpty}
        page={page}
        onPage={setPage}
        card={(r) => <RequestCard r={r} when={when} />}
      />
      {isOpen ? <SendPackageForm onClose={() => setOpen(false)} /> : null}
    </Section>
  );
}

const col = columnsFor<PackageRequest>();
const typeColumn = col.accessor('type_name', { header: P.type, meta: { className: 'font-medium' } });
const noteColumn = col.display({
  id: 'note',
  header: P.note,
  meta: { className: 'max-w-72 whitespace-pre-line text-neutral-700' },
  cell: ({ row: { original: r } }) => r.note || P.none,
});
const statusColumn = col.display({
  id: 'status',
  header: P.status,
  cell: ({ row: { original: r } }) => statusOf(r),
});
const sentColumn = (when: (ms: number) => string) =>
  col.display({
    id: 'sent',
    header: P.sentAt,
    meta: { className: 'whitespace-nowrap tabular-nums text-neutral-600' },
    cell: ({ row: { original: r } }) => when(r.created_at),
  });

const mineColumns = (when: (ms: number) => string) => [
  typeColumn,
  noteColumn,
  sentColumn(when),
  statusColumn,
];

const EMPTY: PackageRequestBody = { type: '', note: '' };

/** The request form: a type from the organisation's service labels (required) and a note. */
function SendPackageForm({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const types = useQuery(packageTypesQuery);
  const form = useZodForm(packageRequestBody, { defaultValues: EMPTY });
  const submit = async (body: PackageRequestBody) => {
    await sendPackageRequest(body);
    notify.success(P.sent);
    await queryClient.invalidateQueries({ queryKey: [...PACKAGES_KEY, 'list'] });
    onClose();
  };
  const options: [string, string][] = [
    ['', P.chooseType],
    ...(types.data?.items ?? []).map((t): [string, string] => [t._id, t.name]),
  ];
  return (
    <FormModal
      title={P.send}
      description={P.formDescription}
      onClose={onClose}
      form={form}
      onSubmit={submit}
      quick
      submitText={P.send}
      submittingText={P.sending}
      testId="package-request-form"
    >
      <FormSelect<PackageRequestBody> name="type" label={P.type} options={options} />
      {types.isError ? (
        <p className="text-sm text-red-700">{P.typesFailed}</p>
      ) : types.data?.items.length === 0 ? (
        <p className="text-sm text-neutral-600">{P.noTypes}</p>
      ) : null}
      <FormTextarea<PackageRequestBody> name="note" label={P.note} rows={3} maxLength={2000} />
    </FormModal>
  );
}

/** A dispatcher's section: the requests (open ones unless asked), each to mark handled. */
export function DispatcherPackageRequests() {
  usePackageRequestsLive();
  const queryClient = useQueryClient();
  const [withHandled, setWithHandled] = useState(false);
  const [page, setPage] = useState(1);
  const list = useQuery(
    packageRequestsQuery(withHandled ? { page, limit: PAGE_SIZE } : { open: true, page, limit: PAGE_SIZE }),
  );
  const when = useWhen();
  const handle = useMutation({
    mutationFn: markHandled,
    onSuccess: () => {
      notify.success(P.markedHandled);
      void queryClient.invalidateQueries({ queryKey: [...PACKAGES_KEY, 'list'] });
    },
    onError: (e) => notify.error(e.message),
  });
  const handleButton = (r: PackageRequest) =>
    r.handled_at === null ? (
      <Button
        variant="secondary"
        disabled={handle.isPending}
        onClick={() => handle.mutate(r._id)}
        aria-label={`${P.markHandled}: ${r.type_name}, ${r.sender_name}`}
      >
        <CheckIcon aria-hidden className="size-4" />
        {P.markHandled}
      </Button>
    ) : null;
  const columns = [
    col.accessor('sender_name', { header: P.sender, cell: (c) => c.getValue() || P.none }),
    typeColumn,
    noteColumn,
    sentColumn(when),
    statusColumn,
    actionsColumn(col, {
      label: P.markHandled,
      className: 'text-right',
      cell: (r) => handleButton(r),
    }),
  ];
  return (
    <Section
      plain
      title={P.requests}
      actions={
        <Check
          checked={withHandled}
          onChange={(v) => {
            setWithHandled(v);
            setPage(1);
          }}
          label={P.showHandled}
        />
      }
    >
      <RequestList
        label={P.requests}
        list={list}
        columns={columns}
        emptyTitle={P.requestsEmpty}
        page={page}
        onPage={setPage}
        card={(r) => <RequestCard r={r} when={when} sender action={handleButton(r)} />}
      />
    </Section>
  );
}

type ListQuery = UseQueryResult<PackageRequestPage, Error>;

/** Requests as a table on wide screens and as cards on phones, with their states and pages. */
function RequestList({
  label,
  list,
  columns,
  emptyTitle,
  page,
  onPage,
  card,
}: {
  label: string;
  list: ListQuery;
  columns: DataColumn<PackageRequest>[];
  emptyTitle: string;
  page: number;
  onPage: (page: number) => void;
  card: (r: PackageRequest) => ReactNode;
}) {
  const items = list.data?.items ?? [];
  return (
    <div className="mt-2">
      <QueryState
        isPending={list.isPending}
        error={list.error}
        isEmpty={items.length === 0}
        onRetry={() => void list.refetch()}
        failedTitle={P.failed}
        emptyTitle={emptyTitle}
        rows={2}
      >
        <DataTable<PackageRequest>
          className="hidden md:block"
          label={label}
          columns={columns}
          data={items}
          getRowId={(r) => r._id}
          rowProps={(r) => ({ 'data-package-request': r._id })}
        />
        <ul aria-label={label} className="space-y-2 md:hidden">
          {items.map((r) => (
            <li
              key={r._id}
              data-package-request={r._id}
              className="rounded-lg border border-neutral-200 bg-white p-3 text-sm"
            >
              {card(r)}
            </li>
          ))}
        </ul>
        <Pager page={page} {...pagerCounts(list, PAGE_SIZE)} onPage={onPage} />
      </QueryState>
    </div>
  );
}

/** One request on a phone: type and status, who sent it (dispatchers), the note, when, an action. */
function RequestCard({
  r,
  when,
  sender = false,
  action,
}: {
  r: PackageRequest;
  when: (ms: number) => string;
  sender?: boolean;
  action?: ReactNode;
}) {
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <p className="font-medium text-neutral-900">{r.type_name}</p>
        {statusOf(r)}
      </div>
      {sender ? <p className="text-neutral-700">{r.sender_name || P.none}</p> : null}
      {r.note ? <p className="mt-1 whitespace-pre-line text-neutral-700">{r.note}</p> : null}
      <p className="mt-1 text-xs text-neutral-500 tabular-nums">{when(r.created_at)}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </>
  );
}
