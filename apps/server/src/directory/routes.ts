import type { App } from '../app.ts';

/** Routes of home, customers, resources, group events, announcements, events, tasks, calendar (issue #8). */
export function directoryRoutes(_app: App): void {}
