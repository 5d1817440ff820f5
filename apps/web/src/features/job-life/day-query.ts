import { bookingSearchQuery } from '../bookings/api.ts';
import { dayListSearch } from './day-list.ts';

/** A worker's day list: the route's loader (app/router.tsx) and the screen ask the same query. */
export const dayListQuery = (today: number) => bookingSearchQuery(dayListSearch(today));
