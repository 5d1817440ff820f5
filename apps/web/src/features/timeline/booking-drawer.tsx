import { lazy, Suspense } from 'react';
import { useLookups } from '../bookings/api.ts';

/**
 * The booking's detail (the bookings screen's own, features/bookings/booking-detail.tsx: details,
 * address with directions, notes, chats, history and the role's actions) as a drawer over the
 * timeline's right side (the whole screen on a phone); fetched when first opened, so the grid's
 * first paint does not wait for it.
 */
const BookingDetail = lazy(() =>
  import('../bookings/booking-detail.tsx').then((m) => ({ default: m.BookingDetail })),
);

export function BookingDrawer(props: { id: string; onClose: () => void }) {
  const lookups = useLookups(true);
  return (
    <Suspense fallback={null}>
      <BookingDetail
        key={props.id}
        id={props.id}
        onClose={props.onClose}
        resources={lookups.resources.data}
        customers={lookups.customers.data}
        labels={lookups.labels.data}
      />
    </Suspense>
  );
}
