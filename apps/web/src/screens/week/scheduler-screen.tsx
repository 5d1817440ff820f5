import { ComingLater } from '../coming-later.tsx';

/** Week scheduler (/week2scheduler) — built by issue 7; until then the shell's honest empty state. */
export function SchedulerScreen() {
  return <ComingLater />;
}
