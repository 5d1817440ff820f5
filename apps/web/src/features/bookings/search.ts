import { type SearchOf, searchSchema } from '../../lib/search-params.ts';

/**
 * The query of /bookings (issue 17 point 5): the list's filters and page (model.ts
 * reads their meaning) and the opened booking, `job_id` (or `id`, the older name). A worker's
 * day on the same path reads only the opened booking.
 */
export const bookingsSearch = searchSchema({
  when: 'text',
  q: 'text',
  status: 'text',
  from: 'text',
  to: 'text',
  resource: 'text',
  customer: 'text',
  labels: 'text',
  order: 'text',
  page: 'text',
  job_id: 'text',
  id: 'text',
});
export type BookingsSearch = SearchOf<typeof bookingsSearch.shape>;
