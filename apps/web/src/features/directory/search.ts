import { type SearchOf, searchSchema } from '../../lib/search-params.ts';

/*
 * The query of each directory screen (issue 17 point 5): the route validates it, the screen reads
 * it and the links to the screen write it, all with these types. Filters and `page` are kept as
 * typed; the opened record is its own key (`id`, `task_id`, `calevent_id`).
 */
/** What every directory list's query has: its search words and page. */
const listed = { q: 'text', page: 'text' } as const;

export const customersSearch = searchSchema({
  ...listed,
  status: 'text',
  label: 'text',
  id: 'text',
  link: 'text',
});
export type CustomersSearch = SearchOf<typeof customersSearch.shape>;

export const resourcesSearch = searchSchema({
  ...listed,
  status: 'text',
  kind: 'text',
  label: 'text',
  id: 'text',
});
export type ResourcesSearch = SearchOf<typeof resourcesSearch.shape>;

export const groupEventsSearch = searchSchema({
  ...listed,
  from: 'text',
  to: 'text',
  order: 'text',
  id: 'text',
});
export type GroupEventsSearch = SearchOf<typeof groupEventsSearch.shape>;

export const calendarEventsSearch = searchSchema({
  ...listed,
  task_id: 'text',
  from: 'text',
  type: 'text',
  calevent_id: 'text',
});
export type CalendarEventsSearch = SearchOf<typeof calendarEventsSearch.shape>;

export const projectTasksSearch = searchSchema({
  ...listed,
  status: 'text',
  task_id: 'text',
  calevent_id: 'text',
});
export type ProjectTasksSearch = SearchOf<typeof projectTasksSearch.shape>;

export const announcementsSearch = searchSchema({ page: 'text' });
export type AnnouncementsSearch = SearchOf<typeof announcementsSearch.shape>;

export const eventsSearch = searchSchema(listed);
export type EventsSearch = SearchOf<typeof eventsSearch.shape>;

export const calendarSearch = searchSchema({ month: 'text' });
export type CalendarSearch = SearchOf<typeof calendarSearch.shape>;
