import { TEMPLATE_BEFORE } from '@rostra/core/roster/grid';
import { type SQL, sql } from 'drizzle-orm';
import { timelineRecords } from '../schema/scheduling.ts';

/*
 * Master-roster template items (issue 16, point 8) are timeline records of type `roster` drawn
 * on the 1970 template fortnight (the core's TEMPLATE_BEFORE bounds it). They belong to the master
 * roster alone: no bookings list, feed, notification, customer or resource view, calendar or iCal
 * feed shows them, and only the dispatchers' search (kind masterrosters) finds them. Every such
 * place reads the one condition below, so "what is a template item" is said once.
 */

const T = timelineRecords;
/** A literal, not a bind parameter: the condition is used inside larger literal conditions. */
const BEFORE = sql.raw(String(TEMPLATE_BEFORE));

/** A master-roster template item, as a condition on `timeline_records`; never null. */
export const IS_TEMPLATE_ITEM: SQL = sql`(${T.type} is not distinct from 'roster' and ${T.beginAt} < ${BEFORE})`;

/**
 * Not a template item: a live record (a booking, group event, leave or break of real time). Null
 * safe: a record without a type is live.
 */
export const IS_LIVE_RECORD: SQL = sql`(${T.type} is distinct from 'roster' or ${T.beginAt} >= ${BEFORE})`;

/**
 * What a reader's lists may hold besides the readers rule: a dispatcher (who sees the whole
 * organisation, and draws the master roster) every record; anyone else live records only.
 */
export function liveUnlessSeesAll(reader: { seesAll: boolean }): SQL | undefined {
  return reader.seesAll ? undefined : IS_LIVE_RECORD;
}

/** Whether a stored record is a template item ({@link IS_TEMPLATE_ITEM}, in code). */
export function isTemplateItem(record: { type?: unknown; utc_begin_plus_tz?: unknown }): boolean {
  return (
    record.type === 'roster' &&
    typeof record.utc_begin_plus_tz === 'number' &&
    record.utc_begin_plus_tz < TEMPLATE_BEFORE
  );
}
