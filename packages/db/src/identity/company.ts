import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { organisations } from '../schema/organisations.ts';

/** The company document of shell spec §3, with the spec's field names. */
export type CompanyDocument = {
  id: string;
  name: string;
  logo: string | null;
  logobrand: string | null;
  gst_value: number;
  careplan_type: unknown;
  default_country: { name: string; code: string };
  date_format: string;
  time_zone: string;
  event_label_types: unknown[];
  doc_statuses: Record<string, unknown>;
  geofence: unknown;
  overlap_buffer_minutes: number;
  max_distance: number;
  search_engine: string;
};

/**
 * Reads the company document of one organisation. The organisations table is the tenant registry
 * (global); this reads one row by the caller's own organisation id.
 */
export async function getCompany(db: Db, orgId: string): Promise<CompanyDocument | undefined> {
  const rows = await db.select().from(organisations).where(eq(organisations.id, orgId)).limit(1);
  const o = rows[0];
  if (!o) return undefined;
  return {
    id: o.id,
    name: o.name,
    logo: o.logo,
    logobrand: o.logobrand,
    gst_value: o.gstValue,
    careplan_type: o.careplanType,
    default_country: o.defaultCountry,
    date_format: o.dateFormat,
    time_zone: o.timeZone,
    event_label_types: o.eventLabelTypes,
    doc_statuses: o.docStatuses,
    geofence: o.geofence ?? null,
    overlap_buffer_minutes: o.overlapBufferMinutes,
    max_distance: o.maxDistance,
    search_engine: o.searchEngine,
  };
}
