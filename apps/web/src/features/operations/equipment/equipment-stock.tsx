import { equipmentBody, podBody, type StockBody, stockConflict } from '@rostra/core/api/operations';
import { EQUIPMENT_STATUSES, POD_STATUSES, type StockStatus } from '@rostra/core/stock/statuses';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { searchStore } from '../../../lib/search-store.ts';
import { useStore } from '../../../lib/store.ts';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { actionsColumn, columnsFor } from '../../../ui/data-table.tsx';
import { FormInput, FormSelect, FormTextarea } from '../../../ui/form.tsx';
import { Page } from '../../../ui/page.tsx';
import { SearchInput } from '../../../ui/search-input.tsx';
import { useZodForm } from '../../../ui/zod-form.ts';
import {
  createStock,
  deleteStock,
  listStock,
  OPS_KEYS,
  type StockKind,
  type StockRecord,
  updateStock,
} from '../api.ts';
import { JobPicker } from '../forms/form-fill.tsx';
import {
  CursorTable,
  deleteAfterAsking,
  FilterSelect,
  FormModal,
  useCursorList,
  versionConflict,
} from '../list-parts.tsx';
import { useOperationsLive } from '../live.ts';
import { STOCK_TEXT as T } from './equipment-text.ts';

const STATUSES: Record<StockKind, readonly StockStatus[]> = {
  equipments: EQUIPMENT_STATUSES,
  pods: POD_STATUSES,
};

const statusText = (s: string | undefined) => (s ? (T.statuses[s] ?? s) : '');
const statusOptions = (kind: StockKind) => STATUSES[kind].map((s) => [s, statusText(s)] as const);

const col = columnsFor<StockRecord>();

/**
 * Equipments and pods (issue #8): a list with its barcode `code`, searched by name or code — the
 * top bar's barcode scan fills the search — filtered by status (pods also by job), paged, with
 * create, edit and delete for dispatchers. Resources read.
 */
export function StockScreen({ kind }: { kind: StockKind }) {
  const { role } = useShell();
  const canWrite = role === 'dispatcher';
  const isPods = kind === 'pods';
  const scanned = useStore(searchStore);
  const [q, setQ] = useState(scanned);
  const [status, setStatus] = useState<StockStatus | ''>('');
  const [editing, setEditing] = useState<StockRecord | 'new' | null>(null);
  const queryClient = useQueryClient();

  // The barcode scan (or the top-bar search) fills the screen's search.
  useEffect(() => setQ(scanned), [scanned]);

  const text = q.trim();
  const cursor = useCursorList([...OPS_KEYS.stock(kind), text, status], (page) =>
    listStock(kind, { q: text || undefined, status: status || undefined, ...page }),
  );
  const refresh = () => void queryClient.invalidateQueries({ queryKey: OPS_KEYS.stock(kind) });
  // Changes by another user (or tab) refresh the list.
  useOperationsLive(role === 'dispatcher' || role === 'resource' ? kind : null, OPS_KEYS.stock(kind));

  const isExact = (item: StockRecord) => text !== '' && item.code.toLowerCase() === text.toLowerCase();
  const exactBadge = (
    <span className="ml-2 rounded bg-sky-700 px-1.5 py-0.5 font-sans text-[10px] whitespace-nowrap text-white">
      {T.exactMatch}
    </span>
  );
  const statusPill = (status: string | undefined) => (
    <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs whitespace-nowrap text-neutral-700">
      {statusText(status)}
    </span>
  );
  /** A column shown from the `sm` width on (on a phone its value is under the name). */
  const wide = (className: string) => ({
    className: `hidden sm:table-cell ${className}`,
    headerClassName: 'hidden sm:table-cell',
  });
  const columns = [
    col.accessor('name', {
      header: T.name,
      cell: ({ row: { original: item } }) => (
        <>
          <p className="font-medium text-neutral-900">{item.name}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 sm:hidden">
            <span className="font-mono text-xs text-neutral-800">
              {item.code}
              {isExact(item) ? exactBadge : null}
            </span>
            {statusPill(item.status)}
          </p>
        </>
      ),
    }),
    col.accessor('code', {
      header: T.code,
      meta: wide('font-mono text-xs text-neutral-800 whitespace-nowrap'),
      cell: ({ row }) => (
        <>
          {row.original.code}
          {isExact(row.original) ? exactBadge : null}
        </>
      ),
    }),
    col.accessor('status', {
      header: T.status,
      meta: wide(''),
      cell: ({ getValue }) => statusPill(getValue()),
    }),
    ...(isPods
      ? [
          col.accessor('job_id', {
            header: T.job,
            meta: { className: 'text-xs text-neutral-600' },
            cell: ({ getValue }) => {
              const job = getValue();
              return job ? (
                <a
                  className="text-sky-700 underline underline-offset-2"
                  href={`/bookings?id=${encodeURIComponent(job)}`}
                >
                  {job}
                </a>
              ) : (
                '—'
              );
            },
          }),
        ]
      : []),
    col.accessor('notes', {
      header: T.notes,
      meta: wide('max-w-64 truncate text-xs text-neutral-500'),
    }),
    ...(canWrite
      ? [
          actionsColumn(col, {
            label: T.actions,
            className: 'text-right whitespace-nowrap',
            actions: (item) => [
              { label: `${T.edit} ${item.name}`, Icon: Pencil, onClick: () => setEditing(item) },
              {
                label: `${T.delete} ${item.name}`,
                Icon: Trash2,
                onClick: () =>
                  void deleteAfterAsking(
                    T.confirmDelete(item.name),
                    () => deleteStock(kind, item._id, item.version),
                    T.deleted(item.name),
                    refresh,
                  ),
              },
            ],
          }),
        ]
      : []),
  ];

  return (
    <Page
      title={isPods ? T.pods : T.equipments}
      actions={
        canWrite ? (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden className="size-4" />
            {isPods ? T.addPod : T.addEquipment}
          </Button>
        ) : null
      }
    >
      <div className="mb-4 flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <SearchInput label={T.search} value={text} onSearch={setQ} />
          <p className="mt-1 text-xs text-neutral-500">{T.scanHint}</p>
        </div>
        <FilterSelect<StockStatus | ''>
          label={T.status}
          value={status}
          options={[['', T.anyStatus], ...statusOptions(kind)]}
          onChange={setStatus}
        />
      </div>
      <CursorTable
        label={isPods ? T.pods : T.equipments}
        cursor={cursor}
        columns={columns}
        getRowId={(item) => item._id}
        rowProps={(item) => ({ 'data-code': item.code, className: isExact(item) ? 'bg-sky-50' : '' })}
        emptyTitle={
          text || status ? T.noMatch(text || statusText(status)) : isPods ? T.emptyPods : T.emptyEquipments
        }
        emptyHint={text || status ? T.noMatchHint : T.emptyHint}
        emptyAction={
          text || status ? (
            <Button
              variant="secondary"
              onClick={() => {
                setQ('');
                setStatus('');
                searchStore.set('');
              }}
            >
              <X aria-hidden className="size-4" />
              {T.clearSearch}
            </Button>
          ) : null
        }
      />
      {editing ? (
        <StockDialog
          kind={kind}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notify.success(T.saved(saved.name));
            refresh();
          }}
        />
      ) : null}
    </Page>
  );
}

