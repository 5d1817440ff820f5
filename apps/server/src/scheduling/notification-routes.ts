import { bid, bidBody, bidList } from '@rostra/core/api/boards';
import {
  notificationPage,
  notificationState as notificationStateAnswer,
  notificationsSeenAnswer,
  versionSeenAnswer,
  versionSeenBody,
  versionsAnswer,
} from '@rostra/core/api/notifications';
import { canSeeWhatsNew } from '@rostra/core/shell/roles';
import { listVersions, markVersionSeen } from '@rostra/db/infra/versions';
import { isOnJobBoard, listBids, placeBid } from '@rostra/db/scheduling/bids';
import {
  listNotifications,
  markNotificationsSeen,
  notificationState,
} from '@rostra/db/scheduling/notifications';
import { getTimelineRecord } from '@rostra/db/scheduling/read-timeline-records';
import { z } from 'zod';
import { type Access, type Caller, MEMBERS, readerOf, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { CONFLICT, idParams, notFound, paged, written } from '../http/kit.ts';

/** What's New is for everyone but customers (the core's canSeeWhatsNew), as a route declaration. */
const WHATS_NEW: Access = {
  kind: 'signedIn',
  roles: (['dispatcher', 'scheduler', 'resource', 'customer'] as const).filter(canSeeWhatsNew),
};
const BIDDERS: Access = { kind: 'signedIn', roles: ['resource'], record: { table: 'timeline_records' } };
const BID_READERS: Access = {
  kind: 'signedIn',
  roles: ['dispatcher', 'resource'],
  record: { table: 'timeline_records' },
};

/**
 * Notifications (40 per page, newest first; dispatchers also get the organisation's), the dot
 * (any notification or bid newer than last seen, the core's rule), last seen, bids on job-board
 * items, and the released versions with what each user has seen (What's New).
 */
export function notificationRoutes(app: App): void {
  const db = () => app.deps.db.db;
  const who = (c: Caller) => ({ uid: c.uid, isDispatcher: c.role === 'dispatcher' });

  app.get(
    `${API}/notifications`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first, 40 per page",
        querystring: z.strictObject({ cursor: z.string().max(400).optional() }),
        response: { 200: notificationPage },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return paged(() => listNotifications(db(), caller.orgId, who(caller), request.query.cursor));
    },
  );

  app.post(
    `${API}/notifications/seen`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['notifications'],
        summary: 'Store now as the last time the caller saw their notifications (clears the dot)',
        response: { 200: notificationsSeenAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return { last_seen: await markNotificationsSeen(db(), caller.orgId, caller.uid, app.identity.now()) };
    },
  );

  app.get(
    `${API}/notifications/state`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['notifications'],
        summary: 'The notification dot: any notification or bid newer than last seen',
        response: {
          200: notificationStateAnswer,
        },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return notificationState(db(), caller.orgId, who(caller));
    },
  );

  /** The booking a bid route names: 404 unless the caller may see it (dispatcher, reader, or on the job board). */
  const bidBooking = async (caller: Caller, id: string) => {
    const readable = await getTimelineRecord(db(), caller.orgId, id, readerOf(caller));
    if (readable) return;
    if (caller.role === 'resource' && (await isOnJobBoard(db(), caller.orgId, id))) return;
    throw notFound();
  };

  app.get(
    `${API}/bookings/:id/bids`,
    {
      config: { access: BID_READERS },
      schema: {
        tags: ['notifications'],
        summary: "A booking's bids: all of them for dispatchers, the caller's own for resources",
        params: idParams,
        response: { 200: bidList },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      await bidBooking(caller, request.params.id);
      const only = caller.role === 'dispatcher' ? undefined : caller.uid;
      return { items: await listBids(db(), caller.orgId, request.params.id, only) };
    },
  );

  app.post(
    `${API}/bookings/:id/bids`,
    {
      config: { access: BIDDERS },
      schema: {
        tags: ['notifications'],
        summary: 'Bid on a job-board item (an unassigned booking)',
        params: idParams,
        body: bidBody.nullish(),
        response: { ...CONFLICT, 201: bid },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const exists = await getTimelineRecord(db(), caller.orgId, request.params.id, {
        uid: caller.uid,
        seesAll: true,
      });
      if (!exists) throw notFound();
      const body = request.body ?? {};
      const saved = written(
        await placeBid(
          db(),
          caller.orgId,
          {
            recordId: request.params.id,
            uid: caller.uid,
            resourceId: caller.resourceId,
            amount: body.amount,
            note: body.note,
          },
          app.identity.now(),
        ),
      );
      return reply.status(201).send(saved);
    },
  );

  app.get(
    `${API}/versions`,
    {
      config: { access: WHATS_NEW },
      schema: {
        tags: ['notifications'],
        summary: "Released versions, newest first, each with whether the caller has seen it (What's New)",
        response: { 200: versionsAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const items = await listVersions(db(), caller.uid);
      return { items, unseen: items.filter((v) => !v.seen).length };
    },
  );

  app.post(
    `${API}/versions/seen`,
    {
      config: { access: WHATS_NEW },
      schema: {
        tags: ['notifications'],
        summary: 'Mark a released version as seen by the caller',
        body: versionSeenBody,
        response: { 200: versionSeenAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      if (!(await markVersionSeen(db(), caller, request.body.version, app.identity.now()))) {
        throw new HttpError(404, 'not_found', 'No such version');
      }
      return { version: request.body.version, seen: true };
    },
  );
}
