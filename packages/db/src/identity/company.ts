import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { organisations, orgSettings } from '../schema/organisations.ts';
import { withOrg } from '../tenant.ts';

/**
 * The `org_settings` key under which the company document's version is counted (role '', value
 * `{}`): the organisations table has no version column, and no migration was made for one.
 * Absent until the first versioned change: version 0.
 */
export const COMPANY_VERSION_KEY = 'company';

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
  /** Counts the changes of the profile's fields (PUT /company, the geofence); a change names it. */
  version: number;
};

/**
 * Reads the company document of one organisation, with its version. The organisations table is
 * the tenant registry (global); this reads one row by the caller's own organisation id, and the
 * version from that organisation's settings (inside its row-level security).
 */
export async function getCompany(db: Db, orgId: string): Promise<CompanyDocument | undefined> {
  return withOrg(db, orgId, (tx) => readCompany(tx, orgId));
}

/** `getCompany` inside a transaction already bound to the organisation (`withOrg`). */
export async function readCompany(tx: Tx, orgId: string): Promise<CompanyDocument | undefined> {
  const rows = await tx
    .select({ o: organisations, version: orgSettings.version })
    .from(organisations)
    .leftJoin(
      orgSettings,
      and(
        eq(orgSettings.orgId, organisations.id),
        eq(orgSettings.key, COMPANY_VERSION_KEY),
        eq(orgSettings.role, ''),
      ),
    )
    .where(eq(organisations.id, orgId))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const o = row.o;
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
    version: row.version ?? 0,
  };
}

/**
 * The organisation's `week_start_day` (0 = Sunday … 6 = Saturday) from its allocation setting;
 * Sunday, the spec's default, when unset or not a whole day number.
 */
export async function getWeekStartDay(db: Db, orgId: string): Promise<number> {
  return withOrg(db, orgId, (tx) => readWeekStartDay(tx, orgId));
}

/** `getWeekStartDay` inside a transaction already bound to the organisation. */
export async function readWeekStartDay(tx: Tx, orgId: string): Promise<number> {
  const rows = await tx
    .select({ value: orgSettings.value })
    .from(orgSettings)
    .where(and(eq(orgSettings.orgId, orgId), eq(orgSettings.key, 'allocation'), eq(orgSettings.role, '')))
    .limit(1);
  const wsd = (rows[0]?.value as { week_start_day?: unknown } | null | undefined)?.week_start_day;
  return typeof wsd === 'number' && Number.isInteger(wsd) && wsd >= 0 && wsd <= 6 ? wsd : 0;
}
