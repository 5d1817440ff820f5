import {
  calendarEventRecord,
  calendarEventTypeFilter,
  createCalendarEventBody,
  updateCalendarEventBody,
} from '@rostra/core/api/calendar-events';
import {
  createProjectTaskBody,
  projectTaskRecord,
  updateProjectTaskBody,
} from '@rostra/core/api/project-tasks';
import { createQuickViewBody, quickViewRecord, updateQuickViewBody } from '@rostra/core/api/quick-views';
import { calendarEventListWhere, quickViewListWhere } from '@rostra/db/scheduling/list-filters';
import { CALENDAR_EVENTS, PROJECT_TASKS, QUICK_VIEWS } from '@rostra/db/scheduling/record-kinds';
import { readersCheck } from '../directory/readers.ts';
import { DISPATCHERS, MEMBERS } from '../http/access.ts';
import type { App } from '../http/api.ts';
import { queryBoolean } from '../http/kit.ts';
import { recordRoutes } from './record-routes.ts';

/**
 * Quick views (dispatchers' own saved views), project tasks and calendar events (simple records
 * with a readers list; no actions for any role, spec §6).
 */
export function planningRoutes(app: App): void {
  recordRoutes(app, {
    path: '/quick-views',
    tag: 'records',
    noun: 'quick view',
    kind: QUICK_VIEWS,
    record: { table: 'quick_views' },
    read: DISPATCHERS,
    write: DISPATCHERS,
    createBody: createQuickViewBody,
    updateBody: updateQuickViewBody,
    response: quickViewRecord,
    // The list is the caller's own views (spec §7: quicviews by uid, cus_view false unless asked).
    filters: { cus_view: queryBoolean.optional() },
    where: (q, caller) => quickViewListWhere(caller.uid, q.cus_view as boolean | undefined),
    ownedBy: (caller) => ({ uid: caller.uid }),
  });

  recordRoutes(app, {
    path: '/project-tasks',
    tag: 'records',
    noun: 'project task',
    kind: PROJECT_TASKS,
    record: { table: 'project_tasks' },
    read: MEMBERS,
    write: DISPATCHERS,
    createBody: createProjectTaskBody,
    updateBody: updateProjectTaskBody,
    response: projectTaskRecord,
    hasReaders: true,
    checkBody: readersCheck(app, PROJECT_TASKS),
  });

  recordRoutes(app, {
    path: '/calendar-events',
    tag: 'records',
    noun: 'calendar event',
    kind: CALENDAR_EVENTS,
    record: { table: 'calendar_events' },
    read: MEMBERS,
    write: DISPATCHERS,
    createBody: createCalendarEventBody,
    updateBody: updateCalendarEventBody,
    response: calendarEventRecord,
    hasReaders: true,
    checkBody: readersCheck(app, CALENDAR_EVENTS),
    // `?type=`: events of that type only (the type is a field of the event's data).
    filters: { type: calendarEventTypeFilter },
    where: (q) => calendarEventListWhere(typeof q.type === 'string' ? q.type : undefined),
  });
}
