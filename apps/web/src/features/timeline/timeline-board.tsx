import type { WindowRecord } from '@rostra/core/api/timeline';
import { bookingTitle } from '@rostra/core/records/booking-rules';
import { DISPLAY_DEFAULTS } from '@rostra/core/settings/defaults';
import { HOUR } from '@rostra/core/time/calendar';
import { useId, useMemo, useState } from 'react';
import { useShell } from '../../shell/shell-context.tsx';
import { useLookups } from '../bookings/api.ts';
import { errorText } from './api.ts';
import { arrangeRows, isArranged } from './arrange.ts';
import { utilisation } from './availability.ts';
import { BarMenu, type BarMenuAction } from './bar-menu.tsx';
import { BatchDialog } from './batch-dialog.tsx';
import { BoardEmpty, BoardError, BoardLoading, OutcomeBanner } from './board-notices.tsx';
import { BoardToolbar, InactiveToggle } from './board-toolbar.tsx';
import { BookingDrawer } from './booking-drawer.tsx';
import { CandidatePanel } from './candidate-panel.tsx';
import { CreateBooking, type CreateTarget } from './create-booking.tsx';
import { batchCandidates, freeSlot, type Row } from './model.ts';
import { PickBar } from './pick-bar.tsx';
import { ArrangeToggle, RowFilters } from './row-filters.tsx';
import { NOTHING_PICKED, togglePick } from './selection.ts';
import { TL } from './texts.ts';
import { TimelineGrid } from './timeline-grid.tsx';
import { useArrangement, useLabelOptions } from './use-arrangement.ts';
import { useAvailability } from './use-availability.ts';
import { useBoardActions } from './use-board-actions.ts';
import { useBoardPane } from './use-board-pane.ts';
import { useChanges } from './use-changes.ts';
import { useDragChecker } from './use-drag-checker.ts';
import { focusGridBar, useGroupActions, usePicked } from './use-group-actions.ts';
import { useNow, usePeriod } from './use-period.ts';
import { useRecordActions } from './use-record-actions.ts';
import { useWindowData } from './use-window-data.ts';
import { useWorkspaceLock } from './use-workspace-lock.ts';

/**
 * The dispatcher's timeline (and a partner's, read-only): toolbar (period, view, undo/redo,
 * auto-allocate), the virtualised grid, the candidate panel of the selected booking, the batch
 * dialog. The state lives in hooks: the period in the address (use-period.ts), the window and its
 * live updates (use-window-data.ts), changes and their undo (use-changes.ts), the browser's checks
 * while dragging (use-drag-checker.ts), the caller's workspace lock (use-workspace-lock.ts).
 */
