/**
 * The kinds of the global search (scheduling spec §7), in the order the results list them. Apart
 * from the answer's schema (api/search.ts) so that the top bar reads them without zod.
 */
export const SEARCH_KINDS = [
  'bookings',
  'groupevents',
  'timelines',
  'boards',
  'masterrosters',
  'resources',
  'customers',
  'labels',
  'forms',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
