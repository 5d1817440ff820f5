import type { DateRange } from '@rostra/core/api/reports';
import { BarChart3, ChevronLeft, ChevronRight, Download, Table2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { Button, IconButton } from '../../ui/button.tsx';
import { type DataColumn, DataTable as KitTable, type RowData } from '../../ui/data-table.tsx';
import { DateInput } from '../../ui/date-picker.tsx';
import { REPORT_TEXT as T } from './report-text.ts';
import { checkRange, shiftRange } from './reports.ts';

/*
 * Pieces the timesheets, reports, analytics and ledger screens share: the period picker, a CSV
 * export link, a plain data table and the chart/table toggle.
 */

/**
 * Two date inputs (both days included) with earlier/later and "this week". A range the server
 * would refuse is shown with its message and not applied; what was typed stays.
 */
export function PeriodPicker({
  value,
  onChange,
  onThisWeek,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  onThisWeek: () => void;
}) {
  const [draft, setDraft] = useState<DateRange>(value);
  const [shown, setShown] = useState<DateRange>(value);
  // A range set from outside (earlier/later/this week) replaces what is being typed.
  if (shown.from !== value.from || shown.to !== value.to) {
    setShown(value);
    setDraft(value);
  }
  const checked = checkRange(draft);
  const error = 'error' in checked ? checked.error : undefined;
  const id = useId();
  const update = (next: DateRange) => {
    setDraft(next);
    if ('period' in checkRange(next)) onChange(next);
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <IconButton label={T.earlier} onClick={() => onChange(shiftRange(value, -1))}>
        <ChevronLeft aria-hidden className="size-4" />
      </IconButton>
      {(['from', 'to'] as const).map((end) => (
        <label key={end} htmlFor={`${id}-${end}`} className="text-xs font-medium text-neutral-600">
          {T[end]}
          <DateInput
            id={`${id}-${end}`}
            value={draft[end]}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onValueChange={(v) => update({ ...draft, [end]: v })}
            className="mt-0.5 block min-h-11 w-36 rounded-md border border-neutral-300 bg-white px-2 text-sm sm:min-h-9"
          />
        </label>
      ))}
      <IconButton label={T.later} onClick={() => onChange(shiftRange(value, 1))}>
        <ChevronRight aria-hidden className="size-4" />
      </IconButton>
      <Button variant="secondary" onClick={onThisWeek}>
        {T.thisWeek}
      </Button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A screen's title: its menu entry's label, first letter upper-case (the sidebar shows it so too). */
export function screenTitle(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A download link styled as a secondary button. */
export function CsvLink({
  href,
  label = T.exportCsv,
  name,
}: {
  href: string;
  label?: string;
  name?: string;
}) {
  return (
    <a
      href={href}
      download
      aria-label={name ? `${label}: ${name}` : label}
      className="inline-flex min-h-11 items-center gap-2 rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium text-neutral-800 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-sky-600 sm:min-h-9"
    >
      <Download aria-hidden className="size-4" />
      {label}
    </a>
  );
}

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned figures. */
  isNumber?: boolean;
};

/**
 * A report's table (ui/data-table.tsx, plain): scrolls sideways on phones rather than squeezing;
 * figures right-aligned; an optional totals row.
 */
export function DataTable<T extends RowData>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  footer?: readonly ReactNode[];
}) {
  const defs = columns.map(
    (c): DataColumn<T> => ({
      id: c.header,
      header: c.header,
      cell: ({ row }) => c.cell(row.original),
      meta: c.isNumber
        ? { className: 'text-right tabular-nums text-neutral-800', headerClassName: 'text-right' }
        : { className: 'text-neutral-800' },
    }),
  );
  return (
    <KitTable label={caption} variant="plain" columns={defs} data={rows} getRowId={rowKey} footer={footer} />
  );
}

/** The chart/table toggle: pressed means the table is shown instead of the chart. */
export function TableToggle({
  isTable,
  onToggle,
  chart,
}: {
  isTable: boolean;
  onToggle: () => void;
  chart: string;
}) {
  return (
    <Button variant="ghost" aria-pressed={isTable} onClick={onToggle} aria-label={`${T.showTable}: ${chart}`}>
      {isTable ? <BarChart3 aria-hidden className="size-4" /> : <Table2 aria-hidden className="size-4" />}
      {T.showTable}
    </Button>
  );
}