export function TimelineBoard(props: { isEditable: boolean }) {
  const { isEditable } = props;
  const shell = useShell();
  // The display flags (the shell merges them over the defaults).
  const ds = shell.settings?.ds ?? DISPLAY_DEFAULTS;
  const now = useNow(shell.me.company?.time_zone ?? 'UTC');
  const period = usePeriod(now);
  const { from, to } = period;
  const win = useWindowData(period, isEditable);
  const { data, locks } = win;
  const changes = useChanges(isEditable);
  const { busy, outcome } = changes;
  const actions = useBoardActions({
    changes,
    customers: win.customers,
    resourceNames: win.resourceNames,
    confirmTimeChange: ds.confirm_time_change_on_drag === true,
  });
  const drag = useDragChecker(isEditable, data, period);

  const records = useRecordActions(changes, actions.whatOf);
  const [batchOpen, setBatchOpen] = useState(false);
  const pane = useBoardPane(isEditable);
  const { selectedId, panel } = pane;
  useWorkspaceLock(isEditable, drag.draggingId ?? selectedId, from, to);
  const selected = selectedId ? win.recordsById.get(selectedId) : undefined;
  const selectedLock = selected ? locks[selected._id] : undefined;
  const menuRecord = pane.menu ? (win.recordsById.get(pane.menu.id) ?? null) : null;
  const { picked, setPicked } = usePicked(win.recordsById);
  const groups = useGroupActions({ changes, whatOf: actions.whatOf, nameOf: actions.nameOf });
  const onMenuAction = (action: BarMenuAction, record: WindowRecord) => {
    if (action === 'open' || action === 'candidates')
      pane.open(action === 'open' ? 'detail' : 'candidates', record._id);
    else void records[action](record);
  };

  const availability = useAvailability({
    isEditable,
    data,
    rows: win.rows,
    checkData: drag.checkData,
    period,
  });
  // Found and arranged (point 3): search, label, sort, groups, all in the URL; inactive resources
  // behind the on-screen toggle (when the display setting sends them at all).
  const arranging = useArrangement();
  const [isArrangeOpen, setArrangeOpen] = useState(false);
  const arrangeId = useId();
  const { arrangement } = arranging;
  const { labelNames, teams, labelOptions, teamOptions } = useLabelOptions(win.rows, drag.checkData?.labels);
  const rows = useMemo(
    () =>
      arrangeRows(
        period.hidesInactive ? win.rows.filter((r) => !r.resource?.inactive) : win.rows,
        arranging.arrangement,
        {
          labelName: (l) => labelNames.get(l) ?? l,
          isTeam: (l) => teams.has(l),
          loadOf: availability?.loadOf ?? (() => null),
        },
      ),
    [win.rows, period.hidesInactive, arranging.arrangement, labelNames, teams, availability],
  );
  const load = useMemo(
    () => (isEditable ? utilisation(rows, from, to, HOUR) : null),
    [isEditable, rows, from, to],
  );
  const [create, setCreate] = useState<CreateTarget | null>(null);
  const lookups = useLookups(create !== null);
  const onCreate = (row: Row, range: { begin: number; end: number } | null) => {
    if (range) return setCreate({ row, ...range });
    // The keyboard's and the phone's "new booking": the row's first free hour from 09:00.
    const begin = freeSlot(row, period.anchor + 9 * HOUR, to, HOUR) ?? period.anchor + 9 * HOUR;
    setCreate({ row, begin, end: begin + HOUR });
  };

  const isLoading = win.windowQuery.isPending;
  const isError = win.windowQuery.isError && !data;
  const isEmpty = data !== undefined && data.resources.length === 0 && win.rows[0]?.bars.length === 0;

  return (
    <div className="flex h-full min-h-96 flex-col">
      <BoardToolbar
        period={period}
        now={now}
        isEditable={isEditable}
        history={changes.historyState}
        busy={busy}
        hasData={data !== undefined}
        onUndo={() => void changes.undo()}
        onRedo={() => void changes.redo()}
        onBatch={() => setBatchOpen(true)}
      />
      {outcome ? (
        <OutcomeBanner outcome={outcome} nameOf={actions.nameOf} onDismiss={() => changes.setOutcome(null)} />
      ) : null}
      {data?.truncated ? (
        <p className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-900">
          {TL.truncated}
        </p>
      ) : null}
      {isEditable && picked.size > 0 ? (
        <PickBar
          picked={picked}
          rows={rows}
          isBusy={busy}
          onMoveTo={(rowId) => void groups.moveAllTo(picked, rowId)}
          onCopyTo={(rowId) => void groups.copyAllTo(picked, rowId)}
          onUnassign={() => void groups.unassignAll(picked)}
          onAuto={() => void groups.autoAllocateAll(picked)}
          onClear={() => {
            setPicked(NOTHING_PICKED);
            focusGridBar();
          }}
        />
      ) : null}
      {data ? (
        <RowFilters
          arranging={arranging}
          labels={labelOptions}
          teams={teamOptions}
          shown={rows.filter((r) => r.resource).length}
          isOpen={isArrangeOpen}
          isFolded={period.compact}
          id={arrangeId}
        />
      ) : null}
      <div className="flex min-h-0 flex-1">
        {isLoading ? (
          <BoardLoading />
        ) : isError ? (
          <BoardError
            message={errorText(win.windowQuery.error)}
            onRetry={() => void win.windowQuery.refetch()}
          />
        ) : isEmpty ? (
          <BoardEmpty />
        ) : (
          <TimelineGrid
            rows={rows}
            zoom={period.zoom}
            compact={period.compact}
            grid={period.grid}
            view={period.view}
            statusColors={win.statusColors}
            customers={win.customers}
            locks={locks}
            selectedId={selectedId}
            isEditable={isEditable && !busy}
            now={now}
            checker={drag.checker}
            showAlternatives={ds.show_alternative_resource_on_drag !== false}
            onSelect={(bar) => {
              setPicked(NOTHING_PICKED);
              if (bar.kind === 'booking') pane.open('detail', bar.record._id);
            }}
            picked={picked}
            onPick={(bar, row) => {
              if (bar.kind !== 'booking' || !isEditable) return;
              setPicked(togglePick(picked, bar.record, row.id, !locks[bar.record._id]));
            }}
            onClearPick={() => setPicked(NOTHING_PICKED)}
            onOpen={(bar) => pane.open('detail', bar.record._id)}
            onCandidates={(bar) => pane.open('candidates', bar.record._id)}
            onUnassign={(bar) => {
              if (isEditable && !locks[bar.record._id]) void records.unassign(bar.record);
            }}
            onMenu={(bar, at) => {
              if (isEditable) pane.openMenu(bar.record._id, at);
            }}
            onDragStart={drag.onDragStart}
            onDragEnd={drag.onDragEnd}
            onDrop={(bar, fromRowId, target, isCopy) => {
              if (isCopy) void groups.copyTo(bar, fromRowId, target);
              else if (picked.size > 1 && picked.has(bar.record._id))
                void groups.moveAll(picked, bar, target);
              else void actions.onDrop(bar, fromRowId, target);
            }}
            onResize={(bar, end, byPointer) => void actions.onResize(bar, end, byPointer)}
            availability={availability}
            utilisation={load}
            onCreate={onCreate}
            onToggleGroup={arranging.toggleGroup}
            namesCorner={
              <div className="flex gap-1">
                <ArrangeToggle
                  isOpen={isArrangeOpen}
                  isActive={isArranged(arrangement)}
                  isFolded={period.compact}
                  controls={arrangeId}
                  onToggle={() => setArrangeOpen(!isArrangeOpen)}
                />
                {data?.show_inactive_res_timeline ? <InactiveToggle period={period} /> : null}
              </div>
            }
          />
        )}
        {panel?.kind === 'candidates' && selected && isEditable ? (
          <div className="fixed inset-0 z-40 flex bg-white md:static md:z-auto md:flex-none">
            <CandidatePanel
              key={selected._id}
              record={selected}
              customer={actions.customerOf(selected)}
              resourceNames={win.resourceNames}
              isBusy={busy}
              isLocked={selectedLock ? TL.locked(selectedLock.name ?? TL.anotherDispatcher) : null}
              onAssign={(candidate, needed) => void actions.assign(selected, candidate, needed)}
              onAuto={() => void actions.autoAllocate(selected)}
              onClose={pane.close}
            />
          </div>
        ) : null}
        {panel?.kind === 'detail' && isEditable ? <BookingDrawer id={panel.id} onClose={pane.close} /> : null}
      </div>
      {isEditable ? (
        <BarMenu
          record={menuRecord}
          at={pane.menu?.at ?? null}
          what={menuRecord ? actions.whatOf(menuRecord) : ''}
          onAction={onMenuAction}
          onClose={pane.closeMenu}
          onClosed={pane.afterMenu}
        />
      ) : null}
      {create ? (
        <CreateBooking
          target={create}
          customers={lookups.customers.data ?? []}
          labels={lookups.labels.data ?? []}
          check={drag.checkDraft}
          onClose={() => setCreate(null)}
          onCreated={(saved) => {
            setCreate(null);
            void changes.refresh();
            changes.setOutcome({
              tone: saved.isConflict ? 'warn' : 'ok',
              text: TL.created(bookingTitle(saved), create.row.name),
              ...(saved.errors?.length ? { errors: saved.errors } : {}),
            });
          }}
        />
      ) : null}
      {batchOpen ? (
        <BatchDialog
          from={from}
          to={to}
          pending={data ? batchCandidates(data.records, from, to) : []}
          customerOf={actions.customerOf}
          reload={win.reloadRecords}
          onFinished={actions.onBatchFinished}
          onClose={() => {
            setBatchOpen(false);
            void changes.refresh();
          }}
        />
      ) : null}
    </div>
  );
}
