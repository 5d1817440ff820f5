import { Navigation } from 'lucide-react';
import { directionsLink } from '../../job-life/api.ts';
import { MY_DAY_TEXT } from '../../job-life/texts.ts';
import type { Booking } from '../api.ts';

/** "Navigate": directions to the job in the phone's maps, when it has an address or a position. */
export function DirectionsLink({ booking }: { booking: Booking }) {
  const href = directionsLink(booking);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="mt-1 flex min-h-11 w-fit items-center gap-1.5 text-sm font-medium text-sky-800 underline sm:min-h-0"
    >
      <Navigation aria-hidden className="size-4" />
      {MY_DAY_TEXT.navigate}
    </a>
  );
}
