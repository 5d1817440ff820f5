import { UPLOAD_MAX_BYTES, UPLOAD_TEXT } from '@rostra/core/files/upload-rules';
import { formatDate } from '@rostra/core/time/calendar';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileText, Image, Trash2, Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { askConfirm } from '../../../lib/overlays.ts';
import { errorText } from '../../../lib/roster.ts';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { FormMessage } from '../../../ui/field.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../../ui/list-state.tsx';
import { Page } from '../../../ui/page.tsx';
import {
  deleteUpload,
  formatBytes,
  listUploads,
  OPS_KEYS,
  type UploadRecord,
  uploadContentUrl,
  uploadFile,
} from '../api.ts';
import { useOperationsLive } from '../live.ts';
import { UPLOAD_SCREEN_TEXT as T } from './upload-text.ts';

/** The day an upload was added (UTC). */
const addedOn = (u: UploadRecord) => formatDate(u._qa_create_utc);

/**
 * Uploads (/uploads, dispatchers; issue #8): images and PDF files of the organisation — upload
 * (several at once, by choosing or dropping; the size is checked before sending and the type by
 * the server from the content), list newest first with search and type filter, download, delete.
 */
export function UploadsScreen() {
  const { role } = useShell();
  const [q, setQ] = useState('');
  const [type, setType] = useState<'' | 'image' | 'pdf'>('');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [isOver, setIsOver] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const typeId = useId();
  const queryClient = useQueryClient();
  const isAllowed = role === 'dispatcher';

  const list = useInfiniteQuery({
    queryKey: [...OPS_KEYS.uploads, q.trim(), type],
    enabled: isAllowed,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      listUploads({ q: q.trim() || undefined, type: type || undefined, cursor: pageParam, limit: 40 }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: OPS_KEYS.uploads });
  // Uploads and deletions by another dispatcher (or tab) refresh the list.
  useOperationsLive(isAllowed ? 'uploads' : null, OPS_KEYS.uploads);

  const send = async (files: File[]) => {
    const failed: string[] = [];
    for (const file of files) {
      if (file.size > UPLOAD_MAX_BYTES) {
        failed.push(T.failed(file.name, UPLOAD_TEXT.tooLarge));
        continue;
      }
      setBusy(T.uploading(file.name));
      try {
        await uploadFile(file);
        notify.success(T.uploaded(file.name));
      } catch (error) {
        failed.push(T.failed(file.name, errorText(error)));
      }
    }
    setBusy(null);
    setProblems(failed);
    if (inputRef.current) inputRef.current.value = '';
    refresh();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    void send([...event.dataTransfer.files]);
  };

  const remove = async (u: UploadRecord) => {
    if (!(await askConfirm(T.confirmDelete(u.name)))) return;
    try {
      await deleteUpload(u._id);
      notify.success(T.deleted(u.name));
    } catch (error) {
      notify.error(errorText(error));
    }
    refresh();
  };

  if (!isAllowed)
    return (
      <Page title={T.title}>
        <EmptyState title={T.dispatchersOnly} />
      </Page>
    );

  return (
    <Page title={T.title}>
      <section
        aria-label={T.choose}
        onDragOver={(e) => {
          e.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={onDrop}
        className={`flex flex-wrap items-center gap-3 rounded-lg border-2 border-dashed px-4 py-4 ${isOver ? 'border-sky-500 bg-sky-50' : 'border-neutral-300 bg-white'}`}
      >
        <Upload aria-hidden className="size-5 text-neutral-500" />
        <p className="min-w-0 flex-1 text-sm text-neutral-600">{busy ?? T.dropHint}</p>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept="image/*,application/pdf"
          className="sr-only"
          data-testid="upload-input"
          onChange={(e) => void send([...(e.target.files ?? [])])}
          aria-label={T.choose}
        />
        <Button disabled={busy !== null} onClick={() => inputRef.current?.click()}>
          {T.choose}
        </Button>
      </section>
      {problems.length ? (
        <div className="mt-3 space-y-1">
          {problems.map((p) => (
            <FormMessage key={p} message={p} />
          ))}
        </div>
      ) : null}

      <div className="my-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={searchId} className="block text-sm font-medium text-neutral-700">
            {T.search}
          </label>
          <input
            id={searchId}
            type="search"
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
            className="mt-1 block min-h-11 w-full rounded-md border border-neutral-300 bg-white px-3 text-base sm:min-h-9 sm:text-sm"
          />
        </div>
        <div>
          <label htmlFor={typeId} className="block text-sm font-medium text-neutral-700">
            {T.type}
          </label>
          <select
            id={typeId}
            value={type}
            onChange={(e) => setType(e.target.value as typeof type)}
            className="mt-1 block min-h-11 rounded-md border border-neutral-300 bg-white px-3 text-base sm:min-h-9 sm:text-sm"
          >
            <option value="">{T.anyType}</option>
            <option value="image">{T.images}</option>
            <option value="pdf">{T.pdfs}</option>
          </select>
        </div>
      </div>

      {list.isPending ? (
        <Skeleton rows={5} />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={q || type ? T.noMatch : T.empty} {...(q || type ? {} : { hint: T.emptyHint })} />
      ) : (
        <>
          <ul className="divide-y divide-neutral-100 overflow-hidden rounded-lg border border-neutral-200 bg-white">
            {items.map((u) => (
              <li key={u._id} data-upload={u.name} className="flex items-center gap-3 px-4 py-2.5 text-sm">
                {u.mime_type.startsWith('image/') ? (
                  <img
                    src={uploadContentUrl(u._id, true)}
                    alt=""
                    loading="lazy"
                    className="size-10 shrink-0 rounded border border-neutral-200 object-cover"
                  />
                ) : (
                  <span className="grid size-10 shrink-0 place-items-center rounded border border-neutral-200 bg-neutral-50">
                    <FileText aria-hidden className="size-5 text-red-700" />
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-neutral-900">{u.name}</p>
                  <p className="text-xs text-neutral-500">
                    {u.mime_type.startsWith('image/') ? (
                      <Image aria-hidden className="mr-1 inline size-3" />
                    ) : null}
                    {formatBytes(u.size)} · {addedOn(u)}
                  </p>
                </div>
                <a
                  href={uploadContentUrl(u._id)}
                  download={u.name}
                  aria-label={`${T.download} ${u.name}`}
                  title={T.download}
                  className="inline-flex size-11 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 sm:size-9"
                >
                  <Download aria-hidden className="size-4" />
                </a>
                <IconButton label={`${T.delete} ${u.name}`} onClick={() => void remove(u)}>
                  <Trash2 aria-hidden className="size-4" />
                </IconButton>
              </li>
            ))}
          </ul>
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
    </Page>
  );
}
