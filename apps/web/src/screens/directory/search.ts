import * as z from 'zod/mini';
import { text } from '../../lib/search-params.ts';

/*
 * The query of each directory screen (issue 17 point 5): the route validates it, the screen reads
 * it and the links to the screen write it, all with these types. Filters and `page` are kept as
 * typed; the opened record is its own key (`id`, `task_id`, `calevent_id`).
 */
export const customersSearch = z.object({
  q: text,
  status: text,
  label: text,
  page: text,
  id: text,
  link: text,
});
export type CustomersSearch = z.infer<typeof customersSearch>;

export const resourcesSearch = z.object({
  q: text,
  status: text,
  kind: text,
  label: text,
  page: text,
  id: text,
});
export type ResourcesSearch = z.infer<typeof resourcesSearch>;

export const groupEventsSearch = z.object({
  q: text,
  from: text,
  to: text,
  order: text,
  page: text,
  id: text,
});
export type GroupEventsSearch = z.infer<typeof groupEventsSearch>;

export const calendarEventsSearch = z.object({
  q: text,
  task_id: text,
  from: text,
  type: text,
  page: text,
  calevent_id: text,
});
export type CalendarEventsSearch = z.infer<typeof calendarEventsSearch>;

export const projectTasksSearch = z.object({
  q: text,
  status: text,
  page: text,
  task_id: text,
  calevent_id: text,
});
export type ProjectTasksSearch = z.infer<typeof projectTasksSearch>;

export const announcementsSearch = z.object({ page: text });
export type AnnouncementsSearch = z.infer<typeof announcementsSearch>;

export const eventsSearch = z.object({ q: text, page: text });
export type EventsSearch = z.infer<typeof eventsSearch>;

export const calendarSearch = z.object({ month: text });
export type CalendarSearch = z.infer<typeof calendarSearch>;
