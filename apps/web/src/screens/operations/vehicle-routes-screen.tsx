import { ComingLater } from '../coming-later.tsx';

/** /vehicleroutes: not built yet (issue #8). */
export function VehicleRoutesScreen() {
  return <ComingLater />;
}
