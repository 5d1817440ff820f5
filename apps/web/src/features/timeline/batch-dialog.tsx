import type { AllocationIssue, BatchAnswer } from '@rostra/core/api/allocation';
import type { WindowRecord } from '@rostra/core/api/timeline';
import { useState } from 'react';
import { type LiveEvent, useLive } from '../../lib/live.ts';
import { useOrgDates } from '../../lib/org-dates.ts';
import { Button } from '../../ui/button.tsx';
import { Check } from '../../ui/check.tsx';
import { Modal } from '../../ui/dialog.tsx';
import { errorText, fetchRecord, runBatch } from './api.ts';
import { TL } from './texts.ts';

export type BatchConflict = { id: string; customer: string; begin: number; errors: AllocationIssue[] };

export type BatchResult = BatchAnswer & { conflictList: BatchConflict[] };

/** An optimised run's stage: the greedy first pass, then the optimisation with its budget. */
type Stage = { kind: 'first' } | { kind: 'optimising'; budgetMs: number; firstStaffed: number | null };

type Phase =
  | { kind: 'ready' }
  | { kind: 'running'; done: number; total: number; stage: Stage | null }
  | { kind: 'done'; result: BatchResult }
  | { kind: 'failed'; message: string };

/**
 * Auto-allocation of every unassigned booking of the visible period (POST /allocation/batch):
 * a progress bar fed by the live `allocation` topic (this run's events, by batch id), then the
 * summary — assigned, conflicts and each conflict's reasons in the spec's words. The caller turns
 * the run into one undo step (`onFinished` gets the bookings it assigned).
 */
