import type { Analytics } from '@rostra/core/api/reports';
import { type ReactElement, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useOrgDates } from '../../lib/org-dates.ts';
import type { RowData } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/list-state.tsx';
import { Section } from '../../ui/page.tsx';
import { type Column, DataTable, TableToggle } from './report-parts.tsx';
import { REPORT_TEXT as T } from './report-text.ts';
import { percent, statusSeries } from './reports.ts';

/*
 * The analytics charts. Each is a titled section with a table alternative (the toggle) for
 * keyboard and screen-reader users; the chart itself is hidden from assistive technology, which
 * reads the table instead.
 */

/** Neutral series colours; red is kept for conflicts and going over a limit (DESIGN.md). */
const SERIES = ['#0369a1', '#0d9488', '#7c3aed', '#ca8a04', '#4b5563', '#db2777', '#65a30d', '#9a3412'];
const RED = '#b91c1c';
const GREY = '#a3a3a3';

function ChartCard<T extends RowData>({
  title,
  rows,
  rowKey,
  columns,
  chart,
  height = 260,
}: {
  title: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  chart: () => ReactElement;
  height?: number;
}) {
  const [isTable, setIsTable] = useState(false);
  return (
    <Section
      title={title}
      actions={<TableToggle isTable={isTable} onToggle={() => setIsTable((v) => !v)} chart={title} />}
    >
      {rows.length === 0 ? (
        <EmptyState title={T.noData} />
      ) : isTable ? (
        <DataTable caption={title} rows={rows} rowKey={rowKey} columns={columns} />
      ) : (
        <div aria-hidden style={{ height }} className="w-full min-w-0">
          <ResponsiveContainer
            width="100%"
            height="100%"
            minWidth={0}
            initialDimension={{ width: 600, height }}
          >
            {chart()}
          </ResponsiveContainer>
        </div>
      )}
    </Section>
  );
}

const pct = (v: number | null) => (v === null ? 0 : Math.round(v * 1000) / 10);

/** Booked and available hours and their utilisation: the columns both utilisation tables end with. */
function utilisationColumns<
  R extends Analytics['labels'][number] | Analytics['resources'][number],
>(): Column<R>[] {
  return [
    { header: T.booked, cell: (r) => r.hours_hmm, isNumber: true },
    { header: T.available, cell: (r) => r.available_hours, isNumber: true },
    { header: T.utilisation, cell: (r) => percent(r.utilisation), isNumber: true },
  ];
}

/** A chart's height for one bar a row (the first 40 rows are drawn). */
const barsHeight = (rows: number, perRow: number, extra = 40) =>
  Math.max(200, Math.min(rows, 40) * perRow + extra);

/** One bar of a chart: the point's key it draws, its name in the legend and tooltip, its colour. */
type BarOf<P> = { key: Exclude<keyof P, 'name'> & string; name: string; fill: string | undefined };

/**
 * Horizontal bars, one a row named `name` (names `nameWidth` px wide), a legend where there is
 * more than one bar a row; `unit` on the value axis, whole numbers only when `isCount`.
 */
function horizontalBars<P extends { name: string }>(
  points: readonly P[],
  bars: readonly BarOf<P>[],
  {
    nameWidth,
    fontSize = 12,
    unit,
    isCount = false,
  }: { nameWidth: number; fontSize?: number; unit?: string; isCount?: boolean },
) {
  return (
    <BarChart data={[...points]} layout="vertical">
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" unit={unit ?? ''} allowDecimals={!isCount} />
      <YAxis type="category" dataKey="name" width={nameWidth} tick={{ fontSize }} />
      <Tooltip {...(unit === '%' ? { formatter: (v: unknown) => `${v}%` } : {})} />
      {bars.length > 1 ? <Legend /> : null}
      {bars.map((b) => (
        <Bar key={b.key} dataKey={b.key as string} name={b.name} fill={b.fill} isAnimationActive={false} />
      ))}
    </BarChart>
  );
}

/** Utilisation in percent as horizontal bars, one a row, names `nameWidth` px wide. */
const utilisationBars = (
  rows: readonly { name: string; utilisation: number | null }[],
  nameWidth: number,
  fill: string | undefined,
) =>
  horizontalBars(
    rows.map((r) => ({ name: r.name, value: pct(r.utilisation) })),
    [{ key: 'value', name: T.utilisation, fill }],
    { nameWidth, unit: '%' },
  );

