/**
 * Items the browser keeps for a person on their device (shell spec §3 "Secure storage record",
 * §4 "Stored items"): a value with an expiry (ms since the epoch, or none) and a type, in a
 * namespace ('default' unless named). The web encrypts them at rest (`apps/web/src/lib/
 * secure-storage.ts`); the rules here say when one is gone.
 */
export type SecureRecord<T = unknown> = { value: T; expiry: number | null; type: string };

export const DEFAULT_NAMESPACE = 'default';

/** An item past its expiry is gone: removed when read, and by the periodic flush. */
export function isExpired(record: Pick<SecureRecord, 'expiry'>, nowMs: number): boolean {
  return record.expiry !== null && record.expiry <= nowMs;
}

/** The record of a value kept for `ttlMs` from `nowMs` (none: kept until removed). */
export function secureRecord<T>(value: T, type: string, nowMs: number, ttlMs?: number): SecureRecord<T> {
  return { value, type, expiry: ttlMs === undefined ? null : nowMs + ttlMs };
}

/** Whether a decoded value has a record's shape (anything else on the device is ignored). */
export function isSecureRecord(value: unknown): value is SecureRecord {
  if (typeof value !== 'object' || value === null || !('value' in value)) return false;
  const { expiry, type } = value as { expiry?: unknown; type?: unknown };
  return (
    (expiry === null || (typeof expiry === 'number' && Number.isFinite(expiry))) && typeof type === 'string'
  );
}
