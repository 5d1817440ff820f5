import { HOME_FEED_NEW_WINDOW_SECONDS } from '../shell/constants.ts';

/*
 * The home page's activity feed (issue 8): which items show as "new". Pure: the caller passes the
 * clock (the web passes the server's `now` from the feed answer, so a wrong device clock does not
 * decide). The server only sends `now`; should it ever decide "new" itself, it calls this too.
 */

/** The spec's new-notification window for the home feed (§9: 300 s), in milliseconds. */
export const HOME_FEED_NEW_WINDOW_MS = HOME_FEED_NEW_WINDOW_SECONDS * 1000;

/**
 * An item dated after `now` by more than this is not new (a bad date, not clock skew): at most a
 * minute between the server that dated the item and the one that answered `now`.
 */
export const HOME_FEED_FUTURE_TOLERANCE_MS = 60_000;

/**
 * Whether a feed item created at `atMs` is still "new" at `nowMs` (both epoch milliseconds): strictly
 * younger than 300 s (an item exactly 300 s old is no longer new), and not more than a minute in
 * the future. Non-finite times are never new.
 */
export function isNewFeedItem(atMs: number, nowMs: number): boolean {
  if (!Number.isFinite(atMs) || !Number.isFinite(nowMs)) return false;
  return nowMs - atMs < HOME_FEED_NEW_WINDOW_MS && atMs - nowMs <= HOME_FEED_FUTURE_TOLERANCE_MS;
}
