import { ComingLater } from '../coming-later.tsx';

/** /resources: not built yet (issue #8). */
export function ResourcesScreen() {
  return <ComingLater />;
}
