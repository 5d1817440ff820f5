import {
  COMPANY_SWITCH_FAILURE_TOAST_MS,
  FAILURE_TOAST_MS,
  SIGN_IN_ERROR_TOAST_MS,
  SUCCESS_TOAST_MS,
  TOAST_MAX_MS,
} from '@rostra/core/shell/constants';
import { ALERT_TEXT } from '@rostra/core/shell/messages';
import { toast } from 'sonner';
import { HTTP_FAILURE_TEXT } from '../texts.ts';
import type { ApiError } from './api.ts';

/**
 * Toasts with the spec's durations (§8, §9): ordinary ones 1.5–4.5 s, sign-in errors 6 s, success
 * 1 s, 'Something went wrong! Please try again.' 2.5 s. Every toast of the app goes through here.
 */
export const notify = {
  success: (message: string) => toast.success(message, { duration: SUCCESS_TOAST_MS }),
  error: (message: string, durationMs: number = FAILURE_TOAST_MS) =>
    toast.error(message, { duration: durationMs }),
  info: (message: string, durationMs: number) => toast(message, { duration: durationMs }),
  somethingWentWrong: () => toast.error(ALERT_TEXT.somethingWentWrong, { duration: FAILURE_TOAST_MS }),
  signInError: (message: string) => toast.error(message, { duration: SIGN_IN_ERROR_TOAST_MS }),
  switchFailure: (message: string) => toast.error(message, { duration: COMPANY_SWITCH_FAILURE_TOAST_MS }),
};

/** The HTTP client's own toasts: what went wrong and a hint (firewall, DNS, blocked API). */
export function notifyHttpFailure(error: ApiError): void {
  const text = HTTP_FAILURE_TEXT[error.kind as keyof typeof HTTP_FAILURE_TEXT];
  if (!text) return;
  // One toast per kind at a time: ten failing requests while offline are one problem. A write whose
  // answer was lost may have been stored: the hint says to check, not to try again.
  toast.error(text.title, {
    id: `http-${error.kind}${error.unconfirmed ? '-unconfirmed' : ''}`,
    description: error.unconfirmed ? error.message : text.hint,
    duration: TOAST_MAX_MS,
  });
}
