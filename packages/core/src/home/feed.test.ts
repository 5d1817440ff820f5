import { describe, expect, it } from 'vitest';
import { HOME_FEED_FUTURE_TOLERANCE_MS, HOME_FEED_NEW_WINDOW_MS, isNewFeedItem } from './feed.ts';

describe('home feed: an item is new for 300 s after it was created (spec §9)', () => {
  const now = Date.parse('2026-03-09T10:00:00Z');

  it('the window is the spec’s 300 s', () => {
    expect(HOME_FEED_NEW_WINDOW_MS).toBe(300_000);
  });

  it('an item created a second ago is new', () => {
    expect(isNewFeedItem(now - 1_000, now)).toBe(true);
  });

  it('an item 5 minutes old or older is not new', () => {
    expect(isNewFeedItem(now - 300_000, now)).toBe(false);
    expect(isNewFeedItem(now - 3_600_000, now)).toBe(false);
  });

  it('boundary: 1 ms inside the window is new, exactly at it is not', () => {
    expect(isNewFeedItem(now - 299_999, now)).toBe(true);
    expect(isNewFeedItem(now - 300_000, now)).toBe(false);
  });

  it('the answer follows the `now` given, not the machine clock', () => {
    const at = now - 200_000;
    expect(isNewFeedItem(at, now)).toBe(true);
    expect(isNewFeedItem(at, now + 100_000)).toBe(false);
  });

  it('an item up to a minute in the future (clock skew) is new; further ahead is a bad date', () => {
    expect(isNewFeedItem(now + HOME_FEED_FUTURE_TOLERANCE_MS, now)).toBe(true);
    expect(isNewFeedItem(now + HOME_FEED_FUTURE_TOLERANCE_MS + 1, now)).toBe(false);
  });

  it('a time that is not a number is never new', () => {
    expect(isNewFeedItem(Number.NaN, now)).toBe(false);
    expect(isNewFeedItem(now, Number.NaN)).toBe(false);
  });
});
