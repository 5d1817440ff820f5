import { describe, expect, it } from 'vitest';
import {
  can,
  canSeeWhatsNew,
  canTakeAction,
  chatFeedButtons,
  hasDuty,
  hasNotificationDot,
  isPartner,
  isTermsRequired,
  JOB_ACTIONS,
  jobDetailTabs,
  parseRole,
  ROLES,
  recordActions,
} from './roles.ts';

describe('roles and duties', () => {
  it('parseRole accepts the four roles and nothing else', () => {
    expect(parseRole('dispatcher')).toBe('dispatcher');
    expect(parseRole('scheduler')).toBe('scheduler');
    expect(parseRole('resource')).toBe('resource');
    expect(parseRole('customer')).toBe('customer');
    expect(parseRole('partner')).toBeUndefined(); // a duty, not a role
    expect(parseRole('Dispatcher')).toBeUndefined();
    expect(parseRole(undefined)).toBeUndefined();
    expect(parseRole(3)).toBeUndefined();
  });

  it('partner duty is read from duty or from duties', () => {
    expect(isPartner({ role: 'resource', duty: 'partner' })).toBe(true);
    expect(isPartner({ role: 'resource', duties: ['driver', 'partner'] })).toBe(true);
    expect(isPartner({ role: 'resource', duty: 'driver', duties: ['driver'] })).toBe(false);
    expect(isPartner({ role: 'dispatcher' })).toBe(false);
    expect(hasDuty({ role: 'resource', duties: [] }, 'partner')).toBe(false);
  });
});

describe('booking and group-event actions by role (§6)', () => {
  it('customer has none of the actions', () => {
    expect(recordActions('customer', 'booking')).toEqual([]);
    expect(recordActions('customer', 'groupevent')).toEqual([]);
    for (const action of JOB_ACTIONS) expect(canTakeAction('customer', 'booking', action)).toBe(false);
  });

  it('resource has options, dispatch, start, finish — and not park, cancel, allocate, review', () => {
    expect(recordActions('resource', 'booking')).toEqual(['options', 'dispatch', 'start', 'finish']);
    expect(recordActions('resource', 'groupevent')).toEqual(['options', 'dispatch', 'start', 'finish']);
    for (const action of ['park', 'cancel', 'allocate', 'review'] as const) {
      expect(canTakeAction('resource', 'booking', action)).toBe(false);
    }
  });

  it('dispatcher has all eight', () => {
    expect(recordActions('dispatcher', 'booking')).toEqual([
      'options',
      'park',
      'cancel',
      'allocate',
      'dispatch',
      'start',
      'finish',
      'review',
    ]);
    expect(recordActions('dispatcher', 'groupevent')).toEqual(JOB_ACTIONS);
  });

  it('tasks and calendar events have no actions for any role, dispatcher included', () => {
    for (const role of ['dispatcher', 'scheduler', 'resource', 'customer'] as const) {
      expect(recordActions(role, 'task')).toEqual([]);
      expect(recordActions(role, 'calevent')).toEqual([]);
    }
    expect(canTakeAction('dispatcher', 'task', 'options')).toBe(false);
  });

  it('scheduler, not listed by the spec, gets no actions', () => {
    expect(recordActions('scheduler', 'booking')).toEqual([]);
  });
});

describe('chat feed buttons by role (§6)', () => {
  it('customer: only call service provider', () => {
    expect(chatFeedButtons('customer')).toEqual(['call_service_provider']);
  });
  it('resource: employee, call customer, tasks (no call service provider)', () => {
    expect(chatFeedButtons('resource')).toEqual(['employee', 'call_customer', 'tasks']);
  });
  it('dispatcher: employee, call customer, call service provider, tasks', () => {
    expect(chatFeedButtons('dispatcher')).toEqual([
      'employee',
      'call_customer',
      'call_service_provider',
      'tasks',
    ]);
  });
  it('scheduler: none', () => {
    expect(chatFeedButtons('scheduler')).toEqual([]);
  });
});

