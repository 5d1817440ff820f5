import {
  COMPANY_SWITCH_FAILURE_TOAST_MS,
  FAILURE_TOAST_MS,
  SIGN_IN_ERROR_TOAST_MS,
  SUCCESS_TOAST_MS,
  TOAST_MAX_MS,
} from '@rostra/core/shell/constants';
import { ALERT_TEXT } from '@rostra/core/shell/messages';
import type { toast as Toast } from 'sonner';
import { HTTP_FAILURE_TEXT } from '../texts.ts';
import type { ApiError } from './api.ts';
import { createStore } from './store.ts';

/**
 * sonner (about 10 KB gzipped) is not in the first load (docs/performance.md): it comes with the
 * first toast, or once the page is idle after its load (`preloadToasts`). The toaster
 * (shell/app-toaster.tsx) mounts when it has arrived; sonner shows it the toasts sent before.
 */
let sonner: Promise<typeof Toast> | undefined;
export const toasterReady = createStore(false);
export function loadToasts(): Promise<typeof Toast> {
  sonner ??= import('sonner').then(
    (m) => {
      toasterReady.set(true);
      return m.toast;
    },
    (error: unknown) => {
      // Not reachable now (offline before it ever loaded): the next toast tries again.
      sonner = undefined;
      throw error;
    },
  );
  return sonner;
}

/**
 * Loads the toasts ahead of the first one, but after the first screen: at the user's first touch
 * or key, or a few seconds after the app has mounted, whichever comes first. Answers the clean-up.
 */
export function preloadToasts(): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const start = () => {
    stop();
    void loadToasts().catch(() => undefined);
  };
  const timer = window.setTimeout(start, PRELOAD_AFTER_MS);
  const stop = () => {
    window.clearTimeout(timer);
    for (const e of events) window.removeEventListener(e, start, true);
  };
  for (const e of events) window.addEventListener(e, start, { capture: true, once: true });
  return stop;
}
const PRELOAD_AFTER_MS = 4000;

function show(send: (toast: typeof Toast) => unknown): Promise<void> {
  return loadToasts().then(
    (toast) => {
      send(toast);
    },
    () => undefined,
  );
}

/**
 * Toasts with the spec's durations (§8, §9): ordinary ones 1.5–4.5 s, sign-in errors 6 s, success
 * 1 s, 'Something went wrong! Please try again.' 2.5 s. Every toast of the app goes through here.
 */
export const notify = {
  success: (message: string) => show((toast) => toast.success(message, { duration: SUCCESS_TOAST_MS })),
  error: (message: string, durationMs: number = FAILURE_TOAST_MS) =>
    show((toast) => toast.error(message, { duration: durationMs })),
  info: (message: string, durationMs: number) => show((toast) => toast(message, { duration: durationMs })),
  somethingWentWrong: () =>
    show((toast) => toast.error(ALERT_TEXT.somethingWentWrong, { duration: FAILURE_TOAST_MS })),
  signInError: (message: string) =>
    show((toast) => toast.error(message, { duration: SIGN_IN_ERROR_TOAST_MS })),
  switchFailure: (message: string) =>
    show((toast) => toast.error(message, { duration: COMPANY_SWITCH_FAILURE_TOAST_MS })),
};

/** The HTTP client's own toasts: what went wrong and a hint (firewall, DNS, blocked API). */
export function notifyHttpFailure(error: ApiError): Promise<void> {
  const text = HTTP_FAILURE_TEXT[error.kind as keyof typeof HTTP_FAILURE_TEXT];
  if (!text) return Promise.resolve();
  // One toast per kind at a time: ten failing requests while offline are one problem. A write whose
  // answer was lost may have been stored: the hint says to check, not to try again.
  return show((toast) =>
    toast.error(text.title, {
      id: `http-${error.kind}${error.unconfirmed ? '-unconfirmed' : ''}`,
      description: error.unconfirmed ? error.message : text.hint,
      duration: TOAST_MAX_MS,
    }),
  );
}
