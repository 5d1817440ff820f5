import {
  companyChangeAnswer,
  companyChangeBody,
  companyGeofenceBody,
  companyRecord,
} from '@rostra/core/api/settings';
import { checkCompanyChange } from '@rostra/core/settings/company';
import { recheckedSchema } from '@rostra/core/timeline/rechecked';
import { updateCompany } from '@rostra/db/admin/company';
import { getCompany } from '@rostra/db/identity/company';
import { DISPATCHERS, MEMBERS, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { CONFLICT, expectedVersion, withETag, written } from '../http/kit.ts';
import { refused } from './http.ts';

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
      schema: {
        tags: ['settings'],
        summary: 'The company profile',
        response: { ...CONFLICT, 200: companyRecord },
      },
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
        response: { ...CONFLICT, 200: companyRecord.extend({ rechecked: recheckedSchema.optional() }) },
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
        body: companyGeofenceBody,
        response: { ...CONFLICT, 200: companyChangeAnswer },
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
