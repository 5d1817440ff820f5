import type { WindowRecord } from '@rostra/core/api/timeline';
import { Ban, CalendarPlus, Copy, ExternalLink, PauseCircle, UserMinus, Users } from 'lucide-react';
import { ContextMenu, type MenuPoint } from '../../ui/context-menu.tsx';
import { DropdownMenuItem, DropdownMenuSeparator } from '../../ui/dropdown-menu.tsx';
import { TL } from './texts.ts';

export type BarMenuAction =
  | 'open'
  | 'candidates'
  | 'unassign'
  | 'park'
  | 'cancel'
  | 'duplicate'
  | 'copyNextWeek';

const ICON = 'size-4 text-neutral-500';

/**
 * A booking's context menu on the timeline (right click, long press, the menu key or Shift+F10 on
 * a bar): open, candidates, unassign, park, cancel, duplicate, copy to next week. What is not
 * possible (unassigning an unassigned booking, parking a parked one) is disabled, not hidden.
 */
export function BarMenu(props: {
  record: WindowRecord | null;
  at: MenuPoint | null;
  what: string;
  onAction: (action: BarMenuAction, record: WindowRecord) => void;
  onClose: () => void;
  onClosed: () => void;
}) {
  const { record } = props;
  const run = (action: BarMenuAction) => () => {
    if (record) props.onAction(action, record);
  };
  return (
    <ContextMenu
      at={record ? props.at : null}
      label={TL.barMenu(props.what)}
      onClose={props.onClose}
      onClosed={props.onClosed}
    >
      <DropdownMenuItem icon={<ExternalLink aria-hidden className={ICON} />} onSelect={run('open')}>
        {TL.menu.open}
      </DropdownMenuItem>
      <DropdownMenuItem icon={<Users aria-hidden className={ICON} />} onSelect={run('candidates')}>
        {TL.menu.candidates}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        icon={<UserMinus aria-hidden className={ICON} />}
        disabled={(record?.resIds ?? []).length === 0}
        onSelect={run('unassign')}
      >
        {TL.menu.unassign}
      </DropdownMenuItem>
      <DropdownMenuItem
        icon={<PauseCircle aria-hidden className={ICON} />}
        disabled={record?.status === 'parked'}
        onSelect={run('park')}
      >
        {TL.menu.park}
      </DropdownMenuItem>
      <DropdownMenuItem
        icon={<Ban aria-hidden className={ICON} />}
        disabled={record?.status === 'cancelled'}
        onSelect={run('cancel')}
      >
        {TL.menu.cancel}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem icon={<Copy aria-hidden className={ICON} />} onSelect={run('duplicate')}>
        {TL.menu.duplicate}
      </DropdownMenuItem>
      <DropdownMenuItem icon={<CalendarPlus aria-hidden className={ICON} />} onSelect={run('copyNextWeek')}>
        {TL.menu.copyNextWeek}
      </DropdownMenuItem>
    </ContextMenu>
  );
}
