import type { CompanyProfile } from '@rostra/core/settings/company';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type CompanyDocument, getCompany } from '../identity/company.ts';
import { appendLiveEvents } from '../scheduling/live-events.ts';
import { organisations } from '../schema/organisations.ts';
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
 * `checkCompanyChange`) and tells every member on the live `settings` topic
 * (`{ _key: 'company', value: <the company document> }`), in the same transaction.
 * Undefined when the organisation does not exist.
 */
export async function updateCompany(
  db: Db,
  orgId: string,
  change: Partial<CompanyProfile> & { logo?: string | null },
): Promise<CompanyDocument | undefined> {
  return withOrg(db, orgId, async (tx) => {
    const set: Record<string, unknown> = { updatedAt: new Date() };
    // The logo's address is set by the logo upload only (it is not a field of the profile form).
    if (change.logo !== undefined) set.logo = change.logo;
    for (const [field, value] of Object.entries(change)) {
      const column = COLUMNS[field as keyof CompanyProfile];
      if (column && value !== undefined) set[column] = value;
    }
    const updated = await tx
      .update(organisations)
      .set(set)
      .where(eq(organisations.id, orgId))
      .returning({ id: organisations.id });
    if (updated.length === 0) return undefined;
    const doc = await getCompany(tx as unknown as Db, orgId);
    if (!doc) return undefined;
    await appendLiveEvents(tx, orgId, [
      {
        topic: 'settings',
        kind: 'settings.changed',
        audience: { members: true },
        payload: { _key: 'company', value: doc },
      },
    ]);
    return doc;
  });
}
