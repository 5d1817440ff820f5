import { ComingLater } from '../coming-later.tsx';

/** The timeline (/week2timelinev2, /week2timeline, /week2custimeline) — built by issue 7; until then the shell's honest empty state. */
export function TimelineScreen() {
  return <ComingLater />;
}
