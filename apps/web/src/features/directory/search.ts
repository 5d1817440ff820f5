import { type SearchOf, searchSchema } from '../../lib/search-params.ts';

/*
 * The query of each directory screen (issue 17 point 5): the route validates it, the screen reads
 * it and the links to the screen write it, all with these types. Filters and `page` are kept as
 * typed; the opened record is its own key (`id`, `task_id`, `calevent_id`).
 */
export const customersSearch = searchSchema({
  q: 'text',
  status: 'text',
  label: 'text',
  page: 'text',
  id: 'text',
  link: 'text',
});
export type CustomersSearch = SearchOf<typeof customersSearch.shape>;

export const resourcesSearch = searchSchema({
  q: 'text',
  status: 'text',
  kind: 'text',
  label: 'text',
  page: 'text',
  id: 'text',
});
export type ResourcesSearch = SearchOf<typeof resourcesSearch.shape>;

export const groupEventsSearch = searchSchema({
  q: 'text',
  from: 'text',
  to: 'text',
  order: 'text',
  page: 'text',
  id: 'text',
});
export type GroupEventsSearch = SearchOf<typeof groupEventsSearch.shape>;

export const calendarEventsSearch = searchSchema({
  q: 'text',
  task_id: 'text',
  from: 'text',
  type: 'text',
  page: 'text',
  calevent_id: 'text',
});
export type CalendarEventsSearch = SearchOf<typeof calendarEventsSearch.shape>;

export const projectTasksSearch = searchSchema({
  q: 'text',
  status: 'text',
  page: 'text',
  task_id: 'text',
  calevent_id: 'text',
});
export type ProjectTasksSearch = SearchOf<typeof projectTasksSearch.shape>;

export const announcementsSearch = searchSchema({ page: 'text' });
export type AnnouncementsSearch = SearchOf<typeof announcementsSearch.shape>;

export const eventsSearch = searchSchema({ q: 'text', page: 'text' });
export type EventsSearch = SearchOf<typeof eventsSearch.shape>;

export const calendarSearch = searchSchema({ month: 'text' });
export type CalendarSearch = SearchOf<typeof calendarSearch.shape>;
