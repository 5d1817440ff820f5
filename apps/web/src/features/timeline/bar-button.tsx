import type { WorkspaceLock } from '@rostra/core/api/timeline';
import { CONFIRMATION_TEXT, shownConfirmation } from '@rostra/core/notifications/confirm';
import { PUBLISH_TEXT } from '@rostra/core/notifications/publish';
import type { StatusDefinition } from '@rostra/core/settings/defaults';
import { formatTime } from '@rostra/core/time/calendar';
import { Lock as LockIcon, PencilLine, TriangleAlert } from 'lucide-react';
import { memo } from 'react';
import { ConfirmationMark } from '../confirm/confirmation-mark.tsx';
import { useCompact, useNameW } from './grid-context.ts';
import { type Bar, type BarRef, barBox, customerName, laneHeight, type Row, type Scale } from './model.ts';
import { TL } from './texts.ts';
import type { BarHandlers } from './timeline-row.tsx';

/** Bars narrower than this (px) get no end handle: the handle would cover them, leaving nothing to drag. */
const MIN_RESIZE_W = 24;
/** Width of a bar's end handle, px. */
const HANDLE_W = 8;

/** A draft bar (roster changes not yet published): dashed, with a pencil. */
const DRAFT_STYLE = { outline: '2px dashed #525252', outlineOffset: '-2px' } as const;

function DraftMark() {
  return <PencilLine aria-hidden data-testid="draft-mark" className="size-3 shrink-0" />;
}

/** The keys a focused bar answers (besides the arrows). */
const KEYS = 'Enter C Delete Shift+F10 ContextMenu Shift+ArrowLeft Shift+ArrowRight';

function lockLabel(lock: WorkspaceLock): string {
  return TL.locked(lock.name ?? TL.anotherDispatcher);
}

type BarProps = {
  bar: Bar;
  row: Row;
  /** Its place (`BarRef`) as numbers: the memoised bar re-renders only when something it shows changes. */
  rowIndex: number;
  barIndex: number;
  dataKey: string;
  scale: Scale;
  statusColors: ReadonlyMap<string, StatusDefinition>;
  customers: ReadonlyMap<string, string>;
  lock: WorkspaceLock | undefined;
  isSelected: boolean;
  isDragged: boolean;
  isTabStop: boolean;
  canResize: boolean;
  on: BarHandlers;
};

/** One bar; memoised (a drag step or a scroll re-renders a row, not each of its bars). */
export const BarButton = memo(function BarButton(p: BarProps) {
  const { bar, scale } = p;
  const at: BarRef = { row: p.rowIndex, bar: p.barIndex };
  const nameW = useNameW();
  // Clipped to the grid: a record begun before the window starts at its first hour.
  const box = barBox(scale, bar);
  const left = nameW + box.x;
  const width = box.width;
  const record = bar.record;
  const time = `${formatTime(bar.begin)}–${formatTime(bar.end)}`;
  const compact = useCompact();
  const lane = laneHeight(compact);
  const style = { left, width, top: (compact ? 2 : 4) + bar.lane * lane, height: lane - 2 };
  const status = p.statusColors.get(record.status ?? '');
  const customer = customerName(record, p.customers);
  const lock = p.lock;
  const confirmation = shownConfirmation(record.confirmations, p.row.resource ? p.row.id : undefined);
  const title = [
    customer,
    time,
    status?._value ?? record.status,
    record.isConflict ? TL.conflict : '',
    confirmation ? CONFIRMATION_TEXT[confirmation] : '',
    record.draft ? PUBLISH_TEXT.draft : '',
    lock ? lockLabel(lock) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  // Pointer resizing by the end handle (the keyboard resizes with Shift+Arrow on the bar itself).
  const hasHandle = p.canResize && width >= MIN_RESIZE_W;
  return (
    <button
      type="button"
      data-bar={p.dataKey}
      data-id={record._id}
      data-locked={lock ? 'true' : undefined}
      data-draft={record.draft ? 'true' : undefined}
      tabIndex={p.isTabStop ? 0 : -1}
      aria-label={title}
      aria-pressed={p.isSelected}
      aria-keyshortcuts={p.canResize ? KEYS : undefined}
      title={title}
      className={`absolute flex touch-none items-center gap-1 overflow-hidden rounded-sm px-1.5 text-left text-[11px] leading-5 outline-none select-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-1 ${
        record.isConflict ? 'border-l-[3px] border-red-600' : ''
      } ${p.isSelected ? 'ring-2 ring-neutral-900' : ''} ${p.isDragged ? 'opacity-40' : ''} ${lock ? 'cursor-not-allowed outline-dashed outline-1 outline-neutral-500' : 'cursor-grab'} ${
        hasHandle
          ? 'after:absolute after:top-0 after:right-0 after:h-full after:w-2 after:cursor-ew-resize hover:after:bg-neutral-900/25'
          : ''
      }`}
      data-resizable={hasHandle ? 'true' : undefined}
      style={{
        ...style,
        ...(record.draft ? DRAFT_STYLE : {}),
        background: status?.color ?? '#e5e7eb',
        color: status?.textColor ?? '#1f2937',
      }}
      onPointerDown={(e) => {
        // The end handle is the bar's last 8 px (a pseudo-element: no extra DOM node per bar).
        if (hasHandle && e.clientX >= e.currentTarget.getBoundingClientRect().right - HANDLE_W)
          p.on.onResizePress(e, bar, p.row);
        else p.on.onPress(e, bar, p.row);
      }}
      onClick={() => p.on.onClick(bar, at)}
      onDoubleClick={() => p.on.onOpen(bar)}
      onContextMenu={(e) => {
        e.preventDefault();
        p.on.onMenu(bar, { x: e.clientX, y: e.clientY });
      }}
      onKeyDown={(e) => p.on.onKey(e, at, bar)}
      onFocus={() => p.on.onFocusBar(at)}
    >
      {lock ? <LockIcon aria-hidden className="size-3 shrink-0" /> : null}
      {record.isConflict ? <TriangleAlert aria-hidden className="size-3 shrink-0 text-red-700" /> : null}
      <ConfirmationMark state={confirmation} />
      {record.draft ? <DraftMark /> : null}
      {/* Too narrow for a name: the tooltip (title) and the accessible name say it all. */}
      {width >= 24 ? <span className="min-w-8 truncate font-medium">{customer}</span> : null}
      {width > 120 ? (
        <span className="min-w-0 truncate opacity-75" style={{ flexShrink: 4 }}>
          {time}
        </span>
      ) : null}
    </button>
  );
});
