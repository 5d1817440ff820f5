import type { LiveSubscription, RecordEventKind } from '@rostra/core/api/live';
import { canSeeWhatsNew } from '@rostra/core/shell/roles';
import type { LiveEvent } from '@rostra/db/infra/live-events';
import { WINDOW_PADDING_S } from '@rostra/db/scheduling/timeline-window';
import { type Caller, DISPATCHERS, isRoleAllowed } from '../http/access.ts';
import { FORM_READERS, STOCK_READERS } from '../operations/document-routes.ts';

/*
 * What a socket asks for (topics) and what it may receive (the event's audience). Both are checked
 * for every event: a subscription never widens what a user may read.
 */

export type Subscription = LiveSubscription;

/** A key naming a subscription (subscribing twice to the same is one subscription). */
export function subscriptionKey(s: Subscription): string {
  switch (s.topic) {
    case 'timeline':
      return `timeline:${s.from}:${s.to}`;
    case 'booking':
      return `booking:${s.id}`;
    case 'records':
      return `records:${s.kind}`;
    default:
      return s.topic;
  }
}

/**
 * Record kinds only some may subscribe to, as their read routes allow: service plans, blacklists
 * and quick views are the dispatchers'; labels the catalogue readers' (dispatchers and partners —
 * resources and customers do not load labels, spec §6). Resources, customers and shifts are open:
 * a resource or customer receives only their own record (the event's audience).
 */
const RECORD_READERS: Partial<Record<RecordEventKind, (caller: Caller) => boolean>> = {
  service_plans: (c) => c.role === 'dispatcher',
  blacklists: (c) => c.role === 'dispatcher',
  quick_views: (c) => c.role === 'dispatcher',
  labels: (c) => c.role === 'dispatcher' || c.duties.includes('partner'),
  // The operations documents: the very access rules of their read routes.
  forms: (c) => isRoleAllowed(FORM_READERS, c),
  equipments: (c) => isRoleAllowed(STOCK_READERS, c),
  pods: (c) => isRoleAllowed(STOCK_READERS, c),
  form_submissions: (c) => isRoleAllowed(DISPATCHERS, c),
  uploads: (c) => isRoleAllowed(DISPATCHERS, c),
};

/**
 * Topics some roles may not subscribe to at all: the exception report and allocation progress are
 * the dispatchers' (spec §6); the workspace is the timeline editors' (dispatchers and partners);
 * versions (What's New) everyone's but customers'.
 */
export function maySubscribe(caller: Caller, s: Subscription): boolean {
  // Released versions and what the user has read of them: never shown to customers (spec §6).
  if (s.topic === 'versions') return canSeeWhatsNew(caller.role);
  if (s.topic === 'exception_report' || s.topic === 'allocation') return caller.role === 'dispatcher';
  if (s.topic === 'workspace') return caller.role === 'dispatcher' || caller.duties.includes('partner');
  if (s.topic === 'records') return RECORD_READERS[s.kind]?.(caller) ?? true;
  return true;
}

/**
 * The audience rule: the caller's organisation, and then every member, the dispatchers, the
 * partners, or them by uid.
 */
export function mayReceive(caller: Caller, event: LiveEvent): boolean {
  if (event.orgId !== caller.orgId) return false;
  const a = event.audience;
  if (a.members) return true;
  if (a.dispatchers && caller.role === 'dispatcher') return true;
  if (a.partners && caller.duties.includes('partner')) return true;
  return a.uids?.includes(caller.uid) ?? false;
}

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** Whether an event answers a subscription (before the audience rule). */
export function matches(s: Subscription, event: LiveEvent): boolean {
  switch (s.topic) {
    case 'timeline': {
      if (event.topic !== 'booking') return false;
      // A bulk change (an import) asks every window to reload.
      if (event.payload.reload === true) return true;
      const lo = s.from - WINDOW_PADDING_S;
      const hi = s.to + WINDOW_PADDING_S;
      // The window's rule (`overlapsWindow`): the record overlaps it, before or after the change; a
      // record without a length is a point at its begin.
      const inView = (b: number | undefined, e: number | undefined) =>
        b !== undefined && b < hi && (b >= lo || (e !== undefined && e > lo));
      const p = event.payload;
      return (
        inView(num(p.utc_begin_plus_tz), num(p.utc_end_plus_tz)) ||
        inView(num(p.previous_begin), num(p.previous_end))
      );
    }
    case 'booking':
      return event.topic === 'booking' && (event.payload._id === s.id || event.payload.reload === true);
    case 'records':
      return event.topic === 'records' && event.payload.kind === s.kind;
    default:
      return event.topic === s.topic;
  }
}
