import { describe, expect, it } from 'vitest';
import { FEED_NEW_WINDOW_MS, isNewFeedItem } from './directory-home.ts';

describe('the home feed new-item window (spec §9: 300 s)', () => {
  const now = Date.parse('2026-03-09T10:00:00Z');
  it('marks an item younger than 300 s as new', () => {
    expect(isNewFeedItem(now - 1_000, now)).toBe(true);
  });
  it('does not mark an item at or past 300 s', () => {
    expect(isNewFeedItem(now - FEED_NEW_WINDOW_MS, now)).toBe(false);
    expect(isNewFeedItem(now - FEED_NEW_WINDOW_MS - 1, now)).toBe(false);
  });
  it('keeps the boundary just inside the window new', () => {
    expect(isNewFeedItem(now - FEED_NEW_WINDOW_MS + 1, now)).toBe(true);
  });
});
