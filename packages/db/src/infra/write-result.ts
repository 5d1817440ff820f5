/**
 * What a versioned write answers. Writes never throw for the expected refusals: a missing record,
 * a stale version (optimistic concurrency: nothing was written) or input the rules refuse.
 */
export type WriteFailure =
  | { ok: false; error: 'not_found' }
  | { ok: false; error: 'stale'; current: Record<string, unknown> }
  | { ok: false; error: 'exists' }
  | { ok: false; error: 'invalid'; code: string; message: string; field?: string };

export type WriteResult<T> = { ok: true; record: T } | WriteFailure;

export const notFound = (): WriteFailure => ({ ok: false, error: 'not_found' });
export const stale = (current: Record<string, unknown>): WriteFailure => ({
  ok: false,
  error: 'stale',
  current,
});
export const invalid = (code: string, message: string, field?: string): WriteFailure => ({
  ok: false,
  error: 'invalid',
  code,
  message,
  ...(field === undefined ? {} : { field }),
});

/**
 * The version a write expects the record to be at: `version` of the body or the `If-Match`
 * header. Undefined when neither was given.
 */
export type ExpectedVersion = number | undefined;
