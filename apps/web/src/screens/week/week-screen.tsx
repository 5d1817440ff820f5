import { ComingLater } from '../coming-later.tsx';

/** Week view (/week2) — built by issue 7; until then the shell's honest empty state. */
export function WeekScreen() {
  return <ComingLater />;
}
