import { type SearchOf, searchSchema } from '../../lib/search-params.ts';

/**
 * The query of the timeline's paths (issue 17 point 5): the view and the day it shows
 * (`?view=week&date=2026-05-04`), so a reload or a shared link opens the same period. An unknown
 * view is the day view.
 */
export const timelineSearch = searchSchema({
  view: ['day', 'week', 'fortnight'],
  date: 'text',
});
export type TimelineSearch = SearchOf<typeof timelineSearch.shape>;
