import type { DayCopy } from '@rostra/core/api/bookings';
import type { Booking } from '../bookings/api.ts';

/*
 * The resource's list of jobs kept on the device (issue 9 point 6): the last list the server gave
 * is stored, so that a phone without a connection still shows today's jobs, with when it was
 * loaded. One copy per person and organisation.
 */

export type { DayCopy };

export const dayCopyKey = (uid: string, orgId: string) => `rostra.my-day.v1:${orgId}:${uid}`;

export function saveDayCopy(
  storage: Pick<Storage, 'setItem'>,
  key: string,
  items: readonly Booking[],
  now: number,
): void {
  try {
    storage.setItem(key, JSON.stringify({ saved_at: now, items }));
  } catch {
    // Full or refused storage: the list is simply not available offline.
  }
}

/**
 * The copy kept under `key`, checked by core's schema; an unreadable copy is none. The check (and
 * zod with it) loads on demand, when the copy is wanted: it is not on "my day"'s first load.
 */
export async function loadDayCopy(
  storage: Pick<Storage, 'getItem'>,
  key: string,
): Promise<DayCopy | undefined> {
  try {
    const raw = storage.getItem(key);
    if (!raw) return undefined;
    const { dayCopy } = await import('@rostra/core/api/bookings');
    const parsed = dayCopy.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Today's jobs and the upcoming ones, each in begin order. `today` is the start of today in
 * wall-clock seconds; a job belongs to today when it overlaps it.
 */
export function splitDay(
  items: readonly Booking[],
  today: number,
): { today: Booking[]; upcoming: Booking[] } {
  const end = today + 86_400;
  const sorted = [...items].sort((a, b) => a.utc_begin_plus_tz - b.utc_begin_plus_tz);
  return {
    today: sorted.filter((b) => b.utc_begin_plus_tz < end && b.utc_end_plus_tz > today),
    upcoming: sorted.filter((b) => b.utc_begin_plus_tz >= end),
  };
}
