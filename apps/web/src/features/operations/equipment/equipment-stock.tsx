import type { StockBody } from '@rostra/core/api/operations';
import { EQUIPMENT_STATUSES, POD_STATUSES, type StockStatus } from '@rostra/core/stock/statuses';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, ScanBarcode, Trash2, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { askConfirm } from '../../../lib/overlays.ts';
import { errorText, isVersionConflict } from '../../../lib/roster.ts';
import { searchStore } from '../../../lib/search.ts';
import { useStore } from '../../../lib/store.ts';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { Field, FormMessage } from '../../../ui/field.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../../ui/list-state.tsx';
import { Page } from '../../../ui/page.tsx';
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
import { useOperationsLive } from '../live.ts';
import { STOCK_TEXT as T } from './equipment-text.ts';

const STATUSES: Record<StockKind, readonly StockStatus[]> = {
  equipments: EQUIPMENT_STATUSES,
  pods: POD_STATUSES,
};

/** The kind's status named `value`, if it is one. */
const statusOf = (kind: StockKind, value: string | undefined) => STATUSES[kind].find((s) => s === value);

const statusText = (s: string | undefined) => (s ? (T.statuses[s] ?? s) : '');

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
  const searchId = useId();
  const statusId = useId();
  const queryClient = useQueryClient();

  // The barcode scan (or the top-bar search) fills the screen's search.
  useEffect(() => setQ(scanned), [scanned]);

  const text = q.trim();
  const list = useInfiniteQuery({
    queryKey: [...OPS_KEYS.stock(kind), text, status],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      listStock(kind, { q: text || undefined, status: status || undefined, cursor: pageParam, limit: 40 }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: OPS_KEYS.stock(kind) });
  // Changes by another user (or tab) refresh the list.
  useOperationsLive(role === 'dispatcher' || role === 'resource' ? kind : null, OPS_KEYS.stock(kind));

  const remove = async (item: StockRecord) => {
    if (!(await askConfirm(T.confirmDelete(item.name)))) return;
    try {
      await deleteStock(kind, item._id, item.version);
      notify.success(T.deleted(item.name));
    } catch (error) {
      notify.error(errorText(error));
    }
    refresh();
  };

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
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={searchId} className="block text-sm font-medium text-neutral-700">
            {T.search}
          </label>
          <div className="relative mt-1">
            <ScanBarcode
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
            />
            <input
              id={searchId}
              type="search"
              value={q}
              maxLength={100}
              onChange={(e) => setQ(e.target.value)}
              aria-describedby={`${searchId}-hint`}
              className="block min-h-11 w-full rounded-md border border-neutral-300 bg-white pr-3 pl-9 text-base sm:min-h-9 sm:text-sm"
            />
          </div>
          <p id={`${searchId}-hint`} className="mt-1 text-xs text-neutral-500">
            {T.scanHint}
          </p>
        </div>
        <div>
          <label htmlFor={statusId} className="block text-sm font-medium text-neutral-700">
            {T.status}
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => setStatus(statusOf(kind, e.target.value) ?? '')}
            className="mt-1 block min-h-11 rounded-md border border-neutral-300 bg-white px-3 text-base sm:min-h-9 sm:text-sm"
          >
            <option value="">{T.anyStatus}</option>
            {STATUSES[kind].map((s) => (
              <option key={s} value={s}>
                {statusText(s)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {list.isPending ? (
        <Skeleton rows={6} />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        text || status ? (
          <EmptyState title={T.noMatch(text || statusText(status))} hint={T.noMatchHint}>
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
          </EmptyState>
        ) : (
          <EmptyState title={isPods ? T.emptyPods : T.emptyEquipments} hint={T.emptyHint} />
        )
      ) : (
        <>
          <div className="overflow-hidden rounded-lg border border-neutral-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="hidden bg-neutral-50 text-xs text-neutral-600 uppercase sm:table-header-group">
                <tr>
                  <th className="px-4 py-2 font-medium">{T.name}</th>
                  <th className="px-4 py-2 font-medium">{T.code}</th>
                  <th className="px-4 py-2 font-medium">{T.status}</th>
                  {isPods ? <th className="px-4 py-2 font-medium">{T.job}</th> : null}
                  <th className="px-4 py-2 font-medium">{T.notes}</th>
                  {canWrite ? <th className="px-4 py-2" /> : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100">
                {items.map((item) => {
                  const isExact = text !== '' && item.code.toLowerCase() === text.toLowerCase();
                  return (
                    <tr
                      key={item._id}
                      data-code={item.code}
                      className={`flex flex-wrap items-center gap-x-3 px-4 py-3 sm:table-row sm:p-0 ${isExact ? 'bg-sky-50' : ''}`}
                    >
                      <td className="w-full font-medium text-neutral-900 sm:w-auto sm:px-4 sm:py-2.5">
                        {item.name}
                      </td>
                      <td className="font-mono text-xs text-neutral-800 sm:px-4 sm:py-2.5">
                        {item.code}
                        {isExact ? (
                          <span className="ml-2 rounded bg-sky-700 px-1.5 py-0.5 font-sans text-[10px] text-white">
                            {T.exactMatch}
                          </span>
                        ) : null}
                      </td>
                      <td className="sm:px-4 sm:py-2.5">
                        <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700">
                          {statusText(item.status)}
                        </span>
                      </td>
                      {isPods ? (
                        <td className="text-xs text-neutral-600 sm:px-4 sm:py-2.5">
                          {item.job_id ? (
                            <a
                              className="text-sky-700 underline underline-offset-2"
                              href={`/bookings?id=${encodeURIComponent(item.job_id)}`}
                            >
                              {item.job_id}
                            </a>
                          ) : (
                            '—'
                          )}
                        </td>
                      ) : null}
                      <td className="w-full truncate text-xs text-neutral-500 sm:w-auto sm:max-w-64 sm:px-4 sm:py-2.5">
                        {item.notes}
                      </td>
                      {canWrite ? (
                        <td className="ml-auto sm:px-2 sm:py-1 sm:text-right">
                          <IconButton label={`${T.edit} ${item.name}`} onClick={() => setEditing(item)}>
                            <Pencil aria-hidden className="size-4" />
                          </IconButton>
                          <IconButton label={`${T.delete} ${item.name}`} onClick={() => void remove(item)}>
                            <Trash2 aria-hidden className="size-4" />
                          </IconButton>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {list.hasNextPage ? (
            <div className="mt-3 flex justify-center">
              <Button
                variant="secondary"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {T.loadMore}
              </Button>
            </div>
          ) : null}
        </>
      )}
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
  const [name, setName] = useState(item?.name ?? '');
  const [code, setCode] = useState(item?.code ?? '');
  const [status, setStatus] = useState<StockStatus>(statusOf(kind, item?.status) ?? 'available');
  const [jobId, setJobId] = useState(item?.job_id ?? '');
  const [notes, setNotes] = useState(item?.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const [isPicking, setIsPicking] = useState(false);
  const statusId = useId();
  const notesId = useId();
  const needsJob = isPods && status !== 'available';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = T.nameRequired;
    if (!code.trim()) found.code = T.codeRequired;
    if (needsJob && !jobId.trim()) found.job_id = T.jobRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    const common = { name: name.trim(), code: code.trim(), notes };
    const input: StockBody = isPods
      ? {
          ...common,
          status: POD_STATUSES.find((s) => s === status),
          job_id: needsJob ? jobId.trim() : null,
        }
      : { ...common, status: EQUIPMENT_STATUSES.find((s) => s === status) };
    setIsBusy(true);
    setMessage(undefined);
    try {
      onSaved(
        current
          ? await updateStock(kind, current._id, current.version, input)
          : await createStock(kind, input),
      );
    } catch (error) {
      if (isVersionConflict(error)) {
        const latest = (error as { details?: { current?: StockRecord } }).details?.current;
        if (latest) setCurrent(latest);
        setMessage(T.conflict);
      } else {
        const field = (error as { details?: { field?: string } }).details?.field;
        if (field && ['name', 'code', 'job_id'].includes(field)) setErrors({ [field]: errorText(error) });
        else setMessage(errorText(error));
      }
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal
      title={item ? (isPods ? T.editPod : T.editEquipment) : isPods ? T.addPod : T.addEquipment}
      onClose={onClose}
    >
      <form className="space-y-3" onSubmit={(e) => void submit(e)} noValidate>
        <FormMessage message={message} />
        <Field
          label={T.name}
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <Field
          label={T.code}
          value={code}
          maxLength={64}
          onChange={(e) => setCode(e.target.value)}
          error={errors.code}
          className="font-mono"
        />
        <div>
          <label htmlFor={statusId} className="block text-sm font-medium text-neutral-700">
            {T.status}
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => setStatus(statusOf(kind, e.target.value) ?? 'available')}
            className="mt-1 block min-h-11 w-full rounded-md border border-neutral-300 bg-white px-3 text-base sm:min-h-9 sm:text-sm"
          >
            {STATUSES[kind].map((s) => (
              <option key={s} value={s}>
                {statusText(s)}
              </option>
            ))}
          </select>
        </div>
        {needsJob ? (
          <div className="space-y-2">
            <Field
              label={T.job}
              hint={T.jobHint}
              value={jobId}
              maxLength={100}
              onChange={(e) => setJobId(e.target.value)}
              error={errors.job_id}
            />
            {isPicking ? (
              <div className="rounded-md border border-neutral-200 p-3">
                <JobPicker
                  onPick={(job) => {
                    setJobId(job._id);
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
        <div>
          <label htmlFor={notesId} className="block text-sm font-medium text-neutral-700">
            {T.notes}
          </label>
          <textarea
            id={notesId}
            value={notes}
            maxLength={2000}
            rows={3}
            onChange={(e) => setNotes(e.target.value)}
            className="mt-1 block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-base sm:text-sm"
          />
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={isBusy}>
            {T.save}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