export function UtilisationByResource({ data }: { data: Analytics }) {
  const rows = data.resources;
  return (
    <ChartCard
      title={T.utilisationByResource}
      rows={rows}
      rowKey={(r) => r.resource_id}
      columns={[{ header: T.resource, cell: (r) => r.name }, ...utilisationColumns<(typeof rows)[number]>()]}
      height={barsHeight(rows.length, 24)}
      chart={() => utilisationBars(rows.slice(0, 40), 120, SERIES[0])}
    />
  );
}

export function UtilisationByLabel({ data }: { data: Analytics }) {
  const rows = data.labels;
  return (
    <ChartCard
      title={T.utilisationByLabel}
      rows={rows}
      rowKey={(r) => r.key}
      columns={[
        { header: T.label, cell: (r) => r.name },
        { header: T.jobs, cell: (r) => r.jobs, isNumber: true },
        ...utilisationColumns<(typeof rows)[number]>(),
      ]}
      height={barsHeight(rows.length, 26)}
      chart={() => utilisationBars(rows, 140, SERIES[1])}
    />
  );
}

export function JobsOverTime({ data }: { data: Analytics }) {
  const dates = useOrgDates();
  const series = statusSeries(data.jobs_by_status_over_time);
  const isWeekly = data.bucket_seconds > 86_400;
  const rows = series.length === 0 ? [] : data.jobs_by_status_over_time;
  const points = rows.map((b) => ({ name: dates.date(b.start), ...b.counts }));
  return (
    <ChartCard
      title={T.jobsOverTime}
      rows={rows}
      rowKey={(b) => String(b.start)}
      columns={[
        { header: isWeekly ? T.weekOf : T.day, cell: (b) => dates.date(b.start) },
        ...series.map((s) => ({
          header: s,
          cell: (b: (typeof rows)[number]) => b.counts[s] ?? 0,
          isNumber: true,
        })),
      ]}
      chart={() => (
        <BarChart data={points}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          {series.map((s, i) => (
            <Bar
              key={s}
              dataKey={s}
              stackId="jobs"
              fill={SERIES[i % SERIES.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      )}
    />
  );
}

export function ConflictsByReason({ data }: { data: Analytics }) {
  const rows = data.conflicts_by_reason;
  return (
    <ChartCard
      title={T.conflictsByReason}
      rows={rows}
      rowKey={(r) => r.code}
      columns={[
        { header: T.reason, cell: (r) => r.code },
        { header: T.jobs, cell: (r) => r.jobs, isNumber: true },
      ]}
      chart={() =>
        horizontalBars(
          rows.map((r) => ({ name: r.code, value: r.jobs })),
          [{ key: 'value', name: T.jobs, fill: RED }],
          { nameWidth: 220, fontSize: 11, isCount: true },
        )
      }
    />
  );
}

export function HoursAgainstLimits({ data }: { data: Analytics }) {
  const rows = data.resources;
  return (
    <ChartCard
      title={T.hoursAgainstLimits}
      rows={rows}
      rowKey={(r) => r.resource_id}
      columns={[
        { header: T.resource, cell: (r) => r.name },
        { header: T.busiestDay, cell: (r) => r.limits.day_hours, isNumber: true },
        { header: T.dayLimit, cell: (r) => r.limits.day_limit, isNumber: true },
        { header: T.busiestWeek, cell: (r) => r.limits.week_hours, isNumber: true },
        { header: T.weekLimit, cell: (r) => r.limits.week_limit, isNumber: true },
        { header: T.busiestFortnight, cell: (r) => r.limits.fortnight_hours, isNumber: true },
        { header: T.fortnightLimit, cell: (r) => r.limits.fortnight_limit, isNumber: true },
        {
          header: T.overLimit,
          cell: (r) => (r.limits.is_over ? <span className="font-medium text-red-700">{T.yes}</span> : T.no),
        },
      ]}
      height={barsHeight(rows.length, 28, 60)}
      chart={() =>
        horizontalBars(
          rows
            .slice(0, 40)
            .map((r) => ({ name: r.name, hours: r.limits.week_hours, limit: r.limits.week_limit })),
          [
            { key: 'hours', name: T.busiestWeek, fill: SERIES[0] },
            { key: 'limit', name: T.weekLimit, fill: GREY },
          ],
          { nameWidth: 120, unit: ' h' },
        )
      }
    />
  );
}
