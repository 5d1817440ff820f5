import { ComingLater } from '../coming-later.tsx';

/** /calevents: not built yet (issue #8). */
export function CalendarEventsScreen() {
  return <ComingLater />;
}
