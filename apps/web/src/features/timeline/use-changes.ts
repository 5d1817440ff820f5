import type { BlacklistOverride } from '@rostra/core/allocation/blacklist-override';
import type { AllocationIssue } from '@rostra/core/api/allocation';
import type { WindowRecord } from '@rostra/core/api/timeline';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { applyPlace, type Place } from './actions.ts';
import { errorText } from './api.ts';
import { History, type HistoryStep } from './history.ts';
import { TL } from './texts.ts';

export type Outcome = { tone: 'ok' | 'warn' | 'error'; text: string; errors?: AllocationIssue[] };

/** A record's place as it is now: its times and resources. */
export const placeOf = (record: WindowRecord): Place => ({
  begin: record.utc_begin_plus_tz,
  end: record.utc_end_plus_tz,
  resIds: record.resIds ?? [],
});

/** The undo step that moves a booking from one place to another and back. */
export const placeStep = (
  id: string,
  before: Place,
  after: Place,
  label: string,
  override?: BlacklistOverride,
): HistoryStep => ({
  label,
  undo: async () => void (await applyPlace(id, before)),
  redo: async () => void (await applyPlace(id, after, override)),
});

/** Whether a key press is typed into a field (the board's shortcuts leave it alone). */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return el !== null && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/**
 * The board's changes and their history: `change` runs one (the grid takes no edit until the
 * window has been read again after it, and the outcome shows only then, so a next key press
 * starts from the saved record); `move` moves a booking and records the undo step; undo and redo
 * by button or Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y.
 */
export function useChanges(isEditable: boolean) {
  const queryClient = useQueryClient();
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
      if (isTyping(e.target) || !(e.ctrlKey || e.metaKey)) return;
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
      const before = placeOf(record);
      await change(async () => {
        const result = await applyPlace(record._id, after, override);
        history.push(placeStep(record._id, before, after, label, override));
        return result.errors.length || result.isConflict
          ? { tone: 'warn', text: `${label}. ${TL.conflictAfterDrop}`, errors: result.errors }
          : { tone: 'ok', text: label };
      });
    },
    [history, change],
  );

  return { history, historyState, busy, outcome, setOutcome, refresh, change, undo, redo, move };
}

export type Changes = ReturnType<typeof useChanges>;
