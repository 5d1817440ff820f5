import { describe, expect, it } from 'vitest';
import type { Booking } from '../bookings/api.ts';
import { dayCopyKey, loadDayCopy, saveDayCopy, splitDay } from './day.ts';

const DAY = 86_400;
const T0 = 20_000 * DAY;
const job = (id: string, begin: number, end: number): Booking => ({
  _id: id,
  resIds: ['r1'],
  utc_begin_plus_tz: begin,
  utc_end_plus_tz: end,
  version: 1,
});

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('the resource’s day on the device', () => {
  it('today holds what overlaps today, upcoming what begins after it, each in begin order', () => {
    const items = [
      job('later', T0 + DAY + 3600, T0 + DAY + 7200),
      job('noon', T0 + 12 * 3600, T0 + 13 * 3600),
      job('night', T0 - 3600, T0 + 3600),
      job('nine', T0 + 9 * 3600, T0 + 10 * 3600),
    ];
    const parts = splitDay(items, T0);
    expect(parts.today.map((b) => b._id)).toEqual(['night', 'nine', 'noon']);
    expect(parts.upcoming.map((b) => b._id)).toEqual(['later']);
  });

  it('keeps the last list with when it was loaded, per person and organisation', async () => {
    const storage = memory();
    const key = dayCopyKey('u1', 'org');
    expect(key).not.toBe(dayCopyKey('u2', 'org'));
    saveDayCopy(storage, key, [job('a', T0, T0 + 60)], 1234);
    await expect(loadDayCopy(storage, key)).resolves.toEqual({
      saved_at: 1234,
      items: [job('a', T0, T0 + 60)],
    });
    await expect(loadDayCopy(storage, dayCopyKey('u2', 'org'))).resolves.toBeUndefined();
  });

  it('an unreadable copy is no copy', async () => {
    const storage = memory();
    storage.setItem('k', 'nope');
    await expect(loadDayCopy(storage, 'k')).resolves.toBeUndefined();
    storage.setItem('k', JSON.stringify({ saved_at: 1, items: [{ _id: 'x' }] }));
    await expect(loadDayCopy(storage, 'k')).resolves.toEqual({ saved_at: 1, items: [] });
  });
});
