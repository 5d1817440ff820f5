/**
 * The timeline model tests' records and resources: fixed UTC dates (`at('2026-01-05T09:00')`),
 * a confirmed booking of some resources over two times, a resource with every field the rows read.
 */
import type { WindowRecord, WindowResource } from '@rostra/core/api/timeline';

/** Wall-clock seconds of an ISO date and time, read as UTC. */
export const at = (iso: string): number => Date.parse(`${iso}Z`) / 1000;

/** A confirmed booking of `resIds` from `b` to `e` (ISO), `over` on top. */
export const rec = (
  id: string,
  resIds: string[],
  b: string,
  e: string,
  over: Partial<WindowRecord> = {},
): WindowRecord => ({
  _id: id,
  _key: 'booking',
  status: 'confirmed',
  resIds,
  utc_begin_plus_tz: at(b),
  utc_end_plus_tz: at(e),
  version: 1,
  ...over,
});

/** An active internal resource named `R <id>` unless named, with `labels`. */
export const res = (id: string, name = `R ${id}`, labels: string[] = []): WindowResource => ({
  _id: id,
  name,
  first_name: '',
  last_name: '',
  labels,
  inactive: false,
  InactiveDate: null,
  external: false,
});
