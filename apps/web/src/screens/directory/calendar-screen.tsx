import { ComingLater } from '../coming-later.tsx';

/** /calendar: not built yet (issue #8). */
export function CalendarScreen() {
  return <ComingLater />;
}
