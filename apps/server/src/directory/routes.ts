import { randomUUID } from 'node:crypto';
import {
  announcementBody,
  announcementListQuery,
  announcementPage,
  announcementRecord,
} from '@rostra/core/api/announcements';
import {
  calendarEventDirectoryPage,
  calendarEventDirectoryQuery,
  calendarWindowAnswer,
} from '@rostra/core/api/calendar-events';
import { customerDirectoryPage, customerDirectoryQuery, customerOverview } from '@rostra/core/api/customers';
import { groupEventDirectoryPage, groupEventDirectoryQuery } from '@rostra/core/api/group-events';
import { homeFeed, homeFeedQuery, todayNumbers as todayNumbersAnswer } from '@rostra/core/api/home';
import { projectTaskDirectoryPage, projectTaskDirectoryQuery } from '@rostra/core/api/project-tasks';
import { resourceDirectoryPage, resourceDirectoryQuery, resourceOverview } from '@rostra/core/api/resources';
import { createAnnouncement, listAnnouncements } from '@rostra/db/directory/announcements';
import { calendarWindow } from '@rostra/db/directory/calendar';
import { listGroupEvents } from '@rostra/db/directory/group-events';
import { activityFeed, todayNumbers } from '@rostra/db/directory/home';
import { listDirectoryCustomers, listDirectoryResources } from '@rostra/db/directory/lists';
import {
  customerOverview as readCustomerOverview,
  resourceOverview as readResourceOverview,
} from '@rostra/db/directory/overviews';
import { listDirectoryCalendarEvents, listDirectoryTasks } from '@rostra/db/directory/planning';
import { type MasterLabelFilters, masterLabelFilters } from '@rostra/db/scheduling/dispatcher-master-labels';
import { getRecord } from '@rostra/db/scheduling/get-record';
import { CUSTOMERS, RESOURCES } from '@rostra/db/scheduling/record-kinds';
import { z } from 'zod';
import {
  type Access,
  type Caller,
  DISPATCHERS,
  MEMBERS,
  readerOf,
  requireAuth,
  screenAccess,
  withRecord,
} from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { seesConflictDetails } from '../http/conflict-details.ts';
import { HttpError } from '../http/errors.ts';
import { idParams, notFound, SECONDS } from '../http/kit.ts';
import { packageRoutes } from './package-routes.ts';

/*
 * Routes of the directory screens (issue 8): numbered, searchable lists of customers, resources
 * and group events; what a customer's and a resource's detail shows beside the record; the home
 * page's numbers and feed; the calendar's month; announcements. Records themselves are read and
 * written through the scheduling collections (`/customers`, `/resources`, `/timeline-records`, …).
 */

/** Page sizes the screens use (spec §9: 10 default pages, 40, 50 group lists); at most 250. */
const DEFAULT_LIMIT = 40;
const MAX_WINDOW_S = 62 * 86_400;

/**
 * A db answer as the route's response schema types it: the records come from the db untyped, and
 * the response serializer checks them against that same schema on the way out.
 */
const typed = <S extends z.ZodType>(_schema: S, value: unknown) => value as z.output<S>;

async function masterFilter(app: App, caller: Caller): Promise<MasterLabelFilters> {
  return caller.role === 'dispatcher' ? masterLabelFilters(app.deps.db.db, caller.orgId, caller.uid) : {};
}

/**
 * A numbered directory list, `GET /directory/<path>`: its query and page schemas (core's), and what
 * lists it for the caller (page 1 and 40 a page unless asked).
 */
const listRoute =
  (app: App) =>
  <Q extends z.ZodType<{ page?: number | undefined; limit?: number | undefined }>, P extends z.ZodType>(
    path: string,
    access: Access,
    summary: string,
    querystring: Q,
    response: P,
    list: (caller: Caller, query: z.output<Q> & { page: number; limit: number }) => Promise<unknown>,
  ) =>
    app.get(
      `${API}/directory/${path}`,
      {
        config: { access },
        // The schemas as plain zod types: fastify's inference does not see through the generics.
        schema: {
          tags: ['directory'],
          summary,
          querystring: querystring as z.ZodType,
          response: { 200: response as z.ZodType },
        },
      },
      async (request) => {
        const caller = requireAuth(request);
        const q = request.query as z.output<Q>;
        return list(caller, { ...q, page: q.page ?? 1, limit: q.limit ?? DEFAULT_LIMIT });
      },
    );

