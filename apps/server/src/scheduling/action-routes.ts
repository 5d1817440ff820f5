import { actionAnswer, actionBody } from '@rostra/core/api/bookings';
import { canTakeAction, JOB_ACTIONS, type JobAction, type RecordKind } from '@rostra/core/shell/roles';
import { applyAction } from '@rostra/db/scheduling/apply-action';
import { getTimelineRecord } from '@rostra/db/scheduling/read-timeline-records';
import { z } from 'zod';
import { type Access, readerOf, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { CONFLICT, ID, notFound, withETag, written } from '../http/kit.ts';

/**
 * Who may call the action route at all: the roles that have any action in the core's table
 * (customer and scheduler have none). Which action each may take is the core's `canTakeAction`.
 */
const ACTORS: Access = {
  kind: 'signedIn',
  roles: ['dispatcher', 'resource'],
  record: { table: 'timeline_records' },
};

/**
 * `POST /bookings/:id/actions/:action` (spec §6): options, park, cancel, allocate, dispatch,
 * start, finish, review — per role exactly as the core's table (customer none; resource options,
 * dispatch, start, finish; dispatcher all). A resource acts on the bookings they may read.
 */
export function actionRoutes(app: App): void {
  app.post(
    `${API}/bookings/:id/actions/:action`,
    {
      config: { access: ACTORS },
      schema: {
        tags: ['actions'],
        summary: 'Take a status action on a booking or group event',
        // The action is checked after the booking: another organisation's booking is 404 whatever
        // the action says.
        params: z.strictObject({ id: ID, action: z.string().min(1).max(40) }),
        body: actionBody.nullish(),
        response: { ...CONFLICT, 200: actionAnswer },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const db = app.deps.db.db;
      const record = await getTimelineRecord(db, caller.orgId, request.params.id, readerOf(caller));
      if (!record) throw notFound();
      const action = request.params.action as JobAction;
      if (!(JOB_ACTIONS as readonly string[]).includes(action)) {
        throw new HttpError(400, 'unknown_action', `Actions are ${JOB_ACTIONS.join(', ')}`);
      }
      const key = record._key ?? 'booking';
      if (key !== 'booking' && key !== 'groupevent') {
        throw new HttpError(400, 'not_actionable', 'Actions are taken on bookings and group events');
      }
      if (!canTakeAction(caller.role, key as RecordKind, action)) {
        throw new HttpError(403, 'action_not_allowed', `A ${caller.role} cannot ${action} a ${key}`);
      }
      const body = request.body ?? {};
      const result = await applyAction(db, caller.orgId, {
        recordId: record._id,
        action,
        uid: caller.uid,
        byDispatcher: caller.role === 'dispatcher',
        option: body.option,
        note: body.note,
        expected: body.version,
        now: app.identity.now(),
      });
      const saved = written(result.ok ? { ok: true, record: result.record } : result);
      const { state, update } = result as {
        state: Record<string, unknown>;
        update: Record<string, unknown> | null;
      };
      withETag(reply, saved);
      return { record: saved, state, update };
    },
  );
}
