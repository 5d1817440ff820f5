import { describe, expect, it } from 'vitest';
import { feedHasDot, type NotificationFeed, seenTime } from './notifications.ts';

const feed = (times: number[], bids: number[], lastSeen: number | undefined): NotificationFeed => ({
  notifications: times.map((t, i) => ({ id: `n${i}`, title: 't', created_at: t })),
  bidTimes: bids,
  lastSeen,
  isAvailable: true,
});

describe('notification dot', () => {
  it('shows for a notification or a bid newer than last seen', () => {
    expect(feedHasDot(feed([100], [], 99))).toBe(true);
    expect(feedHasDot(feed([], [100], 99))).toBe(true);
  });

  it('does not show for items seen (same second counts as seen) or with no items', () => {
    expect(feedHasDot(feed([100], [100], 100))).toBe(false);
    expect(feedHasDot(feed([], [], undefined))).toBe(false);
    expect(feedHasDot(undefined)).toBe(false);
  });

  it('shows for any item when never seen', () => {
    expect(feedHasDot(feed([1], [], undefined))).toBe(true);
  });
});

describe('last seen to store', () => {
  it('is now, in whole seconds', () => {
    expect(seenTime(feed([100], [], 50), 200.7)).toBe(200);
  });

  it('is the newest item when the browser clock is behind, so the dot really clears', () => {
    const f = feed([300], [400], 50);
    expect(seenTime(f, 200)).toBe(400);
    expect(feedHasDot({ ...f, lastSeen: seenTime(f, 200) })).toBe(false);
  });
});
