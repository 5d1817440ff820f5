import { OVERLAY_TEXT } from '@rostra/core/shell/messages';
import { useBlocker } from '@tanstack/react-router';
import { useEffect } from 'react';
import { askConfirm } from './overlays.ts';
import { createStore } from './store.ts';

/**
 * The unsaved-changes guard (spec §2): while any part of the screen has unsaved changes, leaving
 * it — in-app navigation, back/forward, a reload or closing the tab — asks first. Screens say
 * when they are dirty with {@link useUnsavedChanges}; the shell mounts {@link useUnsavedGuard}.
 */

/** Parts of the screen that are dirty right now (one token per mounted, dirty form). */
export const unsavedStore = createStore<ReadonlySet<symbol>>(new Set());

export function hasUnsavedChanges(): boolean {
  return unsavedStore.get().size > 0;
}

/** Forget every dirty mark (after the person chose to discard). */
export function discardUnsavedChanges(): void {
  unsavedStore.set(new Set());
}

/** Marks the calling component as having unsaved changes while `isDirty` is true. */
export function useUnsavedChanges(isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    const token = Symbol('unsaved');
    unsavedStore.set((s) => new Set([...s, token]));
    return () => {
      unsavedStore.set((s) => {
        const next = new Set(s);
        next.delete(token);
        return next;
      });
    };
  }, [isDirty]);
}

/**
 * Asks 'Close - There are unsaved changes. Do you want to leave and discard your changes?' when
 * there is something to lose; true means go ahead (nothing to lose, or Yes). On Yes the dirty
 * marks are dropped, so the navigation that follows is not asked about twice.
 */
export async function confirmLeave(): Promise<boolean> {
  if (!hasUnsavedChanges()) return true;
  const leave = await askConfirm(OVERLAY_TEXT.unsavedChanges);
  if (leave) discardUnsavedChanges();
  return leave;
}

/**
 * Blocks router navigation while there are unsaved changes (the dialogue decides), and asks the
 * browser to confirm a reload or tab close (the browser shows its own wording there: pages
 * cannot set the text of that prompt).
 */
export function useUnsavedGuard(): void {
  useBlocker({
    shouldBlockFn: async () => !(await confirmLeave()),
    enableBeforeUnload: hasUnsavedChanges,
  });
}
