import { ComingLater } from '../coming-later.tsx';

/** /events: not built yet (issue #8). */
export function EventsScreen() {
  return <ComingLater />;
}
