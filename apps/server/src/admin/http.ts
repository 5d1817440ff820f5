import type { SettingsIssue } from '@rostra/core/settings/issues';
import { HttpError } from '../http/errors.ts';

/**
 * A settings value the core's rules refused: 400 `invalid_settings`, the first issue's message
 * (prefixed with its field) and every issue by field in `details.issues`, so a form can show
 * each message under its field.
 */
export function refused(issues: readonly SettingsIssue[], prefix = ''): HttpError {
  const all = issues.map((i) => ({ ...i, field: [prefix, i.field].filter(Boolean).join('.') }));
  const first = all[0];
  return new HttpError(
    400,
    'invalid_settings',
    first ? `${first.field ? `${first.field}: ` : ''}${first.message}` : 'Invalid settings',
    { issues: all },
  );
}
