import { type SearchOf, textSearch } from '../../lib/search-params.ts';

/*
 * The query of each directory screen (issue 17 point 5): the route validates it, the screen reads
 * it and the links to the screen write it, all with these types. Filters and `page` are kept as
 * typed; the opened record is its own key (`id`, `task_id`, `calevent_id`).
 */
/** Every directory list's query has its search words (`q`) and page first. */
export const customersSearch = textSearch('q', 'page', 'status', 'label', 'id', 'link');
export type CustomersSearch = SearchOf<typeof customersSearch.shape>;

export const resourcesSearch = textSearch('q', 'page', 'status', 'kind', 'label', 'id');
export type ResourcesSearch = SearchOf<typeof resourcesSearch.shape>;

export const groupEventsSearch = textSearch('q', 'page', 'from', 'to', 'order', 'id');
export type GroupEventsSearch = SearchOf<typeof groupEventsSearch.shape>;

export const calendarEventsSearch = textSearch('q', 'page', 'task_id', 'from', 'type', 'calevent_id');
export type CalendarEventsSearch = SearchOf<typeof calendarEventsSearch.shape>;

export const projectTasksSearch = textSearch('q', 'page', 'status', 'task_id', 'calevent_id');
export type ProjectTasksSearch = SearchOf<typeof projectTasksSearch.shape>;

export const announcementsSearch = textSearch('page');
export type AnnouncementsSearch = SearchOf<typeof announcementsSearch.shape>;

export const eventsSearch = textSearch('q', 'page');
export type EventsSearch = SearchOf<typeof eventsSearch.shape>;

export const calendarSearch = textSearch('month');
export type CalendarSearch = SearchOf<typeof calendarSearch.shape>;
