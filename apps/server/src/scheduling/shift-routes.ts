import {
  dailyShiftsAnswer,
  dailyShiftsQuery,
  putShiftBody,
  savedShift,
  shiftPage,
  shiftRecord,
  shiftWeekParams,
  weekShiftsQuery,
} from '@rostra/core/api/shifts';
import { WEEK_ID_PATTERN } from '@rostra/core/records/shift';
import {
  deleteShift,
  getShift,
  hasResource,
  listDailyShifts,
  listShifts,
  putShift,
} from '@rostra/db/scheduling/shifts';
import { z } from 'zod';
import {
  CATALOGUE_READERS,
  type Caller,
  DISPATCHERS,
  requireAuth,
  screenAccess,
  withRecord,
} from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import {
  CONFLICT,
  expectedVersion,
  ID,
  notFound,
  paged,
  pageQuery,
  requireWindow,
  versionToWrite,
  withETag,
  written,
} from '../http/kit.ts';

const RESOURCE = { table: 'resources' };

/**
 * Weekly timesheet records, addressed as a resource's week (`/resources/:id/shifts/:week_id`, the
 * record `_id` being `resourceId_weekId`), and the daily shifts derived from them.
 * Dispatchers and partners read every resource's; a resource user reads their own.
 */
export function shiftRoutes(app: App): void {
  const db = () => app.deps.db.db;
  const mayRead = (caller: Caller, resourceId: string) =>
    caller.role === 'dispatcher' || caller.duties.includes('partner') || caller.resourceId === resourceId;
  /** The resource must exist and be readable (404), then the week must be a week (400). */
  const resourceWeek = async (caller: Caller, resourceId: string, weekId: string | undefined) => {
    if (!mayRead(caller, resourceId) || !(await hasResource(db(), caller.orgId, resourceId)))
      throw notFound();
    if (weekId !== undefined && !WEEK_ID_PATTERN.test(weekId)) {
      throw new HttpError(400, 'invalid_week_id', 'week_id must be YYYY-MM-DD_YYYY-MM-DD', {
        field: 'week_id',
      });
    }
  };
  // The week is checked in the handler, after the resource: a week id of another organisation's
  // resource must answer 404 like the resource itself, whatever it looks like (shiftWeekParams).
  const weekParams = shiftWeekParams;

  app.get(
    `${API}/shifts`,
    {
      config: { access: CATALOGUE_READERS },
      schema: {
        tags: ['shifts'],
        summary: "The weekly records of one week (every resource's)",
        querystring: z.strictObject({ ...pageQuery, ...weekShiftsQuery }),
        response: { 200: shiftPage },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const q = request.query;
      return paged(() =>
        listShifts(db(), caller.orgId, { weekId: q.week_id, cursor: q.cursor, limit: q.limit }),
      );
    },
  );

  app.get(
    `${API}/daily-shifts`,
    {
      config: { access: CATALOGUE_READERS },
      schema: {
        tags: ['shifts'],
        summary: 'Daily shifts overlapping [from, to) derived from the weekly records',
        querystring: dailyShiftsQuery,
        response: { 200: dailyShiftsAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { from, to } = request.query;
      requireWindow(from, to, 62 * 86_400, 'the window is at most 62 days');
      return { items: await listDailyShifts(db(), caller.orgId, from, to) };
    },
  );

  app.get(
    `${API}/resources/:id/shifts`,
    {
      config: { access: withRecord(screenAccess('shifts'), RESOURCE) },
      schema: {
        tags: ['shifts'],
        summary: "A resource's weekly records",
        params: z.strictObject({ id: ID }),
        querystring: z.strictObject(pageQuery),
        response: { 200: shiftPage },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      await resourceWeek(caller, request.params.id, undefined);
      const q = request.query;
      return paged(() =>
        listShifts(db(), caller.orgId, { resourceId: request.params.id, cursor: q.cursor, limit: q.limit }),
      );
    },
  );

  app.get(
    `${API}/resources/:id/shifts/:week_id`,
    {
      config: { access: withRecord(screenAccess('shifts'), RESOURCE) },
      schema: {
        tags: ['shifts'],
        summary: "A resource's weekly record of one week",
        params: weekParams,
        response: { 200: shiftRecord },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      await resourceWeek(caller, request.params.id, request.params.week_id);
      const shift = await getShift(db(), caller.orgId, request.params.id, request.params.week_id);
      if (!shift) throw notFound();
      return withETag(reply, shift);
    },
  );

  app.put(
    `${API}/resources/:id/shifts/:week_id`,
    {
      config: { access: withRecord(DISPATCHERS, RESOURCE) },
      schema: {
        tags: ['shifts'],
        summary: "Set a resource's weekly record of one week (version 0 creates it; stale → 409)",
        params: weekParams,
        body: putShiftBody,
        response: { ...CONFLICT, 200: savedShift },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      await resourceWeek(caller, request.params.id, request.params.week_id);
      const { version, ...fields } = request.body;
      const expected = expectedVersion(request, version);
      const result = await putShift(
        db(),
        caller.orgId,
        request.params.id,
        request.params.week_id,
        fields,
        expected,
      );
      return withETag(reply, written(result));
    },
  );

  app.delete(
    `${API}/resources/:id/shifts/:week_id`,
    {
      config: { access: withRecord(DISPATCHERS, RESOURCE) },
      schema: {
        tags: ['shifts'],
        summary: "Delete a resource's weekly record (stale → 409)",
        params: weekParams,
        response: { ...CONFLICT, 200: savedShift },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      await resourceWeek(caller, request.params.id, request.params.week_id);
      const expected = await versionToWrite(
        request,
        undefined,
        getShift(db(), caller.orgId, request.params.id, request.params.week_id),
      );
      return written(
        await deleteShift(db(), caller.orgId, request.params.id, request.params.week_id, expected),
      );
    },
  );
}
