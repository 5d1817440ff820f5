import type { CompanyProfile } from '@rostra/core/settings/company';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { COMPANY_VERSION_KEY, type CompanyDocument, readCompany } from '../identity/company.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { notFound, stale, type WriteResult } from '../infra/write-result.ts';
import { fromToday, type Rechecked, recheckBookings } from '../scheduling/recheck-bookings.ts';
import { organisations, orgSettings } from '../schema/organisations.ts';
import { withOrg } from '../tenant.ts';

/** Column of each company profile field (spec names → the organisations table). */
const COLUMNS = {
  name: 'name',
  gst_value: 'gstValue',
  default_country: 'defaultCountry',
  date_format: 'dateFormat',
  time_zone: 'timeZone',
  overlap_buffer_minutes: 'overlapBufferMinutes',
  max_distance: 'maxDistance',
  careplan_type: 'careplanType',
  event_label_types: 'eventLabelTypes',
  doc_statuses: 'docStatuses',
  geofence: 'geofence',
} as const satisfies Record<keyof CompanyProfile, keyof typeof organisations.$inferInsert>;

/**
 * Changes the fields of the company profile named in `change` (already checked by the core's
 * `checkCompanyChange`) when the document is still at `expected`, counts a new version, and tells
 * every member on the live `settings` topic (`{ _key: 'company', value: <the company document> }`),
 * in the same transaction. The organisation's row is locked for the check-and-write, so of
 * concurrent changes naming the same version exactly one is written; the others are `stale` (with
 * the current document) and write nothing. `not_found` when the organisation does not exist.
 *
 * `expected: undefined` is the logo upload only: the logo is not a field of the profile form, so
 * setting it neither checks nor moves the version (a form open meanwhile can still be saved).
 *
 * The overlap buffer and the maximum distance decide bookings' conflict verdicts (the busy check's
 * tolerance, the distance check): when either actually changes, the organisation's bookings from
 * today on are checked again in the same transaction (issue 16), and the answer says which now
 * conflict and which were cleared (`rechecked`, absent when neither changed).
 */
export async function updateCompany(
  db: Db,
  orgId: string,
  change: Partial<CompanyProfile> & { logo?: string | null },
  expected: number | undefined,
  now: Date = new Date(),
): Promise<WriteResult<CompanyDocument & { rechecked?: Rechecked }>> {
  return withOrg(db, orgId, async (tx) => {
    const locked = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, orgId))
      .for('update');
    if (locked.length === 0) return notFound();
    const current = await readCompany(tx, orgId);
    if (!current) return notFound();
    if (expected !== undefined && current.version !== expected) return stale(current);
    const set: Record<string, unknown> = { updatedAt: new Date() };
    // The logo's address is set by the logo upload only (it is not a field of the profile form).
    if (change.logo !== undefined) set.logo = change.logo;
    for (const [field, value] of Object.entries(change)) {
      const column = COLUMNS[field as keyof CompanyProfile];
      if (column && value !== undefined) set[column] = value;
    }
    await tx.update(organisations).set(set).where(eq(organisations.id, orgId));
    if (expected !== undefined) {
      await tx
        .insert(orgSettings)
        .values({ orgId, key: COMPANY_VERSION_KEY, role: '', value: {}, version: expected + 1 })
        .onConflictDoUpdate({
          target: [orgSettings.orgId, orgSettings.key, orgSettings.role],
          set: { version: sql`${orgSettings.version} + 1`, updatedAt: new Date() },
        });
    }
    const doc = await readCompany(tx, orgId);
    if (!doc) return notFound();
    await appendLiveEvents(tx, orgId, [
      {
        topic: 'settings',
        kind: 'settings.changed',
        audience: { members: true },
        payload: { _key: 'company', value: doc },
      },
    ]);
    const decidesVerdicts =
      doc.overlap_buffer_minutes !== current.overlap_buffer_minutes ||
      doc.max_distance !== current.max_distance;
    if (!decidesVerdicts) return { ok: true, record: doc };
    const rechecked = await recheckBookings(
      tx,
      orgId,
      { ...(await fromToday(tx, orgId, now)), resourceIds: 'all' },
      now,
    );
    return { ok: true, record: { ...doc, rechecked } };
  });
}
