import {
  type ColumnDef,
  createColumnHelper,
  createSortedRowModel,
  type Row,
  type RowData,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ComponentType, HTMLAttributes, MouseEvent, ReactNode } from 'react';
import { IconButton } from './button.tsx';
import { QueryState } from './list-state.tsx';
import { Pager } from './pager.tsx';

/**
 * A list as a table (shadcn/ui's data table, on TanStack Table v9): typed columns, sorting by
 * the columns that allow it (in the browser, or by the server with `sorting.manual`), the
 * loading/failed/empty states of ui/list-state.tsx, rows opened by click or Enter/Space, and
 * pages through ui/pager.tsx.
 */

/**
 * What a column may say beyond TanStack's definition: its cells' and heading's classes, and a
 * `data-field` name on its cells (for tests and styles).
 */
export type DataColumnMeta = { className?: string; headerClassName?: string; field?: string };

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: {
    alphanumeric: sortFn_alphanumeric,
    text: sortFn_text,
    datetime: sortFn_datetime,
    basic: sortFn_basic,
  },
  columnMeta: {} as DataColumnMeta,
});

type Features = typeof dataTableFeatures;

/** A column of a {@link DataTable} (TanStack's ColumnDef). */
// biome-ignore lint/suspicious/noExplicitAny: a table's columns hold values of different types
export type DataColumn<T extends RowData> = ColumnDef<Features, T, any>;

/** The column helper for rows of type `T`: `const col = columnsFor<Booking>(); col.accessor(...)`. */
export function columnsFor<T extends RowData>() {
  return createColumnHelper<Features, T>();
}

export type { RowData, SortingState };

/**
 * The last column, of each row's buttons: its heading (`label`) is for screen readers only;
 * `actions` are a row's icon buttons, or `cell` draws a row's buttons its own way.
 */
export function actionsColumn<T extends RowData>(
  col: ReturnType<typeof columnsFor<T>>,
  {
    label,
    className = 'text-right',
    headerClassName,
    ...draw
  }: {
    label: string;
    className?: string;
    headerClassName?: string;
  } & ({ actions: (row: T) => readonly RowAction[] } | { cell: (row: T) => ReactNode }),
): DataColumn<T> {
  return col.display({
    id: 'actions',
    header: () => <span className="sr-only">{label}</span>,
    meta: headerClassName ? { className, headerClassName } : { className },
    cell: ({ row }) =>
      'cell' in draw ? (
        draw.cell(row.original)
      ) : (
        <span className="inline-flex gap-1">
          {draw.actions(row.original).map(({ label, Icon, onClick }) => (
            <IconButton key={label} label={label} onClick={onClick}>
              <Icon aria-hidden className="size-4" />
            </IconButton>
          ))}
        </span>
      ),
  });
}

/** An icon button of a row: what it does, said in full (its label names the row), and its icon. */
export type RowAction = {
  label: string;
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  onClick: () => void;
};

/** The query behind the rows: its loading, failed and empty states and their words. */
export type DataTableState = {
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  failedTitle: string;
  emptyTitle: string;
  emptyHint?: string | undefined;
  emptyAction?: ReactNode;
};

/** Interactive elements inside a row keep their own clicks and keys. */
const OWN_INTERACTION = 'a,button,input,select,textarea,label,[role="button"],[role="link"]';

