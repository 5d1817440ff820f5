import type { BlacklistOverride } from '@rostra/core/allocation/blacklist-override';
import type { AllocationIssue, RankedCandidate } from '@rostra/core/api/allocation';
import type { WindowRecord } from '@rostra/core/api/timeline';
import { buildRosterGrid } from '@rostra/core/roster/grid';
import { DISPLAY_DEFAULTS, type StatusDefinition } from '@rostra/core/settings/defaults';
import {
  DAY,
  dayStart,
  formatDateTime,
  fortnightStart,
  fromYmd,
  toWallClock,
  toYmd,
  weekStart,
} from '@rostra/core/time/calendar';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, Redo2, Sparkles, Undo2, X } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
// Assigning a failing candidate asks first, naming each reason (issue 16 point 5).
import { confirmAssign, confirmDraftAssignment } from '../../features/bookings/assign-confirm.ts';
import { type LiveEvent, useLive, useLiveStatus } from '../../lib/live.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button, IconButton } from '../../ui/button.tsx';
import { DateInput } from '../../ui/date-picker.tsx';
import { applyPlace, droppedResIds, type Place } from './actions.ts';
import {
  allocateBooking,
  errorText,
  fetchCheckData,
  fetchRecord,
  fetchStatusConfig,
  fetchWindow,
  fetchWorkspace,
  putWorkspace,
  timelineKeys,
  weekIdsOf,
  windowScenario,
} from './api.ts';
import { BatchDialog } from './batch-dialog.tsx';
import { CandidatePanel } from './candidate-panel.tsx';
import { type AsyncChecker, CheckWorker } from './checker.ts';
import { History } from './history.ts';
import {
  type Bar,
  batchCandidates,
  buildRows,
  customerName,
  resourceName,
  scaleOf,
  UNASSIGNED_ROW,
  VIEW_DAYS,
  type ViewKind,
} from './model.ts';
import { TL } from './texts.ts';
import { type DropTarget, TimelineGrid } from './timeline-grid.tsx';

/** The workspace lock is renewed this often while a booking is selected (locks count for 60 s). */
const LOCK_RENEW_MS = 30_000;
/** Others' locks are re-read this often too, so a stale one (over 60 s) disappears by itself. */
const LOCKS_POLL_MS = 15_000;

const NO_LOCKS: Readonly<Record<string, never>> = {};
const SKELETON_ROWS = ['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9'];

type Outcome = { tone: 'ok' | 'warn' | 'error'; text: string; errors?: AllocationIssue[] };

function periodStart(view: ViewKind, anchor: number, weekStartDay: number): number {
  if (view === 'week') return weekStart(anchor, weekStartDay);
  if (view === 'fortnight') return fortnightStart(anchor, weekStartDay);
  return dayStart(anchor);
}

/**
 * The dispatcher's timeline (and a partner's, read-only): toolbar (period, view, undo/redo,
 * auto-allocate), the virtualised grid, the candidate panel of the selected booking, the batch
 * dialog. Live: others' changes refetch the window; others' workspace locks show on their bars.
 */
