import type { UPLOAD_TYPES } from '@rostra/core/api/operations';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT } from '@rostra/core/files/upload-rules';
import { type DateFormat, formatDate } from '@rostra/core/time/calendar';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileText, Trash2, Upload } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { useOrgDates } from '../../../lib/org-dates.ts';
import { errorText } from '../../../lib/roster.ts';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { actionsColumn, columnsFor } from '../../../ui/data-table.tsx';
import { FormMessage } from '../../../ui/field.tsx';
import { EmptyState } from '../../../ui/list-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { SearchInput } from '../../../ui/search-input.tsx';
import {
  deleteUpload,
  formatBytes,
  listUploads,
  OPS_KEYS,
  type UploadRecord,
  uploadContentUrl,
  uploadFile,
} from '../api.ts';
import { CursorTable, deleteAfterAsking, FilterSelect, useCursorList } from '../list-parts.tsx';
import { useOperationsLive } from '../live.ts';
import { UPLOAD_SCREEN_TEXT as T } from './upload-text.ts';

type UploadType = (typeof UPLOAD_TYPES)[number];
const col = columnsFor<UploadRecord>();

/** The day an upload was added (UTC). */
const addedOn = (u: UploadRecord, format: DateFormat) => formatDate(u._qa_create_utc, format);

/**
 * Uploads (/uploads, dispatchers; issue #8): images and PDF files of the organisation — upload
 * (several at once, by choosing or dropping; the size is checked before sending and the type by
 * the server from the content), list newest first with search and type filter, download, delete.
 */
export function UploadsScreen() {
  const dates = useOrgDates();
  const { role } = useShell();
  const [q, setQ] = useState('');
  const [type, setType] = useState<'' | UploadType>('');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [isOver, setIsOver] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const isAllowed = role === 'dispatcher';

  const cursor = useCursorList(
    [...OPS_KEYS.uploads, q, type],
    (page) => listUploads({ q: q || undefined, type: type || undefined, ...page }),
    isAllowed,
  );
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

  const columns = [
    col.accessor('name', {
      header: T.name,
      cell: ({ row: { original: u } }) => (
        <div className="flex min-w-0 items-center gap-3">
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
          <div className="min-w-0">
            <p className="font-medium break-all text-neutral-900">{u.name}</p>
            <p className="text-xs text-neutral-500 sm:hidden">
              {formatBytes(u.size)} · {addedOn(u, dates.format)}
            </p>
          </div>
        </div>
      ),
    }),
    col.accessor('size', {
      header: T.size,
      cell: ({ getValue }) => formatBytes(getValue()),
      meta: {
        className: 'hidden whitespace-nowrap text-neutral-600 tabular-nums sm:table-cell',
        headerClassName: 'hidden sm:table-cell',
      },
    }),
    col.accessor('_qa_create_utc', {
      header: T.added,
      cell: ({ row }) => addedOn(row.original, dates.format),
      meta: {
        className: 'hidden whitespace-nowrap text-neutral-600 sm:table-cell',
        headerClassName: 'hidden sm:table-cell',
      },
    }),
    actionsColumn(col, {
      label: T.actions,
      className: 'text-right whitespace-nowrap',
      cell: (u) => (
        <>
          <a
            href={uploadContentUrl(u._id)}
            download={u.name}
            aria-label={`${T.download} ${u.name}`}
            title={T.download}
            className="inline-flex size-11 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 sm:size-9"
          >
            <Download aria-hidden className="size-4" />
          </a>
          <IconButton
            label={`${T.delete} ${u.name}`}
            onClick={() =>
              void deleteAfterAsking(
                T.confirmDelete(u.name),
                () => deleteUpload(u._id),
                T.deleted(u.name),
                refresh,
              )
            }
          >
            <Trash2 aria-hidden className="size-4" />
          </IconButton>
        </>
      ),
    }),
  ];

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
        <SearchInput label={T.search} value={q} onSearch={setQ} />
        <FilterSelect<'' | UploadType>
          label={T.type}
          value={type}
          options={[
            ['', T.anyType],
            ['image', T.images],
            ['pdf', T.pdfs],
          ]}
          onChange={setType}
        />
      </div>
      <CursorTable
        label={T.title}
        cursor={cursor}
        columns={columns}
        getRowId={(u) => u._id}
        rowProps={(u) => ({ 'data-upload': u.name })}
        emptyTitle={q || type ? T.noMatch : T.empty}
        emptyHint={q || type ? undefined : T.emptyHint}
      />
    </Page>
  );
}
