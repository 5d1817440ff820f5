import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Whole rows of `table` that came back as JSON (`json_agg(t)` of a table alias `t`) turned into
 * exactly what a Drizzle select of that table gives: keys by property name, each value through
 * its column's own driver mapping (timestamps to Date, bigint mode number, arrays, jsonb). It lets
 * one statement carry rows of several tables — one round trip instead of one per table — while
 * the callers keep their usual row types and mappers.
 */
export function fromJsonRows<T extends PgTable>(
  table: T,
  rows: readonly Record<string, unknown>[] | string | null | undefined,
): T['$inferSelect'][] {
  const list = typeof rows === 'string' ? (JSON.parse(rows) as Record<string, unknown>[]) : (rows ?? []);
  const columns = Object.entries(getTableColumns(table));
  return list.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return out as T['$inferSelect'];
  });
}
