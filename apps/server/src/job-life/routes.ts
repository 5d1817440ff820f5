import type { App } from '../app.ts';

/** Routes of the job's life after allocation (issue #9): feeds, timers and time entries, pings, reviews, money, promote/demote, cancellation requests. */
export function jobLifeRoutes(_app: App): void {}
