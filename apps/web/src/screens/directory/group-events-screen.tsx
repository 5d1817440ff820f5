import { ComingLater } from '../coming-later.tsx';

/** /groupevents: not built yet (issue #8). */
export function GroupEventsScreen() {
  return <ComingLater />;
}