describe('job detail tabs by stage (§4)', () => {
  it('draft: Details only', () => {
    expect(jobDetailTabs('draft', 'dispatcher')).toEqual(['details']);
  });

  it('confirmed and dispatched: Resource, Chats, Details', () => {
    expect(jobDetailTabs('confirmed', 'customer')).toEqual(['resource', 'chats', 'details']);
    expect(jobDetailTabs('dispatched', 'resource')).toEqual(['resource', 'chats', 'details']);
  });

  it('active adds Quotes And Invoices', () => {
    expect(jobDetailTabs('active', 'resource')).toEqual([
      'resource',
      'chats',
      'details',
      'quotes_and_invoices',
    ]);
  });

  it('finished and reviewed: Resource, review form, Chats, Details, Quotes And Invoices for every role', () => {
    const five = ['resource', 'review', 'chats', 'details', 'quotes_and_invoices'];
    expect(jobDetailTabs('finished', 'customer')).toEqual(five);
    expect(jobDetailTabs('finished', 'dispatcher')).toEqual(five);
    expect(jobDetailTabs('reviewed', 'customer')).toEqual(five);
    expect(jobDetailTabs('reviewed', 'resource')).toEqual(five);
    expect(jobDetailTabs('reviewed', 'scheduler')).toEqual(five);
  });

  it('dispatchers also get Notes at reviewed — and only at reviewed', () => {
    expect(jobDetailTabs('reviewed', 'dispatcher')).toEqual([
      'resource',
      'review',
      'chats',
      'details',
      'quotes_and_invoices',
      'notes',
    ]);
    expect(jobDetailTabs('finished', 'dispatcher')).not.toContain('notes');
  });

  it('stage names compare without regard to case; unlisted stages show Details only', () => {
    expect(jobDetailTabs('Active', 'resource')).toEqual(jobDetailTabs('active', 'resource'));
    expect(jobDetailTabs('parked', 'dispatcher')).toEqual(['details']);
    expect(jobDetailTabs('', 'dispatcher')).toEqual(['details']);
  });
});

describe('notification dot: any notification or bid newer than last seen (§4)', () => {
  it('a notification one second after last seen shows the dot', () => {
    expect(hasNotificationDot({ notificationTimes: [1001], bidTimes: [], lastSeen: 1000 })).toBe(true);
  });

  it('a bid newer than last seen shows the dot on its own', () => {
    expect(hasNotificationDot({ notificationTimes: [900], bidTimes: [1001], lastSeen: 1000 })).toBe(true);
  });

  it('an item created in the same second as last seen is seen (boundary)', () => {
    expect(hasNotificationDot({ notificationTimes: [1000], bidTimes: [1000], lastSeen: 1000 })).toBe(false);
  });

  it('only older items: no dot; nothing at all: no dot', () => {
    expect(hasNotificationDot({ notificationTimes: [10, 999], bidTimes: [5], lastSeen: 1000 })).toBe(false);
    expect(hasNotificationDot({ notificationTimes: [], bidTimes: [], lastSeen: undefined })).toBe(false);
  });

  it('never seen: any item shows the dot; non-finite times are ignored', () => {
    expect(hasNotificationDot({ notificationTimes: [0], bidTimes: [], lastSeen: undefined })).toBe(true);
    expect(hasNotificationDot({ notificationTimes: [Number.NaN], bidTimes: [], lastSeen: 0 })).toBe(false);
  });
});

describe("What's New and terms are for everyone except customers", () => {
  it("customers see no What's New and skip the terms", () => {
    expect(canSeeWhatsNew('customer')).toBe(false);
    expect(isTermsRequired('customer')).toBe(false);
  });
  it("dispatcher, scheduler and resource see What's New and must accept terms", () => {
    for (const role of ['dispatcher', 'scheduler', 'resource'] as const) {
      expect(canSeeWhatsNew(role)).toBe(true);
      expect(isTermsRequired(role)).toBe(true);
    }
  });
});

describe('can(role, action, settings): the gates web and server share', () => {
  const both = { resource_cancel_request: true, customer_cancel_request: true };

  it('a cancellation is asked for by a resource or customer, each only with their own flag', () => {
    expect(can('resource', 'request_cancellation', { resource_cancel_request: true })).toBe(true);
    expect(can('resource', 'request_cancellation', { customer_cancel_request: true })).toBe(false);
    expect(can('customer', 'request_cancellation', { customer_cancel_request: true })).toBe(true);
    expect(can('customer', 'request_cancellation', { resource_cancel_request: true })).toBe(false);
    expect(can('customer', 'request_cancellation', { customer_cancel_request: 'yes' })).toBe(false);
    expect(can('customer', 'request_cancellation')).toBe(false);
  });

  it('dispatchers, schedulers and people not of the job never ask, whatever the flags', () => {
    for (const role of ['dispatcher', 'scheduler', 'other'] as const) {
      expect(can(role, 'request_cancellation', both)).toBe(false);
    }
  });

  it('only dispatchers decide a request; only the customer writes the review', () => {
    expect(ROLES.filter((r) => can(r, 'decide_cancellation', both))).toEqual(['dispatcher']);
    expect(ROLES.filter((r) => can(r, 'write_review', both))).toEqual(['customer']);
    expect(can('other', 'write_review')).toBe(false);
  });
});
