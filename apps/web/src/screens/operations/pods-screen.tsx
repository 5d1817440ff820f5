import { ComingLater } from '../coming-later.tsx';

/** /pods: not built yet (issue #8). */
export function PodsScreen() {
  return <ComingLater />;
}
