import { ComingLater } from '../coming-later.tsx';

/** /maps: not built yet (issue #8). */
export function MapsScreen() {
  return <ComingLater />;
}
