import type { WorkspaceLock } from '@rostra/core/api/timeline';
import type { RosterGrid } from '@rostra/core/roster/grid';
import type { StatusDefinition } from '@rostra/core/settings/defaults';
import type { ReactNode } from 'react';
import type { MenuPoint } from '../../ui/context-menu.tsx';
import type { AsyncChecker } from './checker.ts';
import type { DropTarget } from './layout.ts';
import type { Bar, Row, ViewKind, Zoom } from './model.ts';
import type { Picked } from './selection.ts';
import type { RowAvailability } from './use-availability.ts';

/** What the timeline grid shows and what it reports (timeline-grid.tsx). */
export type GridProps = {
  rows: readonly Row[];
  grid: RosterGrid;
  view: ViewKind;
  /** Week and fortnight: the zoom (`days` fits the period to the width). */
  zoom: Zoom;
  /** Compact rows (24 px). */
  compact: boolean;
  statusColors: ReadonlyMap<string, StatusDefinition>;
  customers: ReadonlyMap<string, string>;
  locks: Readonly<Record<string, WorkspaceLock>>;
  selectedId: string | null;
  isEditable: boolean;
  /** Wall-clock seconds now (the today line). */
  now: number;
  /** The core's checker (in a worker) for the bar being dragged; null while it loads. */
  checker: AsyncChecker | null;
  showAlternatives: boolean;
  onSelect: (bar: Bar) => void;
  /** Opens the booking (click, double click, Enter): the drawer. */
  onOpen: (bar: Bar) => void;
  /** The bar's context menu at a point (right click, long press, the menu key, Shift+F10). */
  onMenu: (bar: Bar, at: MenuPoint) => void;
  /** The candidate panel (C). */
  onCandidates: (bar: Bar) => void;
  /** Unassigns the booking (Delete). */
  onUnassign: (bar: Bar) => void;
  onDragStart: (bar: Bar) => void;
  onDragEnd: () => void;
  /** A bar dropped; `isCopy`: Shift held (a copy goes to the target). */
  onDrop: (bar: Bar, fromRowId: string, target: DropTarget, isCopy: boolean) => void;
  /** The bookings picked for one action together (point 6): drawn as selected. */
  picked: Picked;
  /** Ctrl/Shift-click or Space on a bar: in or out of the pick. */
  onPick: (bar: Bar, row: Row) => void;
  /** Escape on a bar while some are picked. */
  onClearPick: () => void;
  /** A bar's end handle dragged (or Shift+Arrow on a focused bar): the booking's new end. */
  onResize: (bar: Bar, end: number, byPointer: boolean) => void;
  /** Shifts, leaves, hours against limits (issue 18 point 4); null while unknown. */
  availability: RowAvailability | null;
  /** The share of the shown resources busy in each hour of the grid (the utilisation strip). */
  utilisation: Float64Array | null;
  /** An empty stretch swept on a row (or a row's "new booking"): the quick form (point 2). */
  onCreate: (row: Row, range: { begin: number; end: number } | null) => void;
  /** A group header's fold (point 3). */
  onToggleGroup: (key: string) => void;
  /** Shown in the corner above the names (the inactive resources toggle). */
  namesCorner?: ReactNode;
};
