import type { LiveEvent } from '@rostra/db/scheduling/live-events';
import { WINDOW_PADDING_S } from '@rostra/db/scheduling/timeline-window';
import { z } from 'zod';
import type { Caller } from '../http/access.ts';

/*
 * What a socket asks for (topics) and what it may receive (the event's audience). Both are checked
 * for every event: a subscription never widens what a user may read.
 */

const SECONDS = z.number().int().min(-62_135_596_800).max(253_402_300_799);

export const subscriptionSchema = z.discriminatedUnion('topic', [
  z.strictObject({ topic: z.literal('timeline'), from: SECONDS, to: SECONDS }),
  z.strictObject({ topic: z.literal('booking'), id: z.string().min(1).max(100) }),
  z.strictObject({ topic: z.literal('notifications') }),
  z.strictObject({ topic: z.literal('settings') }),
  z.strictObject({ topic: z.literal('workspace') }),
  z.strictObject({ topic: z.literal('exception_report') }),
  z.strictObject({ topic: z.literal('allocation') }),
]);
export type Subscription = z.infer<typeof subscriptionSchema>;

/** A key naming a subscription (subscribing twice to the same is one subscription). */
export function subscriptionKey(s: Subscription): string {
  switch (s.topic) {
    case 'timeline':
      return `timeline:${s.from}:${s.to}`;
    case 'booking':
      return `booking:${s.id}`;
    default:
      return s.topic;
  }
}

/**
 * Topics some roles may not subscribe to at all: the exception report and allocation progress are
 * the dispatchers' (spec §6); the workspace is the timeline editors' (dispatchers and partners).
 */
export function maySubscribe(caller: Caller, s: Subscription): boolean {
  if (s.topic === 'exception_report' || s.topic === 'allocation') return caller.role === 'dispatcher';
  if (s.topic === 'workspace') return caller.role === 'dispatcher' || caller.duties.includes('partner');
  return true;
}

/** The audience rule: the caller's organisation, and then every member, the dispatchers, or them by uid. */
export function mayReceive(caller: Caller, event: LiveEvent): boolean {
  if (event.orgId !== caller.orgId) return false;
  const a = event.audience;
  if (a.members) return true;
  if (a.dispatchers && caller.role === 'dispatcher') return true;
  return a.uids?.includes(caller.uid) ?? false;
}

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** Whether an event answers a subscription (before the audience rule). */
export function matches(s: Subscription, event: LiveEvent): boolean {
  switch (s.topic) {
    case 'timeline': {
      if (event.topic !== 'booking') return false;
      const lo = s.from - WINDOW_PADDING_S;
      const hi = s.to + WINDOW_PADDING_S;
      const inside = (v: number | undefined) => v !== undefined && v >= lo && v < hi;
      return inside(num(event.payload.utc_begin_plus_tz)) || inside(num(event.payload.previous_begin));
    }
    case 'booking':
      return event.topic === 'booking' && event.payload._id === s.id;
    default:
      return event.topic === s.topic;
  }
}
