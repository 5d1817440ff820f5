import { DAY, dayStart, HOUR } from '@rostra/core/time/calendar';
import type { orgDocuments } from '../schema/documents.ts';
import type { calendarEvents, projectTasks } from '../schema/planning.ts';
import type { GeneratedOrg, OrgPlan } from './generate.ts';

/*
 * Demo data of the directory screens (issue 8): announcements, the workflows document behind
 * Events (a default group with its calendar events), a few project tasks and calendar events.
 * Group events come with the generated timeline records. Times are relative to "now" on the
 * organisation's wall clock, like the rest of the seed.
 */

/** Menu entries the demo organisations also show (project tasks stay off: the shell spec turns it on). */
export const DIRECTORY_MENU = { announcements: true, events: true, calevents: true } as const;

export function directoryWorkflows(plan: OrgPlan): Record<string, unknown> {
  const care = plan.kind === 'care';
  return {
    workflow_groups: [
      { groupID: 'main', name: care ? 'Care team' : 'Crew', isDefault: true },
      { groupID: 'office', name: 'Office' },
    ],
    workflow_calevents: [
      {
        _key: 'team_meeting',
        _value: 'Team meeting',
        groupID: 'main',
        color: '#e0f2fe',
        textColor: '#0c4a6e',
      },
      { _key: 'training', _value: 'Training', groupID: 'main', color: '#fef3c7', textColor: '#78350f' },
      care
        ? {
            _key: 'care_review',
            _value: 'Care plan review',
            groupID: 'main',
            color: '#dcfce7',
            textColor: '#14532d',
          }
        : {
            _key: 'truck_service',
            _value: 'Truck service',
            groupID: 'main',
            color: '#dcfce7',
            textColor: '#14532d',
          },
      {
        _key: 'payroll',
        _value: 'Payroll cut-off',
        groupID: 'office',
        color: '#f3f4f6',
        textColor: '#374151',
      },
    ],
  };
}

export function directoryDocuments(plan: OrgPlan): (typeof orgDocuments.$inferInsert)[] {
  return [
    {
      orgId: plan.id,
      id: 'announcement-1',
      kind: 'announcement',
      name: 'Welcome to Rostra',
      data: { body: `Rosters, bookings and timesheets for ${plan.name} now live here.`, roles: [] },
    },
    {
      orgId: plan.id,
      id: 'announcement-2',
      kind: 'announcement',
      name: 'Public holiday rates',
      data: { body: 'Shifts on public holidays are paid at the holiday rate.', roles: ['resource'] },
    },
  ];
}

export function directoryPlanning(
  plan: OrgPlan,
  data: GeneratedOrg,
  now: number,
): { tasks: (typeof projectTasks.$inferInsert)[]; events: (typeof calendarEvents.$inferInsert)[] } {
  const orgId = plan.id;
  const today = dayStart(now);
  const customer = data.customers[0];
  // The first customer's user may read the task about them (readers list).
  const readers = customer?.uid ? [customer.uid] : [];
  const care = plan.kind === 'care';
  const tasks = [
    {
      orgId,
      id: 'task-1',
      name: care ? 'Home safety assessment' : 'Office relocation plan',
      status: 'open',
      readers,
      data: { customerId: customer?.id ?? null, notes: 'Visit, check and report.' },
    },
    { orgId, id: 'task-2', name: 'Quarterly compliance audit', status: 'in progress', readers: [], data: {} },
    { orgId, id: 'task-3', name: 'Induct new staff', status: 'done', readers: [], data: {} },
  ];
  const events = [
    {
      id: 'calevent-1',
      taskId: 'task-1',
      name: 'Site visit',
      at: today + DAY + 10 * HOUR,
      hours: 2,
      readers,
    },
    {
      id: 'calevent-2',
      taskId: 'task-1',
      name: 'Report review',
      at: today + 3 * DAY + 14 * HOUR,
      hours: 1,
      readers,
    },
    {
      id: 'calevent-3',
      taskId: 'task-2',
      name: 'Audit walkthrough',
      at: today + 7 * DAY + 9 * HOUR,
      hours: 3,
      readers: [],
    },
    {
      id: 'calevent-4',
      taskId: null,
      name: 'Team meeting',
      at: today + 2 * DAY + 8 * HOUR,
      hours: 1,
      readers: [],
    },
  ].map((e) => ({
    orgId,
    id: e.id,
    taskId: e.taskId,
    name: e.name,
    beginAt: e.at,
    endAt: e.at + e.hours * HOUR,
    readers: e.readers,
    data: {},
  }));
  return { tasks, events };
}
