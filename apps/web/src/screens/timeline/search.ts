import * as z from 'zod/mini';
import { text } from '../../lib/search-params.ts';

/**
 * The query of the timeline's paths (issue 17 point 5): the view and the day it shows
 * (`?view=week&date=2026-05-04`), so a reload or a shared link opens the same period. An unknown
 * view is the day view.
 */
export const timelineSearch = z.object({
  view: z.catch(z.optional(z.enum(['day', 'week', 'fortnight'])), undefined),
  date: text,
});
export type TimelineSearch = z.infer<typeof timelineSearch>;
