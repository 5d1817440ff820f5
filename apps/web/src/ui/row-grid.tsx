import type { ReactNode } from 'react';

/** A column of a {@link RowGrid}: its heading and the classes of its heading and cells. */
export type GridColumn = {
  key: string;
  head: ReactNode;
  /** The heading's full name where `head` abbreviates it (a day's "Mo"). */
  abbr?: string;
  headClassName?: string;
  className?: string;
};

/** A heading over several columns (a roster's "Week 1"). */
export type GridGroup = { key: string; head: ReactNode; span: number; className?: string };

/**
 * Rows of resources (or customers) across columns of days: the week grid and the master roster.
 * The row headings stay in view while the days scroll sideways; each row carries `data-row`.
 */
export function RowGrid<R, C extends GridColumn = GridColumn>({
  testId,
  tableClassName,
  frameClassName = '',
  rowHeadWidth,
  corner,
  groups,
  columns,
  rows,
  rowKey,
  rowHead,
  rowHeadClassName,
  cell,
  cellClassName = '',
  stickyHead = false,
}: {
  testId: string;
  /** Size and text of the table: its minimum width keeps days readable on a phone. */
  tableClassName: string;
  frameClassName?: string;
  rowHeadWidth: string;
  /** The heading above the row headings. */
  corner: ReactNode;
  groups?: readonly GridGroup[];
  columns: readonly C[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  rowHead: (row: R) => ReactNode;
  rowHeadClassName: string;
  cell: (row: R, column: C) => ReactNode;
  cellClassName?: string;
  /** The headings stay in view while the rows scroll (a frame with its own height). */
  stickyHead?: boolean;
}) {
  const headRow = 'border-b border-neutral-200 bg-neutral-50';
  return (
    <div className={`overflow-x-auto rounded-lg border border-neutral-200 bg-white ${frameClassName}`}>
      <table className={`w-full table-fixed border-collapse ${tableClassName}`} data-testid={testId}>
        <colgroup>
          <col className={rowHeadWidth} />
          {columns.map((c) => (
            <col key={c.key} />
          ))}
        </colgroup>
        <thead className={stickyHead ? 'sticky top-0 z-20' : undefined}>
          {groups ? (
            <tr className={`${headRow} text-neutral-700`}>
              <th
                scope="col"
                rowSpan={2}
                className="sticky left-0 z-10 bg-neutral-50 px-3 py-2 text-left font-medium"
              >
                {corner}
              </th>
              {groups.map((g) => (
                <th key={g.key} scope="colgroup" colSpan={g.span} className={g.className}>
                  {g.head}
                </th>
              ))}
            </tr>
          ) : null}
          <tr className={`${headRow} text-neutral-600 ${groups ? '' : 'text-xs'}`}>
            {groups ? null : (
              <th scope="col" className="sticky left-0 z-10 bg-neutral-50 px-3 py-2 text-left font-medium">
                {corner}
              </th>
            )}
            {columns.map((c) => (
              <th key={c.key} scope="col" abbr={c.abbr} className={`font-medium ${c.headClassName ?? ''}`}>
                {c.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <tr key={key} data-row={key}>
                <th
                  scope="row"
                  className={`sticky left-0 z-10 bg-white px-3 text-left font-medium ${rowHeadClassName}`}
                >
                  {rowHead(row)}
                </th>
                {columns.map((c) => (
                  <td key={c.key} className={`px-1 py-1 align-top ${cellClassName} ${c.className ?? ''}`}>
                    {cell(row, c)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
