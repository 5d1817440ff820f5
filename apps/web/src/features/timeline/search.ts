import { type SearchOf, searchSchema } from '../../lib/search-params.ts';

/**
 * The query of the timeline's paths (issue 17 point 5): the view and the day it shows
 * (`?view=week&date=2026-05-04`), so a reload or a shared link opens the same period. An unknown
 * view is the day view. `density=compact` and `zoom` keep the layout across a reload.
 */
export const timelineSearch = searchSchema({
  view: ['day', 'week', 'fortnight'],
  date: 'text',
  /** Compact rows (issue 18 point 5). */
  density: ['compact'],
  /** Week and fortnight zoom; none: the whole period fits the width. */
  zoom: ['quarters', 'hours'],
  /** Inactive resources hidden on screen (issue 18 point 4); none: as the display setting says. */
  inactive: ['hide'],
  /**
   * Rows: search text, a label, a team, a status, grouped by label or team, sorted by load or
   * free hours, folded groups (point 3).
   */
  q: 'text',
  label: 'text',
  team: 'text',
  /** active, inactive or conflict (text: the directory's screens use `status` as text too). */
  status: 'text',
  group: ['label', 'team'],
  sort: ['load', 'free'],
  closed: 'text',
});
export type TimelineSearch = SearchOf<typeof timelineSearch.shape>;
