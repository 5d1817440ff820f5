import type { App } from '../app.ts';

/** Routes of iCal feeds (issue #8): secret, revocable per-resource and per-team calendars. */
export function icalRoutes(_app: App): void {}
