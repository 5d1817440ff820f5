/** One problem with a settings value: which field (dotted path), a code and a message to show there. */
export type SettingsIssue = { field: string; code: string; message: string };

export type Checked<T> = { ok: true; value: T } | { ok: false; issues: SettingsIssue[] };

/** zod-like issues (path + message) as settings issues; `code` is `invalid` unless given. */
export function toSettingsIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[],
  prefix = '',
): SettingsIssue[] {
  return issues.map((i) => ({
    field: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    code: 'invalid',
    message: i.message,
  }));
}
