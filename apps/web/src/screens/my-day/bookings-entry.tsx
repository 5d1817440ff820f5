import { useSyncExternalStore } from 'react';
import { BookingsScreen } from '../../features/bookings/bookings-screen.tsx';
import { useShell } from '../../shell/shell-context.tsx';
import { PHONE_QUERY, showsMyDay } from './day-list.ts';
import { MyDayScreen } from './my-day-screen.tsx';

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
  return <BookingsScreen />;
}
