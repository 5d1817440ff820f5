import { IDENTITY_MESSAGES, IDENTITY_TEXT } from '@rostra/core/shell/messages';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';

/** A failure of a sign-in call, as the form shows it: its text and, when known, its field. */
export type FormFailure = {
  message: string;
  field?: string | undefined;
  code?: string | undefined;
  details?: unknown;
};

/**
 * The server answers identity failures with the spec's texts (identity issue), so an answer's
 * message is shown as it is. No answer at all is 'A network error has occurred', also as the
 * 6 s sign-in error toast (spec §9), because it is not about any one field.
 */
export function toFormFailure(error: unknown): FormFailure {
  if (isApiError(error) && error.kind === 'answer') {
    const details = error.details as { field?: unknown } | undefined;
    const field = typeof details?.field === 'string' ? details.field : undefined;
    return { message: error.message, field, code: error.code, details: error.details };
  }
  if (isApiError(error) && error.status >= 500) {
    notify.signInError(IDENTITY_TEXT.somethingWentWrong);
    return { message: IDENTITY_TEXT.somethingWentWrong, code: error.code };
  }
  const message = IDENTITY_MESSAGES['network-request-failed'];
  notify.signInError(message);
  return { message, code: 'network-request-failed' };
}
