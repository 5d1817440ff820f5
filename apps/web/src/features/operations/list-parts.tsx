import type { CursorPage } from '@rostra/core/api/common';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import type { z } from 'zod';
import { isApiError } from '../../lib/api.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { errorText, isVersionConflict } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { type DataColumn, DataTable, type RowData } from '../../ui/data-table.tsx';
import { controlClass } from '../../ui/form.tsx';

/*
 * What the operations lists share (forms, filled forms, equipments and pods, uploads): a cursor
 * list read a page after another ("Load more"), shown in the kit's DataTable with its loading,
 * failed and empty states; a labelled filter select; a delete that asks first.
 */

export const LIST_TEXT = {
  loadMore: 'Load more',
  failed: 'The list could not be loaded',
} as const;

/** A cursor-paged list (`next_cursor`), 40 a page; `items` are the pages read so far. */
export function useCursorList<T>(
  queryKey: readonly unknown[],
  fetchPage: (query: { cursor: string | undefined; limit: number }) => Promise<CursorPage<T>>,
  enabled = true,
) {
  const list = useInfiniteQuery({
    queryKey,
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => fetchPage({ cursor: pageParam, limit: 40 }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  return { list, items: list.data?.pages.flatMap((p) => p.items) ?? [] };
}

/**
 * A {@link useCursorList} as a table: a skeleton while the first page loads, the failure with
 * Retry, the empty state (with its action), then the rows and "Load more" while there is more.
 */
export function CursorTable<T extends RowData>({
  label,
  cursor,
  columns,
  getRowId,
  rowProps,
  emptyTitle,
  emptyHint,
  emptyAction,
}: {
  label: string;
  cursor: ReturnType<typeof useCursorList<T>>;
  columns: DataColumn<T>[];
  getRowId: (row: T) => string;
  rowProps?: (row: T) => Record<`data-${string}`, string | undefined> & { className?: string };
  emptyTitle: string;
  emptyHint?: string | undefined;
  emptyAction?: ReactNode;
}) {
  const { list, items } = cursor;
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        data={items}
        getRowId={getRowId}
        {...(rowProps ? { rowProps } : {})}
        state={{
          isPending: list.isPending,
          error: list.error,
          onRetry: () => void list.refetch(),
          failedTitle: LIST_TEXT.failed,
          emptyTitle,
          emptyHint,
          emptyAction,
        }}
      />
      {list.hasNextPage && items.length > 0 ? (
        <div className="mt-3 flex justify-center">
          <Button
            variant="secondary"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {LIST_TEXT.loadMore}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** A list's filter: a select of `[value, text]` options (its first, "Any …", says what it filters). */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(options.find(([v]) => v === e.target.value)?.[0] ?? value)}
        className={controlClass(false, 'mt-0')}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Asks `question`; if yes, deletes, says `done` (or why not), then refreshes the list. */
export async function deleteAfterAsking(
  question: string,
  remove: () => Promise<unknown>,
  done: string,
  refresh: () => void,
): Promise<void> {
  if (!(await askConfirm(question))) return;
  try {
    await remove();
    notify.success(done);
  } catch (error) {
    notify.error(errorText(error));
  }
  refresh();
}

/** The operations' dialogs are the kit's form dialog. */
export { FormModal } from '../../ui/form-modal.tsx';

/**
 * The form's message when someone else saved first (a 409 whose details, read by `schema`, hold
 * the record as it is now): `onCurrent` takes that record, so the edits stay and the next save
 * carries its version. Other failures: undefined (they land on their fields).
 */
export function versionConflict<T>(
  schema: z.ZodType<{ current: T }>,
  onCurrent: (record: T) => void,
  message: string,
): (error: unknown) => string | undefined {
  return (error) => {
    if (!isVersionConflict(error) || !isApiError(error)) return undefined;
    const latest = schema.safeParse(error.details).data?.current;
    if (latest) onCurrent(latest);
    return message;
  };
}