export function TimelineBoard(props: { isEditable: boolean }) {
  const { me } = useShell();
  const dateInputId = useId();
  const { isEditable } = props;
  const queryClient = useQueryClient();
  const shell = useShell();
  // The display flags (the shell merges them over the defaults).
  const ds = shell.settings?.ds ?? DISPLAY_DEFAULTS;
  const confirmTimeChange = ds.confirm_time_change_on_drag === true;
  const timeZone = me.company?.time_zone ?? 'UTC';
  const [now, setNow] = useState(() => toWallClock(Date.now(), timeZone));
  useEffect(() => {
    const timer = setInterval(() => setNow(toWallClock(Date.now(), timeZone)), 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);

  // The period shown is the address's (`?view=week&date=…`): a reload or a shared link opens it.
  // Each value selected on its own: the board re-renders when the period changes, not with every
  // change of the router's state (a drag in progress keeps its frame).
  const view: ViewKind = useSearch({ strict: false, select: (search) => search.view }) ?? 'day';
  const searchDate = fromYmd(useSearch({ strict: false, select: (search) => search.date }) ?? '');
  const navigate = useNavigate();
  const anchor = Number.isNaN(searchDate) ? dayStart(now) : searchDate;
  const showPeriod = (next: { view?: ViewKind; anchor?: number }) =>
    void navigate({
      to: '.',
      search: (prev) => ({ ...prev, view: next.view ?? view, date: toYmd(next.anchor ?? anchor) }),
      replace: true,
    });
  const setView = (next: ViewKind) => showPeriod({ view: next });
  const setAnchor = (next: number) => showPeriod({ anchor: next });
  const [weekStartDay, setWeekStartDay] = useState(0);
  const from = periodStart(view, anchor, weekStartDay);
  const to = from + VIEW_DAYS[view] * DAY;

  const grid = useMemo(() => {
    const built = buildRosterGrid({
      week_start: from,
      no_of_days: VIEW_DAYS[view],
      fortnight: view === 'fortnight',
      week_start_day: weekStartDay,
    });
    if (!built.ok) throw new Error(built.issues[0]?.message ?? 'grid');
    return built.grid;
  }, [from, view, weekStartDay]);
  const scale = useMemo(() => scaleOf(grid, view), [grid, view]);

  const windowQuery = useQuery({
    queryKey: timelineKeys.window(from, to),
    queryFn: ({ signal }) => fetchWindow(from, to, signal),
    placeholderData: keepPreviousData,
  });
  const data =
    windowQuery.data && windowQuery.data.from === from && windowQuery.data.to === to
      ? windowQuery.data
      : undefined;
  useEffect(() => {
    const wsd = windowQuery.data?.grid?.week_start_day;
    if (typeof wsd === 'number' && wsd !== weekStartDay) setWeekStartDay(wsd);
  }, [windowQuery.data, weekStartDay]);

  const statusQuery = useQuery({
    queryKey: timelineKeys.statusConfig,
    queryFn: fetchStatusConfig,
    staleTime: 5 * 60_000,
  });
  const statusColors = useMemo(
    () => new Map<string, StatusDefinition>((statusQuery.data ?? []).map((s) => [s._key, s])),
    [statusQuery.data],
  );
  const workspaceQuery = useQuery({
    queryKey: timelineKeys.workspace,
    queryFn: fetchWorkspace,
    enabled: isEditable,
    refetchInterval: LOCKS_POLL_MS,
  });
  const locks = workspaceQuery.data?.locks ?? NO_LOCKS;

  const rows = useMemo(() => (data ? buildRows(data) : []), [data]);
  const customers = useMemo(() => new Map((data?.customers ?? []).map((c) => [c._id, c.name])), [data]);
  const resourceNames = useMemo(
    () => new Map((data?.resources ?? []).map((r) => [r._id, resourceName(r)])),
    [data],
  );
  const recordsById = useMemo(() => new Map((data?.records ?? []).map((r) => [r._id, r])), [data]);

  // --- Live ------------------------------------------------------------------------------------
  const liveStatus = useLiveStatus();
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refetchSoon = useCallback(() => {
    if (refetchTimer.current) return;
    refetchTimer.current = setTimeout(() => {
      refetchTimer.current = null;
      void queryClient.invalidateQueries({ queryKey: ['timeline', 'window'] });
    }, 150);
  }, [queryClient]);
  useEffect(
    () => () => {
      if (refetchTimer.current) clearTimeout(refetchTimer.current);
    },
    [],
  );
  useLive({ topic: 'timeline', from, to }, (event: LiveEvent) => {
    if (event.type === 'error') return;
    refetchSoon();
  });
  useLive(isEditable ? { topic: 'workspace' } : null, (event: LiveEvent) => {
    if (event.type === 'error') return;
    void workspaceQuery.refetch();
  });

  // --- Selection and the caller's own workspace lock -------------------------------------------
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const lockedByMe = draggingId ?? selectedId;
  useEffect(() => {
    if (!isEditable) return;
    const ids = lockedByMe ? [lockedByMe] : [];
    const send = () =>
      void putWorkspace(ids, { start_time: from, end_time: to }).catch(() => {
        // A lock is a courtesy to others; failing to set one does not stop the work.
      });
    send();
    if (!lockedByMe) return;
    const timer = setInterval(send, LOCK_RENEW_MS);
    return () => clearInterval(timer);
  }, [isEditable, lockedByMe, from, to]);

  // --- History ---------------------------------------------------------------------------------
  const history = useMemo(() => new History(), []);
  const historyState = useSyncExternalStore(
    (l) => history.subscribe(l),
    () => history.state(),
  );
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ['timeline'] });
  }, [queryClient]);

  /**
   * Runs a change: the grid takes no edit until the window has been read again after it, and
   * the outcome shows only then, so a next key press (Shift+Arrow) starts from the saved record,
   * never from the bar as it was before the change.
   */
  const change = useCallback(
    async (run: () => Promise<Outcome | null>) => {
      setBusy(true);
      let next: Outcome | null;
      try {
        next = await run();
      } catch (error) {
        next = { tone: 'error', text: errorText(error) };
      }
      await refresh();
      setBusy(false);
      if (next) setOutcome(next);
    },
    [refresh],
  );

  const undo = useCallback(
    () =>
      change(async () => {
        const step = await history.undo();
        return step ? { tone: 'ok', text: TL.undone(step.label) } : null;
      }),
    [history, change],
  );
  const redo = useCallback(
    () =>
      change(async () => {
        const step = await history.redo();
        return step ? { tone: 'ok', text: TL.redone(step.label) } : null;
      }),
    [history, change],
  );
  useEffect(() => {
    if (!isEditable) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)))
        return;
      if (!(e.ctrlKey || e.metaKey)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        void undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        void redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isEditable, undo, redo]);

  /**
   * Moves a booking and records the step; shows the server's answer (its errors in words).
   * `override`: the dispatcher confirmed assigning a resource the customer has blacklisted.
   */
  const move = useCallback(
    async (record: WindowRecord, after: Place, label: string, override?: BlacklistOverride) => {
      const before: Place = {
        begin: record.utc_begin_plus_tz,
        end: record.utc_end_plus_tz,
        resIds: record.resIds ?? [],
      };
      await change(async () => {
        const result = await applyPlace(record._id, after, override);
        history.push({
          label,
          undo: async () => void (await applyPlace(record._id, before)),
          redo: async () => void (await applyPlace(record._id, after, override)),
        });
        return result.errors.length || result.isConflict
          ? { tone: 'warn', text: `${label}. ${TL.conflictAfterDrop}`, errors: result.errors }
          : { tone: 'ok', text: label };
      });
    },
    [history, change],
  );

  const customerOf = useCallback((r: WindowRecord) => customerName(r, customers), [customers]);

  const onDrop = useCallback(
    async (bar: Bar, fromRowId: string, target: DropTarget) => {
      const record = bar.record;
      const length = bar.end - bar.begin;
      const isTimeChange = target.begin !== bar.begin;
      if (isTimeChange && confirmTimeChange) {
        const ok = await askConfirm(
          TL.timeChangeConfirm(formatDateTime(bar.begin), formatDateTime(target.begin)),
        );
        if (!ok) return;
      }
      const fromRes = fromRowId === UNASSIGNED_ROW ? null : fromRowId;
      const toRes = target.rowId === UNASSIGNED_ROW ? null : target.rowId;
      const resIds =
        fromRowId === target.rowId
          ? (record.resIds ?? [])
          : droppedResIds(record.resIds ?? [], fromRes, toRes);
      // A resource newly assigned by the drop that fails a check (at the dropped time) asks first.
      const added = resIds.filter((id) => !(record.resIds ?? []).includes(id));
      let confirmed: { override?: BlacklistOverride } | null = {};
      try {
        confirmed = await confirmDraftAssignment(
          {
            booking_id: record._id,
            utc_begin_plus_tz: target.begin,
            utc_end_plus_tz: target.begin + length,
            candidateIds: added,
          },
          (id) => resourceNames.get(id) ?? id,
        );
      } catch (error) {
        setOutcome({ tone: 'error', text: errorText(error) });
        return;
      }
      if (confirmed === null) return;
      const what = customerOf(record) || record._id;
      const label =
        fromRowId !== target.rowId
          ? toRes
            ? TL.assignedTo(what, resourceNames.get(toRes) ?? toRes)
            : TL.unassignedNow(what)
          : TL.moved(what, formatDateTime(target.begin));
      await move(
        record,
        { begin: target.begin, end: target.begin + length, resIds },
        label,
        confirmed.override,
      );
    },
    [confirmTimeChange, customerOf, resourceNames, move],
  );

  /**
   * A bar's end moved (its handle dragged, or Shift+Arrow): the booking keeps its begin and
   * resources; the server validates the new times and its answer shows; undo restores the end.
   */
  const onResize = useCallback(
    async (bar: Bar, end: number, byPointer: boolean) => {
      const record = bar.record;
      if (byPointer && confirmTimeChange) {
        const ok = await askConfirm(TL.endChangeConfirm(formatDateTime(bar.end), formatDateTime(end)));
        if (!ok) return;
      }
      const what = customerOf(record) || record._id;
      await move(
        record,
        { begin: record.utc_begin_plus_tz, end, resIds: record.resIds ?? [] },
        TL.resized(what, formatDateTime(end)),
      );
    },
    [confirmTimeChange, customerOf, move],
  );

  // --- The core's checks in the browser while dragging -----------------------------------------
  const weeks = useMemo(() => weekIdsOf(from, to, weekStartDay), [from, to, weekStartDay]);
  const checkData = useQuery({
    queryKey: timelineKeys.checkData(weeks.join(',')),
    queryFn: () => fetchCheckData(weeks),
    enabled: isEditable && data !== undefined,
    staleTime: 60_000,
  });
  const [checker, setChecker] = useState<AsyncChecker | null>(null);
  const [worker, setWorker] = useState<CheckWorker | null>(null);
  useEffect(() => {
    if (!isEditable || typeof Worker === 'undefined') return;
    const w = new CheckWorker();
    setWorker(w);
    return () => w.terminate();
  }, [isEditable]);
  // The worker gets the window's data whenever it changes (not on the drag's critical path).
  useEffect(() => {
    if (worker && data && checkData.data)
      worker.setData(windowScenario(data.records, checkData.data, weekStartDay, data.allocation_config));
  }, [worker, data, checkData.data, weekStartDay]);
  const dragToken = useRef(0);
  const onDragStart = useCallback(
    (bar: Bar) => {
      const token = ++dragToken.current;
      setDraggingId(bar.record._id);
      setChecker(null);
      if (!worker) return;
      const build = async () => {
        if (!checkData.data) {
          const fresh = await checkData.refetch();
          if (fresh.data && data)
            worker.setData(windowScenario(data.records, fresh.data, weekStartDay, data.allocation_config));
        }
        const job = await fetchRecord(bar.record._id);
        if (token !== dragToken.current) return;
        const ready = await worker.startJob(job);
        if (token === dragToken.current) setChecker(ready);
      };
      void build().catch(() => {
        // No browser check: the server still decides on drop.
      });
    },
    [worker, data, checkData, weekStartDay],
  );
  const onDragEnd = useCallback(() => {
    dragToken.current++;
    worker?.endJob();
    setDraggingId(null);
    setChecker(null);
  }, [worker]);

  // --- Candidate panel -------------------------------------------------------------------------
  const selected = selectedId ? recordsById.get(selectedId) : undefined;
  const [panelOpen, setPanelOpen] = useState(false);
  const lockOf = (id: string) => {
    const lock = locks[id];
    return lock ? TL.locked(lock.name ?? TL.anotherDispatcher) : null;
  };
  const assign = async (candidate: RankedCandidate, needed: number) => {
    if (!selected) return;
    const resourceId = candidate.resourceId;
    const confirmed = await confirmAssign([candidate]);
    if (confirmed === null) return;
    const current = selected.resIds ?? [];
    const resIds =
      needed > 1 ? [...current.filter((id) => id !== resourceId), resourceId].slice(-needed) : [resourceId];
    const what = customerOf(selected) || selected._id;
    await move(
      selected,
      { begin: selected.utc_begin_plus_tz, end: selected.utc_end_plus_tz, resIds },
      TL.assignedTo(what, resourceNames.get(resourceId) ?? resourceId),
      confirmed.override,
    );
  };
  const autoAllocate = async () => {
    if (!selected) return;
    const record = selected;
    const before: Place = {
      begin: record.utc_begin_plus_tz,
      end: record.utc_end_plus_tz,
      resIds: record.resIds ?? [],
    };
    await change(async () => {
      const answer = await allocateBooking(record._id, { mode: 'auto' });
      const after: Place = { ...before, resIds: answer.assigned };
      const what = customerOf(record) || record._id;
      const label = answer.assigned.length
        ? TL.assignedTo(what, answer.assigned.map((id) => resourceNames.get(id) ?? id).join(', '))
        : what;
      if (answer.assigned.length) {
        history.push({
          label,
          undo: async () => void (await applyPlace(record._id, before)),
          redo: async () => void (await applyPlace(record._id, after)),
        });
      }
      return answer.errors.length || answer.isConflict
        ? { tone: 'warn', text: label, errors: answer.errors }
        : { tone: 'ok', text: label };
    });
  };

  // --- Batch -----------------------------------------------------------------------------------
  const [batchOpen, setBatchOpen] = useState(false);
  const pending = useMemo(() => (data ? batchCandidates(data.records, from, to) : []), [data, from, to]);
  const onBatchFinished = (assigned: WindowRecord[]) => {
    const befores = assigned.map((r) => ({
      id: r._id,
      place: { begin: r.utc_begin_plus_tz, end: r.utc_end_plus_tz, resIds: [] },
    }));
    const afters = assigned.map((r) => ({
      id: r._id,
      place: { begin: r.utc_begin_plus_tz, end: r.utc_end_plus_tz, resIds: r.resIds },
    }));
    history.push({
      label: TL.batchLabel(assigned.length),
      undo: async () => {
        for (const b of befores) await applyPlace(b.id, b.place);
      },
      redo: async () => {
        for (const a of afters) await applyPlace(a.id, a.place);
      },
    });
  };
  const reloadRecords = async () => {
    const fresh = await queryClient.fetchQuery({
      queryKey: timelineKeys.window(from, to),
      queryFn: () => fetchWindow(from, to),
      staleTime: 0,
    });
    return fresh.records;
  };

  // --- Period navigation -----------------------------------------------------------------------
  const step = (dir: -1 | 1) => setAnchor(anchor + dir * VIEW_DAYS[view] * DAY);
  const title =
    view === 'day'
      ? (grid.set[toYmd(from)]?.label ?? toYmd(from))
      : `${Object.values(grid.set)[0]?.label} – ${Object.values(grid.set).at(-1)?.label}`;

  const isLoading = windowQuery.isPending;
  const isError = windowQuery.isError && !data;
  const isEmpty = data !== undefined && data.resources.length === 0 && rows[0]?.bars.length === 0;

  return (
    <div className="flex h-full min-h-96 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-neutral-200 bg-white px-3 py-2">
        {/* Phones: title and actions, then period and date, then the views (CSS order; same DOM order). */}
        <h1 className="mr-auto text-base font-semibold text-neutral-900 sm:mr-2">{TL.title}</h1>
        <div className="order-2 flex items-center sm:order-none">
          <IconButton label={TL.previous} onClick={() => step(-1)}>
            <ChevronLeft aria-hidden className="size-4" />
          </IconButton>
          <Button variant="secondary" className="px-3" onClick={() => setAnchor(dayStart(now))}>
            {TL.today}
          </Button>
          <IconButton label={TL.next} onClick={() => step(1)}>
            <ChevronRight aria-hidden className="size-4" />
          </IconButton>
        </div>
        <label
          htmlFor={dateInputId}
          className="order-2 flex min-w-0 flex-1 items-center gap-1 text-sm text-neutral-700 sm:order-none sm:flex-none"
        >
          <span className="sr-only">{TL.date}</span>
          <DateInput
            id={dateInputId}
            wrapperClassName="block w-full min-w-0 sm:w-auto"
            className="min-h-9 w-full min-w-0 rounded-md border border-neutral-300 px-2 text-sm sm:w-32"
            value={toYmd(anchor)}
            onValueChange={(value) => {
              const v = fromYmd(value);
              if (!Number.isNaN(v)) setAnchor(v);
            }}
          />
        </label>
        <span
          className="sr-only text-sm font-medium text-neutral-700 sm:not-sr-only"
          aria-live="polite"
          data-testid="period-title"
        >
          {title}
        </span>
        <fieldset className="order-3 flex w-full rounded-md border border-neutral-300 p-0.5 sm:order-none sm:ml-auto sm:w-auto">
          <legend className="sr-only">{TL.viewLabel}</legend>
          {(['day', 'week', 'fortnight'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`min-h-8 flex-1 rounded px-3 text-sm sm:flex-none ${view === v ? 'bg-neutral-900 text-white' : 'text-neutral-700 hover:bg-neutral-100'}`}
            >
              {TL.views[v]}
            </button>
          ))}
        </fieldset>
        {isEditable ? (
          <div className="order-1 flex items-center gap-1 sm:order-none">
            <IconButton
              label={historyState.undoLabel ? `${TL.undo}: ${historyState.undoLabel}` : TL.undo}
              onClick={() => void undo()}
              disabled={!historyState.canUndo || busy}
            >
              <Undo2 aria-hidden className="size-4" />
            </IconButton>
            <IconButton
              label={historyState.redoLabel ? `${TL.redo}: ${historyState.redoLabel}` : TL.redo}
              onClick={() => void redo()}
              disabled={!historyState.canRedo || busy}
            >
              <Redo2 aria-hidden className="size-4" />
            </IconButton>
            <Button onClick={() => setBatchOpen(true)} disabled={!data}>
              <Sparkles aria-hidden className="size-4" />
              <span className="sr-only sm:not-sr-only">{TL.autoAllocateWindow}</span>
            </Button>
          </div>
        ) : null}
        <span
          className={`order-1 size-2 rounded-full sm:order-none ${liveStatus === 'open' ? 'bg-emerald-500' : 'bg-neutral-300'}`}
          title={liveStatus === 'open' ? TL.live : TL.offline}
          role="img"
          aria-label={liveStatus === 'open' ? TL.live : TL.offline}
        />
      </div>
      {outcome ? (
        <div
          role={outcome.tone === 'error' ? 'alert' : 'status'}
          data-testid="timeline-outcome"
          className={`flex items-start gap-2 border-b px-4 py-2 text-sm ${
            outcome.tone === 'error'
              ? 'border-red-200 bg-red-50 text-red-800'
              : outcome.tone === 'warn'
                ? 'border-amber-200 bg-amber-50 text-amber-900'
                : 'border-emerald-200 bg-emerald-50 text-emerald-900'
          }`}
        >
          <div className="min-w-0 flex-1">
            <p>{outcome.text}</p>
            {outcome.errors?.length ? (
              <ul className="mt-0.5 list-disc pl-5 text-xs">
                {outcome.errors.map((e) => (
                  <li key={`${e.code}:${e.resourceId ?? ''}:${e.message}`}>
                    {e.resourceId ? `${resourceNames.get(e.resourceId) ?? e.resourceId}: ` : ''}
                    {e.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <IconButton label={TL.dismiss} onClick={() => setOutcome(null)} className="-my-1">
            <X aria-hidden className="size-4" />
          </IconButton>
        </div>
      ) : null}
      {data?.truncated ? (
        <p className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-900">
          {TL.truncated}
        </p>
      ) : null}
      <div className="flex min-h-0 flex-1">
        {isLoading ? (
          <div className="flex-1 space-y-1 p-3" aria-busy="true" data-testid="timeline-loading">
            <p className="sr-only">{TL.loading}</p>
            {SKELETON_ROWS.map((i) => (
              <div key={i} className="flex gap-2">
                <div className="h-10 w-48 animate-pulse rounded bg-neutral-100" />
                <div className="h-10 flex-1 animate-pulse rounded bg-neutral-50" />
              </div>
            ))}
          </div>
        ) : isError ? (
          <div className="m-auto max-w-sm p-6 text-center" role="alert">
            <p className="text-sm text-red-700">{TL.loadFailed}</p>
            <p className="mt-1 text-xs text-neutral-500">{errorText(windowQuery.error)}</p>
            <Button className="mt-3" variant="secondary" onClick={() => void windowQuery.refetch()}>
              {TL.retry}
            </Button>
          </div>
        ) : isEmpty ? (
          <div className="m-auto max-w-sm p-6 text-center">
            <p className="text-sm font-medium text-neutral-800">{TL.noResources}</p>
            <p className="mt-1 text-xs text-neutral-500">{TL.noResourcesHint}</p>
          </div>
        ) : (
          <TimelineGrid
            rows={rows}
            scale={scale}
            grid={grid}
            view={view}
            statusColors={statusColors}
            customers={customers}
            locks={locks}
            selectedId={selectedId}
            isEditable={isEditable && !busy}
            now={now}
            checker={checker}
            showAlternatives={ds.show_alternative_resource_on_drag !== false}
            onSelect={(bar) => {
              if (bar.kind !== 'booking') return;
              setSelectedId(bar.record._id);
              if (isEditable) setPanelOpen(true);
            }}
            onOpen={(bar) => {
              setSelectedId(bar.record._id);
              if (isEditable) setPanelOpen(true);
            }}
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
            onDrop={(bar, fromRowId, target) => void onDrop(bar, fromRowId, target)}
            onResize={(bar, end, byPointer) => void onResize(bar, end, byPointer)}
          />
        )}
        {panelOpen && selected && isEditable ? (
          <div className="fixed inset-0 z-40 flex bg-white md:static md:z-auto md:flex-none">
            <CandidatePanel
              key={selected._id}
              record={selected}
              customer={customerOf(selected)}
              resourceNames={resourceNames}
              isBusy={busy}
              isLocked={lockOf(selected._id)}
              onAssign={(candidate, needed) => void assign(candidate, needed)}
              onAuto={() => void autoAllocate()}
              onClose={() => {
                setPanelOpen(false);
                setSelectedId(null);
              }}
            />
          </div>
        ) : null}
      </div>
      {batchOpen ? (
        <BatchDialog
          from={from}
          to={to}
          pending={pending}
          customerOf={customerOf}
          reload={reloadRecords}
          onFinished={onBatchFinished}
          onClose={() => {
            setBatchOpen(false);
            void refresh();
          }}
        />
      ) : null}
    </div>
  );
}
