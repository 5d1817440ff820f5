import { ComingLater } from '../coming-later.tsx';

/** /uploads: not built yet (issue #8). */
export function UploadsScreen() {
  return <ComingLater />;
}
