import { OVERLAY_TEXT } from '@rostra/core/shell/messages';
import { createStore } from './store.ts';

/**
 * The shell's overlays (spec §2) as client state: one confirm dialogue at a time, the wait modal
 * (shown while any wrapped task runs), and which side panel is open. The components in
 * shell/overlays.tsx render them; anything in the app opens them through these functions.
 */

export type ConfirmRequest = {
  message: string;
  yes: string;
  no: string;
  /** Lines under the question (e.g. each reason an assignment fails). */
  details?: readonly string[];
  /** A text answer the question needs (its label): Yes waits until it is filled in. */
  reasonLabel?: string;
  resolve: (answer: boolean, reason?: string) => void;
};

export const confirmStore = createStore<ConfirmRequest | null>(null);

/** Asks a yes/no question; resolves true for Yes. A second question answers the first No. */
export function askConfirm(message: string, labels: { yes?: string; no?: string } = {}): Promise<boolean> {
  confirmStore.get()?.resolve(false);
  return new Promise<boolean>((resolve) => {
    confirmStore.set({
      message,
      yes: labels.yes ?? OVERLAY_TEXT.yes,
      no: labels.no ?? OVERLAY_TEXT.no,
      resolve: (answer) => {
        confirmStore.set(null);
        resolve(answer);
      },
    });
  });
}

/**
 * Asks a question with its details listed under it and, with `reasonLabel`, a required text
 * answer (why); resolves `{ ok: true, reason }` for Yes, `{ ok: false }` for No, Escape or a second question.
 */
export function askConfirmWithDetails(
  message: string,
  options: { yes?: string; no?: string; details?: readonly string[]; reasonLabel?: string },
): Promise<{ ok: boolean; reason?: string }> {
  confirmStore.get()?.resolve(false);
  return new Promise((resolve) => {
    confirmStore.set({
      message,
      yes: options.yes ?? OVERLAY_TEXT.yes,
      no: options.no ?? OVERLAY_TEXT.no,
      ...(options.details ? { details: options.details } : {}),
      ...(options.reasonLabel ? { reasonLabel: options.reasonLabel } : {}),
      resolve: (answer, reason) => {
        confirmStore.set(null);
        resolve(answer ? { ok: true, ...(reason === undefined ? {} : { reason }) } : { ok: false });
      },
    });
  });
}

/** Number of tasks running under the wait modal. */
export const waitStore = createStore(0);

/** Runs `task` with the wait modal ('Please wait' / 'This will only take a short moment') up. */
export async function withWait<T>(task: () => Promise<T>): Promise<T> {
  waitStore.set((n) => n + 1);
  try {
    return await task();
  } finally {
    waitStore.set((n) => n - 1);
  }
}

export type Panel = 'notifications' | 'help' | 'whats-new' | 'broadcast' | 'switch' | 'profile';
export const panelStore = createStore<Panel | null>(null);

export const openPanel = (panel: Panel) => panelStore.set(panel);
export const closePanel = () => panelStore.set(null);
