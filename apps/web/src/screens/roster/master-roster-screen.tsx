import { ComingLater } from '../coming-later.tsx';

/** Master roster (/masterroster, /mascustomer) — built by issue 7; until then the shell's honest empty state. */
export function MasterRosterScreen() {
  return <ComingLater />;
}
