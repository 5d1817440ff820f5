import { ComingLater } from '../coming-later.tsx';

/** Bookings (/bookings): list, filters, detail — built by issue 7; until then the shell's honest empty state. */
export function BookingsScreen() {
  return <ComingLater />;
}
