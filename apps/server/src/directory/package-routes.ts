import { randomUUID } from 'node:crypto';
import {
  packageRequestBody,
  packageRequestListQuery,
  packageRequestPage,
  packageRequestRecord,
  packageTypes,
} from '@rostra/core/api/package-requests';
import { FORM_TEXT } from '@rostra/core/shell/messages';
import {
  createPackageRequest,
  listPackageRequests,
  listPackageTypes,
  markPackageRequestHandled,
} from '@rostra/db/directory/package-requests';
import { type Access, DISPATCHERS, requireAuth, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { idParams, notFound } from '../http/kit.ts';

/*
 * Customer package requests (shell spec §5, issue #22 point 14): a customer sends one (a type
 * from the organisation's active service labels, a note); dispatchers list them and mark them
 * handled; a customer lists their own.
 */

const CUSTOMERS: Access = { kind: 'signedIn', roles: ['customer'] };
const CUSTOMERS_AND_DISPATCHERS: Access = { kind: 'signedIn', roles: ['customer', 'dispatcher'] };

export function packageRoutes(app: App): void {
  const db = () => app.deps.db.db;

  app.get(
    `${API}/package-requests/types`,
    {
      config: { access: CUSTOMERS_AND_DISPATCHERS },
      schema: {
        tags: ['directory'],
        summary: "The package types a customer may choose: the organisation's active service labels",
        response: { 200: packageTypes },
      },
    },
    async (request) => ({ items: await listPackageTypes(db(), requireAuth(request).orgId) }),
  );

  app.get(
    `${API}/package-requests`,
    {
      config: { access: CUSTOMERS_AND_DISPATCHERS },
      schema: {
        tags: ['directory'],
        summary: "Package requests, newest first: all of them for dispatchers, a customer's own",
        querystring: packageRequestListQuery,
        response: { 200: packageRequestPage },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const q = request.query;
      return listPackageRequests(db(), caller.orgId, {
        uid: caller.uid,
        isDispatcher: caller.role === 'dispatcher',
        ...(q.open === undefined ? {} : { open: q.open === 'true' }),
        page: q.page ?? 1,
        limit: q.limit ?? 10,
      });
    },
  );

  app.post(
    `${API}/package-requests`,
    {
      config: { access: CUSTOMERS },
      schema: {
        tags: ['directory'],
        summary: 'Send the organisation a service package request (a type and a note)',
        body: packageRequestBody,
        response: { 201: packageRequestRecord },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const created = await createPackageRequest(db(), caller.orgId, {
        id: randomUUID(),
        typeId: request.body.type,
        note: request.body.note ?? '',
        uid: caller.uid,
        customerId: caller.customerId,
        now: app.identity.now(),
      });
      // Not one of the organisation's service types: as good as none chosen (spec §5's message).
      if (!created)
        throw new HttpError(400, 'package_type_required', FORM_TEXT.packageTypeRequired, { field: 'type' });
      return reply.status(201).send(created);
    },
  );

  app.post(
    `${API}/package-requests/:id/handled`,
    {
      config: { access: withRecord(DISPATCHERS, { table: 'package_requests' }) },
      schema: {
        tags: ['directory'],
        summary: 'Mark a package request handled (a second time keeps the first)',
        params: idParams,
        response: { 200: packageRequestRecord },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const handled = await markPackageRequestHandled(db(), caller.orgId, {
        id: request.params.id,
        uid: caller.uid,
        now: app.identity.now(),
      });
      if (!handled) throw notFound();
      return handled;
    },
  );
}