/**
 * The dialog's values, checked by the API's own body (name and code required, bounded) with the
 * select's and the job's text as typed; a pod booked, loaded or delivered names its job.
 */
const stockForm = (kind: StockKind) =>
  (kind === 'pods' ? podBody : equipmentBody)
    .extend({
      status: z.enum(STATUSES[kind] as [StockStatus, ...StockStatus[]]),
      job_id: z.string().trim().max(100),
      notes: z.string().max(2000),
    })
    .refine((v) => kind !== 'pods' || v.status === 'available' || v.job_id !== '', {
      path: ['job_id'],
      message: T.jobRequired,
    });
type StockValues = z.input<ReturnType<typeof stockForm>>;

/** What the dialog sends: an equipment has no job; an available pod is on none. */
function bodyOf(kind: StockKind, v: z.output<ReturnType<typeof stockForm>>): StockBody {
  const common = { name: v.name, code: v.code, notes: v.notes };
  if (kind === 'equipments') return { ...common, status: EQUIPMENT_STATUSES.find((s) => s === v.status) };
  const status = POD_STATUSES.find((s) => s === v.status);
  return { ...common, status, job_id: status === 'available' ? null : v.job_id };
}

function StockDialog({
  kind,
  item,
  onClose,
  onSaved,
}: {
  kind: StockKind;
  item: StockRecord | null;
  onClose: () => void;
  onSaved: (saved: StockRecord) => void;
}) {
  const isPods = kind === 'pods';
  const [current, setCurrent] = useState(item);
  const [isPicking, setIsPicking] = useState(false);
  const form = useZodForm(stockForm(kind), {
    defaultValues: {
      name: item?.name ?? '',
      code: item?.code ?? '',
      status: STATUSES[kind].find((s) => s === item?.status) ?? 'available',
      job_id: item?.job_id ?? '',
      notes: item?.notes ?? '',
    },
  });
  const status = useWatch({ control: form.control, name: 'status' });
  const needsJob = isPods && status !== 'available';

  const save = async (values: z.output<ReturnType<typeof stockForm>>) => {
    const input = bodyOf(kind, values);
    onSaved(
      current ? await updateStock(kind, current._id, current.version, input) : await createStock(kind, input),
    );
  };

  return (
    <FormModal
      title={item ? (isPods ? T.editPod : T.editEquipment) : isPods ? T.addPod : T.addEquipment}
      form={form}
      onSubmit={save}
      formError={versionConflict(stockConflict, setCurrent, T.conflict)}
      onClose={onClose}
    >
      <FormInput<StockValues> name="name" label={T.name} maxLength={120} />
      <FormInput<StockValues> name="code" label={T.code} maxLength={64} className="[&_input]:font-mono" />
      <FormSelect<StockValues> name="status" label={T.status} options={statusOptions(kind)} />
      {needsJob ? (
        <div className="space-y-2">
          <FormInput<StockValues> name="job_id" label={T.job} description={T.jobHint} maxLength={100} />
          {isPicking ? (
            <div className="rounded-md border border-neutral-200 p-3">
              <JobPicker
                onPick={(job) => {
                  form.setValue('job_id', job._id, { shouldDirty: true, shouldValidate: true });
                  setIsPicking(false);
                }}
              />
            </div>
          ) : (
            <Button variant="secondary" onClick={() => setIsPicking(true)}>
              {T.findJob}
            </Button>
          )}
        </div>
      ) : null}
      <FormTextarea<StockValues> name="notes" label={T.notes} maxLength={2000} rows={3} />
    </FormModal>
  );
}
