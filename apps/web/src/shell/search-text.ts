import type { SearchKind } from '../lib/search.ts';

/** Texts of the top-bar search results (issue 8). */
export const SEARCH_TEXT = {
  results: 'Search results',
  searching: 'Searching…',
  typeMore: 'Type at least 2 characters to search',
  noResults: (q: string) => `No results for “${q}”`,
  failed: 'Search is not available right now. Try again in a moment.',
  retry: 'Try again',
  hint: '↑ ↓ to move, Enter to open, Esc to close',
  kinds: {
    bookings: 'Bookings',
    groupevents: 'Group events',
    timelines: 'Leaves and breaks',
    boards: 'Job board',
    masterrosters: 'Master roster',
    resources: 'Resources',
    customers: 'Customers',
    labels: 'Labels',
    forms: 'Forms',
  } satisfies Record<SearchKind, string>,
} as const;
