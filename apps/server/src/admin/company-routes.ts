import { checkCompanyChange } from '@rostra/core/settings/company';
import { recheckedSchema } from '@rostra/core/timeline/rechecked';
import { updateCompany } from '@rostra/db/admin/company';
import { getCompany } from '@rostra/db/identity/company';
import { z } from 'zod';
import { DISPATCHERS, MEMBERS, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { expectedVersion, recordResponse, VERSION, withETag, written } from '../http/kit.ts';
import { refused } from './http.ts';

const TEXT = z.string().max(200);
const ID = z.string().max(60);
const NUMBER_OR_TEXT = z.union([z.number(), z.string().max(40), z.null()]);
const GEOFENCE = z.strictObject({ lat: z.number(), lng: z.number(), radius: z.number() });

/** A change of the company profile: the fields it changes (the core checks their values). */
export const companyChangeBody = z.strictObject({
  name: TEXT.optional(),
  gst_value: z.number().optional(),
  default_country: z.strictObject({ name: TEXT, code: z.string().max(20) }).optional(),
  date_format: z.string().max(40).optional(),
  time_zone: z.string().max(80).optional(),
  overlap_buffer_minutes: NUMBER_OR_TEXT.optional().describe('minutes; rounded; empty → 5'),
  max_distance: z.number().optional().describe('metres'),
  careplan_type: z.array(TEXT).max(100).optional(),
  event_label_types: z
    .array(z.union([ID, z.strictObject({ id: ID })]))
    .max(100)
    .optional(),
  doc_statuses: z
    .record(
      z.string().max(100),
      z.union([z.number(), z.strictObject({ order: z.number(), secondary_label: TEXT.optional() })]),
    )
    .optional(),
  geofence: GEOFENCE.nullable().optional(),
  version: VERSION.optional().describe('the version read (or If-Match); stale → 409, none → 428'),
});

/**
 * The company profile (shell spec §3): every member reads it (`GET /company`, as in `/me`);
 * dispatchers change it (`PUT /company`, the fields named; the core's rules check and normalise
 * them, e.g. the overlap buffer rounded, default 5, non-numeric refused). Each change reaches
 * every member on the live `settings` topic (`_key: 'company'`). Changes are versioned as every
 * shared record is: they name the version read (body `version` or `If-Match`; answers carry the
 * ETag), a stale one answers 409 `version_conflict` with the current document and writes nothing,
 * none answers 428 `version_required`. A change of the overlap buffer or the maximum distance
 * re-checks the organisation's bookings from today on and answers `rechecked` (issue 16).
 */
export function companyRoutes(app: App): void {
  const db = () => app.deps.db.db;

  app.get(
    `${API}/company`,
    {
      config: { access: MEMBERS },
      schema: { tags: ['settings'], summary: 'The company profile', response: { 200: recordResponse } },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const doc = await getCompany(db(), caller.orgId);
      if (!doc) throw new HttpError(404, 'not_found', 'Not found');
      return withETag(reply, doc);
    },
  );

  /** The fields are checked before the version, so a bad value is named whatever was sent. */
  const change = async (orgId: string, body: unknown, expected: () => number) => {
    const checked = checkCompanyChange(body);
    if (!checked.ok) throw refused(checked.issues);
    return written(await updateCompany(db(), orgId, checked.value, expected(), app.identity.now()));
  };

  app.put(
    `${API}/company`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['settings'],
        summary: 'Change fields of the company profile (the fields sent; the others stay)',
        body: companyChangeBody,
        // A changed overlap buffer or maximum distance re-checks the bookings from today on.
        response: { 200: recordResponse.extend({ rechecked: recheckedSchema.optional() }) },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { version, ...fields } = request.body;
      return withETag(reply, await change(caller.orgId, fields, () => expectedVersion(request, version)));
    },
  );

  // The shell's geofence dialog (spec §7): `{ org_id, geofence, version }` → `{ status }`.
  app.post(
    `${API}/company/geofence`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['settings'],
        summary: "Set the company's geofence (centre in degrees, radius in metres)",
        body: z.strictObject({
          org_id: ID,
          geofence: GEOFENCE.nullable(),
          version: VERSION.optional().describe("the company document's version read (or If-Match)"),
        }),
        response: { 200: z.object({ status: z.boolean(), message: z.string().optional() }) },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      if (request.body.org_id !== caller.orgId) {
        throw new HttpError(400, 'wrong_org', 'org_id is not your active organisation');
      }
      await change(caller.orgId, { geofence: request.body.geofence }, () =>
        expectedVersion(request, request.body.version),
      );
      return { status: true };
    },
  );
}
