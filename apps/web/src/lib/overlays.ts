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
  resolve: (answer: boolean) => void;
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

export type Panel = 'notifications' | 'help' | 'whats-new' | 'broadcast' | 'switch';
export const panelStore = createStore<Panel | null>(null);

export const openPanel = (panel: Panel) => panelStore.set(panel);
export const closePanel = () => panelStore.set(null);
