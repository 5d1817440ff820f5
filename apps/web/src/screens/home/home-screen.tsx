import { ComingLater } from '../coming-later.tsx';

/** /: not built yet (issue #8). */
export function HomeScreen() {
  return <ComingLater />;
}
