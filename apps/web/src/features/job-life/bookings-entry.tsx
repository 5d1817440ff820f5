import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useShell } from '../../shell/shell-context.tsx';
import { Skeleton } from '../../ui/list-state.tsx';
import { PHONE_QUERY, showsMyDay } from './day-list.ts';
import { MyDayScreen } from './my-day-screen.tsx';

/** The dispatcher's bookings list is not part of a worker's first load: it loads on demand. */
const BookingsScreen = lazy(() =>
  import('../bookings/bookings-screen.tsx').then((m) => ({ default: m.BookingsScreen })),
);

function usePhone(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(PHONE_QUERY);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

/** /bookings: the resource's day on a phone, else the bookings screen (showsMyDay). */
export function BookingsEntry() {
  const { user } = useShell();
  const isPhone = usePhone();
  if (showsMyDay(user, isPhone)) return <MyDayScreen />;
  return (
    <Suspense fallback={<Skeleton rows={6} />}>
      <BookingsScreen />
    </Suspense>
  );
}
