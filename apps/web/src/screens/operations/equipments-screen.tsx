import { ComingLater } from '../coming-later.tsx';

/** /equipments: not built yet (issue #8). */
export function EquipmentsScreen() {
  return <ComingLater />;
}
