import { isPartner } from '@rostra/core/shell/roles';
import { useSyncExternalStore } from 'react';
import { useShell } from '../../shell/shell-context.tsx';
import { BookingsScreen } from '../bookings/bookings-screen.tsx';
import { MyDayScreen } from './my-day-screen.tsx';

/** Below the spec's 640 px breakpoint a screen is a phone's. */
const PHONE_QUERY = '(max-width: 639px)';

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

/**
 * /bookings: a resource on a phone (not a partner, who works the bookings like a dispatcher)
 * gets their own day as a list (issue 9 point 6: the resource's landing is /bookings); everyone
 * else the bookings screen.
 */
export function BookingsEntry() {
  const { role, user } = useShell();
  const isPhone = usePhone();
  if (role === 'resource' && !isPartner(user) && isPhone) return <MyDayScreen />;
  return <BookingsScreen />;
}
