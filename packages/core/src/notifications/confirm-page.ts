/*
 * The confirm link's page path, apart from confirm.ts's schemas: the web's router and first-load
 * rules need the path on every page, and zod is not in the first load (docs/performance.md).
 */

/** The page a confirm link opens (no sign-in: the signed link is the proof). */
export const CONFIRM_PAGE_PREFIX = '/confirm/';

export const isConfirmPage = (pathname: string): boolean =>
  pathname.startsWith(CONFIRM_PAGE_PREFIX) && pathname.length > CONFIRM_PAGE_PREFIX.length;
