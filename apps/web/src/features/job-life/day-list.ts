import { isPartner, type ShellUser } from '@rostra/core/shell/roles';
import { DAY, dayStart, toWallClock } from '@rostra/core/time/calendar';
import { activeUser } from '../../lib/active-user.ts';
import type { Me } from '../../lib/session.ts';
import type { BookingSearch } from '../bookings/api.ts';

/** Below the spec's 640 px breakpoint a screen is a phone's. */
export const PHONE_QUERY = '(max-width: 639px)';

/** Days ahead the list shows after today. */
export const UPCOMING_DAYS = 7;

/**
 * /bookings: a resource on a phone (not a partner, who works the bookings like a dispatcher)
 * gets their own day as a list (issue 9 point 6: the resource's landing is /bookings); everyone
 * else the bookings screen.
 */
export function showsMyDay(user: ShellUser, isPhone: boolean): boolean {
  return user.role === 'resource' && !isPartner(user) && isPhone;
}

/** The start of today (wall clock, epoch ms) in the organisation's time zone. */
export function todayIn(timeZone: string, now: number): number {
  return dayStart(toWallClock(now, timeZone));
}

/**
 * The day a first load of /bookings lists for the person `me` names, at `now`; undefined when
 * they get the bookings screen instead. The route's loader (app/router.tsx) and the boot module
 * (app/early.ts) both decide by it.
 */
export function dayListedFor(me: Me, isPhone: boolean, now: number): number | undefined {
  const user = activeUser(me);
  return user && showsMyDay(user, isPhone) ? todayIn(me.company?.time_zone ?? 'UTC', now) : undefined;
}

/** The day list's search: today and the next week, in order (`dayListQuery` asks it). */
export function dayListSearch(today: number): BookingSearch {
  return { from: today, to: today + (UPCOMING_DAYS + 1) * DAY, order: 'asc', limit: 250 };
}
