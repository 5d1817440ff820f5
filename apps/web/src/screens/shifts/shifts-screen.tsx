import { ComingLater } from '../coming-later.tsx';

/** Resource shifts (/resource_shifts) — built by issue 7; until then the shell's honest empty state. */
export function ShiftsScreen() {
  return <ComingLater />;
}