export function BatchDialog(props: {
  from: number;
  to: number;
  pending: readonly WindowRecord[];
  customerOf: (record: WindowRecord) => string;
  /** Refetches the window and returns the records as they are now. */
  reload: () => Promise<readonly WindowRecord[]>;
  onFinished: (assigned: WindowRecord[]) => void;
  onClose: () => void;
}) {
  const dates = useOrgDates();
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const [batchId] = useState(() => crypto.randomUUID());
  const [optimise, setOptimise] = useState(true);
  const total = props.pending.length;

  useLive(
    phase.kind === 'ready' || phase.kind === 'running' ? { topic: 'allocation' } : null,
    (event: LiveEvent) => {
      if (event.type !== 'event' || event.data.batch_id !== batchId) return;
      // An `allocation.batch.progress` payload: counts so far and of the whole run; an optimised
      // run's `phase` says which pass it is in (and, optimising, what the first pass staffed).
      const { done: d, total: t, phase: stage, budget_ms: budget, greedy } = event.data;
      const done = typeof d === 'number' ? d : 0;
      const all = typeof t === 'number' ? t : total;
      const staffed = (greedy as { staffed?: unknown } | null | undefined)?.staffed;
      setPhase((p) => {
        if (p.kind !== 'running') return p;
        const next: Stage | null =
          stage === 'optimise'
            ? {
                kind: 'optimising',
                budgetMs: typeof budget === 'number' ? budget : 0,
                firstStaffed: typeof staffed === 'number' ? staffed : null,
              }
            : p.stage;
        return { kind: 'running', done: Math.max(p.done, done), total: all, stage: next };
      });
    },
  );

  const start = async () => {
    setPhase({ kind: 'running', done: 0, total, stage: optimise ? { kind: 'first' } : null });
    try {
      const answer = await runBatch(props.from, props.to, batchId, optimise);
      const now = await props.reload();
      const byId = new Map(now.map((r) => [r._id, r]));
      const assigned: WindowRecord[] = [];
      const conflicts: WindowRecord[] = [];
      for (const before of props.pending) {
        const after = byId.get(before._id);
        if (!after) continue;
        if ((after.resIds ?? []).length > 0) assigned.push(after);
        if (after.isConflict) conflicts.push(after);
      }
      // Each conflict's reasons, as the allocation stored them on the booking.
      const conflictList = await Promise.all(
        conflicts.map(async (r) => {
          const full = await fetchRecord(r._id).catch(() => null);
          return {
            id: r._id,
            customer: props.customerOf(r),
            begin: r.utc_begin_plus_tz,
            errors: full?.errors ?? [],
          };
        }),
      );
      setPhase({ kind: 'done', result: { ...answer, conflictList } });
      if (assigned.length) props.onFinished(assigned);
    } catch (error) {
      setPhase({ kind: 'failed', message: errorText(error) });
    }
  };

  // An optimised run writes at its end: its bar marks the passes (a third, then two thirds).
  const percent =
    phase.kind === 'running'
      ? phase.stage !== null
        ? phase.stage.kind === 'first'
          ? 33
          : 67
        : phase.total
          ? Math.round((phase.done / phase.total) * 100)
          : 0
      : phase.kind === 'done'
        ? 100
        : 0;

  return (
    <Modal
      title={TL.batchTitle}
      onClose={props.onClose}
      isDismissable={phase.kind !== 'running'}
      size="md"
      testId="batch-dialog"
      footer={
        phase.kind === 'ready' ? (
          <>
            <Button variant="secondary" onClick={props.onClose}>
              {TL.close}
            </Button>
            <Button onClick={() => void start()} disabled={total === 0}>
              {TL.batchStart}
            </Button>
          </>
        ) : phase.kind === 'running' ? null : (
          <Button onClick={props.onClose}>{TL.close}</Button>
        )
      }
    >
      <p className="text-sm text-neutral-700">
        {dates.dateTime(props.from)} – {dates.dateTime(props.to)}
      </p>
      {phase.kind === 'ready' ? (
        <>
          <p className="mt-2 text-sm text-neutral-700">{total ? TL.batchIntro(total) : TL.batchNone}</p>
          {total ? (
            <div className="mt-3">
              <Check checked={optimise} onChange={setOptimise} label={TL.batchOptimise} />
              <p className="ml-6 text-xs text-neutral-500">{TL.batchOptimiseHint}</p>
            </div>
          ) : null}
        </>
      ) : null}
      {phase.kind === 'running' || phase.kind === 'done' ? (
        <div className="mt-3">
          <div
            role="progressbar"
            aria-label={TL.batchRunning}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-neutral-200"
          >
            <div
              className="h-full rounded-full bg-sky-600 transition-[width] duration-300"
              style={{ width: `${percent}%` }}
            />
          </div>
          {phase.kind === 'running' ? (
            <p className="mt-1 text-xs text-neutral-600" aria-live="polite">
              {phase.stage === null
                ? `${TL.batchRunning} ${TL.batchProgress(phase.done, phase.total)}`
                : phase.stage.kind === 'first'
                  ? TL.batchFirstPass
                  : `${phase.stage.firstStaffed === null ? '' : `${TL.batchFirstPassFound(phase.stage.firstStaffed)} `}${TL.batchOptimising(
                      (phase.stage.budgetMs / 1000).toLocaleString(),
                    )}`}
            </p>
          ) : null}
        </div>
      ) : null}
      {phase.kind === 'failed' ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {phase.message}
        </p>
      ) : null}
      {phase.kind === 'done' ? (
        <section className="mt-4" aria-label={TL.batchSummary} data-testid="batch-summary">
          <h3 className="text-sm font-semibold text-neutral-900">{TL.batchSummary}</h3>
          <ul className="mt-1 flex flex-wrap gap-x-4 text-sm">
            <li className="text-emerald-700">{TL.batchAssigned(phase.result.assigned)}</li>
            <li className={phase.result.conflicts ? 'text-red-700' : 'text-neutral-600'}>
              {TL.batchConflicts(phase.result.conflicts)}
            </li>
            {phase.result.skipped ? (
              <li className="text-neutral-600">{TL.batchSkipped(phase.result.skipped)}</li>
            ) : null}
          </ul>
          {phase.result.optimised ? (
            <p className="mt-2 text-sm text-sky-800" data-testid="batch-optimised">
              {TL.batchGains(
                phase.result.optimised.final.staffed - phase.result.optimised.greedy.staffed,
                phase.result.optimised.final.preferred - phase.result.optimised.greedy.preferred,
              )}
            </p>
          ) : null}
          {phase.result.conflictList.length ? (
            <ul className="mt-3 max-h-60 space-y-2 overflow-y-auto rounded border border-red-100 bg-red-50/50 p-2 text-xs">
              {phase.result.conflictList.map((c) => (
                <li key={c.id}>
                  <p className="font-medium text-neutral-900">
                    {c.customer} · {dates.dateTime(c.begin)} · {c.id}
                  </p>
                  <ul className="ml-3 list-disc text-red-800">
                    {(c.errors.length ? c.errors : [{ code: 'none', message: TL.conflict }]).map((e) => (
                      <li key={`${e.code}:${e.resourceId ?? ''}:${e.message}`}>{e.message}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          ) : null}
          {phase.result.assigned ? <p className="mt-3 text-xs text-neutral-500">{TL.batchUndoHint}</p> : null}
        </section>
      ) : null}
    </Modal>
  );
}