export function DataTable<T extends RowData>({
  label,
  columns,
  data,
  getRowId,
  state,
  sorting,
  onRowActivate,
  rowProps,
  isSelected,
  paging,
  footer,
  variant = 'card',
  className,
}: {
  /** The table's accessible name. */
  label: string;
  columns: DataColumn<T>[];
  data: readonly T[];
  getRowId: (row: T) => string;
  state?: DataTableState;
  /**
   * Sorting by column: uncontrolled with `initial`, or controlled (`value` + `onChange`);
   * `manual` when the server sorts (the rows arrive sorted).
   */
  sorting?: {
    initial?: SortingState;
    value?: SortingState;
    onChange?: (next: SortingState) => void;
    manual?: boolean;
  };
  /** Opening a row (click, or Enter/Space on the focused row). */
  onRowActivate?: (row: T) => void;
  /** Extra attributes of a row (data-* for tests, a title). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
  /** The row shown as current (aria-current, highlighted). */
  isSelected?: (row: T) => boolean;
  paging?: {
    page: number;
    limit: number;
    total: number;
    isFetching?: boolean;
    onPage: (page: number) => void;
  };
  /** A totals row, one cell per column (aligned like the column's cells). */
  footer?: readonly ReactNode[] | undefined;
  /** 'card': bordered on white (lists); 'plain': lines only, inside a section (reports). */
  variant?: 'card' | 'plain';
  className?: string;
}) {
  const isPlain = variant === 'plain';
  const pad = isPlain ? 'px-2 py-2' : 'px-3 py-2';
  const controlled = sorting?.value !== undefined;
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: (row: T) => getRowId(row),
    enableSorting: sorting !== undefined,
    manualSorting: sorting?.manual ?? false,
    ...(sorting?.initial ? { initialState: { sorting: sorting.initial } } : {}),
    ...(controlled ? { state: { sorting: sorting.value as SortingState } } : {}),
    ...(sorting?.onChange
      ? {
          onSortingChange: (updater: SortingState | ((old: SortingState) => SortingState)) => {
            const old = table.state.sorting;
            sorting.onChange?.(typeof updater === 'function' ? updater(old) : updater);
          },
        }
      : {}),
  });

  const activate = (row: Row<Features, T>, event: MouseEvent<HTMLTableRowElement>) => {
    const own = (event.target as HTMLElement).closest(OWN_INTERACTION);
    if (own && event.currentTarget.contains(own)) return;
    onRowActivate?.(row.original);
  };

  const body = (
    <div
      className={`overflow-x-auto ${isPlain ? '' : 'rounded-lg border border-neutral-200 bg-white'} ${className ?? ''}`}
    >
      <table className={`w-full text-left text-sm ${isPlain ? 'min-w-max' : ''}`} aria-label={label}>
        <thead
          className={
            isPlain
              ? 'border-b border-neutral-200 text-xs text-neutral-500'
              : 'border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-600'
          }
        >
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = header.column;
                const meta = column.columnDef.meta;
                const canSort = sorting !== undefined && column.getCanSort();
                const sorted = column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      sorted === 'asc'
                        ? 'ascending'
                        : sorted === 'desc'
                          ? 'descending'
                          : canSort
                            ? 'none'
                            : undefined
                    }
                    className={`${pad} font-medium ${meta?.headerClassName ?? ''}`}
                  >
                    {header.isPlaceholder ? null : canSort ? (
                      <button
                        type="button"
                        onClick={column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 rounded hover:text-neutral-900"
                      >
                        <table.FlexRender header={header} />
                        {sorted === 'asc' ? (
                          <ArrowUp aria-hidden className="size-3.5" />
                        ) : sorted === 'desc' ? (
                          <ArrowDown aria-hidden className="size-3.5" />
                        ) : (
                          <ArrowUpDown aria-hidden className="size-3.5 text-neutral-400" />
                        )}
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {table.getRowModel().rows.map((row) => {
            const selected = isSelected?.(row.original) ?? false;
            const extra = rowProps?.(row.original) ?? {};
            return (
              <tr
                key={row.id}
                {...extra}
                aria-current={selected ? 'true' : undefined}
                tabIndex={onRowActivate ? 0 : undefined}
                onClick={onRowActivate ? (e) => activate(row, e) : undefined}
                onKeyDown={
                  onRowActivate
                    ? (e) => {
                        if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
                        e.preventDefault();
                        onRowActivate(row.original);
                      }
                    : undefined
                }
                className={`${selected ? 'bg-sky-50' : 'hover:bg-neutral-50'} ${onRowActivate ? 'cursor-pointer focus-visible:outline-2 focus-visible:outline-sky-600' : ''} ${extra.className ?? ''}`}
              >
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    data-field={cell.column.columnDef.meta?.field}
                    className={`${pad} ${cell.column.columnDef.meta?.className ?? ''}`}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
        {footer ? (
          <tfoot>
            <tr className="border-t border-neutral-300 font-semibold text-neutral-900">
              {table.getAllLeafColumns().map((column, i) => (
                <td key={column.id} className={`${pad} ${column.columnDef.meta?.className ?? ''}`}>
                  {footer[i]}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );

  return (
    <>
      {state ? (
        <QueryState
          isPending={state.isPending}
          error={state.error}
          isEmpty={data.length === 0}
          onRetry={state.onRetry}
          failedTitle={state.failedTitle}
          emptyTitle={state.emptyTitle}
          emptyHint={state.emptyHint}
          emptyAction={state.emptyAction}
        >
          {body}
        </QueryState>
      ) : (
        body
      )}
      {paging && data.length > 0 ? (
        <Pager
          page={paging.page}
          limit={paging.limit}
          total={paging.total}
          isFetching={paging.isFetching ?? false}
          onPage={paging.onPage}
        />
      ) : null}
    </>
  );
}