export function directoryRoutes(app: App): void {
  const db = () => app.deps.db.db;
  packageRoutes(app);

  const list = listRoute(app);
  list(
    'customers',
    screenAccess('customers'),
    'Customers: search, filters, numbered pages with the total',
    customerDirectoryQuery,
    customerDirectoryPage,
    async (caller, q) =>
      listDirectoryCustomers(db(), caller.orgId, {
        ...q,
        where: (await masterFilter(app, caller)).customers,
      }),
  );

  app.get(
    `${API}/directory/customers/:id/overview`,
    {
      config: { access: withRecord(screenAccess('customers'), { table: 'customers' }) },
      schema: {
        tags: ['directory'],
        summary: "A customer's blacklisted resources, service plans and booking counts",
        params: idParams,
        response: { 200: customerOverview },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      if (!(await getRecord(db(), caller.orgId, CUSTOMERS, request.params.id))) throw notFound();
      return typed(
        customerOverview,
        await readCustomerOverview(db(), caller.orgId, request.params.id, app.identity.now()),
      );
    },
  );

  list(
    'resources',
    screenAccess('resources'),
    'Resources (never promoted dispatchers): search, filters, numbered pages with the total',
    resourceDirectoryQuery,
    resourceDirectoryPage,
    async (caller, q) =>
      listDirectoryResources(db(), caller.orgId, {
        ...q,
        where: (await masterFilter(app, caller)).resources,
      }),
  );

  app.get(
    `${API}/directory/resources/:id/overview`,
    {
      config: { access: withRecord(screenAccess('resources'), { table: 'resources' }) },
      schema: {
        tags: ['directory'],
        summary: "A resource's blacklisting customers, leaves and this week's shifts",
        params: idParams,
        response: { 200: resourceOverview },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const found = await getRecord(db(), caller.orgId, RESOURCES, request.params.id);
      if (!found || found.promoted_dispatcher === true) throw notFound();
      return typed(
        resourceOverview,
        await readResourceOverview(db(), caller.orgId, request.params.id, app.identity.now()),
      );
    },
  );

  list(
    'group-events',
    MEMBERS,
    'Group events the caller may read: search, window, numbered pages with the total',
    groupEventDirectoryQuery,
    groupEventDirectoryPage,
    (caller, q) => listGroupEvents(db(), caller.orgId, readerOf(caller), q),
  );

  list(
    'project-tasks',
    MEMBERS,
    'Project tasks the caller may read: search, status, numbered pages (latest changed first)',
    projectTaskDirectoryQuery,
    projectTaskDirectoryPage,
    (caller, q) => listDirectoryTasks(db(), caller.orgId, readerOf(caller), q),
  );

  list(
    'calendar-events',
    MEMBERS,
    'Calendar events the caller may read: search, task, window, numbered pages (soonest first)',
    calendarEventDirectoryQuery,
    calendarEventDirectoryPage,
    (caller, q) => listDirectoryCalendarEvents(db(), caller.orgId, readerOf(caller), q),
  );

  app.get(
    `${API}/directory/home/today`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['directory'],
        summary: "Today's numbers: bookings by status, unassigned, conflicts, resources on shift and leave",
        response: { 200: todayNumbersAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const withShifts = caller.role === 'dispatcher' || caller.duties.includes('partner');
      const numbers = await todayNumbers(db(), caller.orgId, readerOf(caller), app.identity.now(), {
        withShifts,
      });
      // Conflicts are the dispatchers' (http/conflict-details.ts): no one else gets their count.
      return seesConflictDetails(caller) ? numbers : { ...numbers, conflicts: null };
    },
  );

  app.get(
    `${API}/directory/home/feed`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['directory'],
        summary: 'Recent activity, newest first: state changes, new bookings, notifications',
        querystring: homeFeedQuery,
        response: { 200: homeFeed },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const items = await activityFeed(db(), caller.orgId, readerOf(caller), {
        before: request.query.before,
        limit: request.query.limit ?? 10,
      });
      return { items, now: app.identity.now().getTime() };
    },
  );

  app.get(
    `${API}/directory/calendar`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['directory'],
        summary: 'Bookings, group events and calendar events overlapping [from, to) (at most 62 days)',
        querystring: z.strictObject({
          from: z.coerce.number().pipe(SECONDS),
          to: z.coerce.number().pipe(SECONDS),
        }),
        response: { 200: calendarWindowAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { from, to } = request.query;
      if (to <= from) throw new HttpError(400, 'invalid_window', 'to must be after from');
      if (to - from > MAX_WINDOW_S)
        throw new HttpError(400, 'invalid_window', 'the window is at most 62 days');
      return calendarWindow(db(), caller.orgId, readerOf(caller), from, to);
    },
  );

  app.get(
    `${API}/announcements`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['directory'],
        summary: "Announcements to the caller's role (dispatchers: all), newest first",
        querystring: announcementListQuery,
        response: { 200: announcementPage },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return listAnnouncements(db(), caller.orgId, {
        role: caller.role,
        page: request.query.page ?? 1,
        limit: request.query.limit ?? 10,
      });
    },
  );

  app.post(
    `${API}/announcements`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['directory'],
        summary: 'Post an announcement: stored and broadcast live to its audience',
        body: announcementBody,
        response: { 201: announcementRecord },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const b = request.body;
      const announcement = await createAnnouncement(db(), caller.orgId, {
        id: randomUUID(),
        title: b.title,
        body: b.body,
        roles: b.roles ?? [],
        uid: caller.uid,
      });
      return reply.status(201).send(announcement);
    },
  );
}
