import { useShell } from '../../shell/shell-context.tsx';
import { DayList } from './day-list.tsx';
import { TimelineBoard } from './timeline-board.tsx';

/**
 * The timeline (/week2timelinev2, /week2timeline, /week2custimeline). Dispatchers get the
 * editable board; partners (a resource with the partner duty) the same board read-only; resources
 * and customers their own day as a list.
 */
export function TimelineScreen() {
  const { role, me } = useShell();
  if (role === 'dispatcher') return <TimelineBoard isEditable />;
  if (me.duties.includes('partner')) return <TimelineBoard isEditable={false} />;
  return <DayList />;
}
