import type { App } from '../app.ts';

/** Routes of settings and administration (issue #8): users and invitations, the settings screens' writes. */
export function adminRoutes(_app: App): void {}
