/**
 * Timeline workspace rules (spec §4, §9): each user's workspace document locks the items they are
 * editing. A lock counts only while its document was updated within the last 60 s, and workspace
 * documents (and items) expire 7 days after their last update (`ttl_at`).
 *
 * All times are seconds on one clock: `now`, `_qa_update_utc` and `ttl_at` must share it (only
 * their differences matter).
 */
import { DAY } from '../time/calendar.ts';

export const LOCK_WINDOW_SECONDS = 60;
export const WORKSPACE_TTL_SECONDS = 7 * DAY;

/** Anything that may expire: a workspace document or one of its items. */
export type Expiring = { ttl_at?: number | undefined; _qa_update_utc?: number | undefined };

export type WorkspaceDocument = Expiring & {
  _id: string;
  uid: string;
  name?: string | undefined;
  locked_ids?: readonly string[] | undefined;
};

export type ActiveLock = {
  /** The workspace document holding the lock. */
  docId: string;
  uid: string;
  name?: string;
  /** `_qa_update_utc` of that document. */
  updated_at: number;
};

/** `ttl_at` for something updated at `updatedSec`: 7 days later. */
export function workspaceTtlAt(updatedSec: number): number {
  return updatedSec + WORKSPACE_TTL_SECONDS;
}

/**
 * Expired once `now` reaches `ttl_at` (exactly at `ttl_at` is expired). Without `ttl_at`, 7 days
 * after `_qa_update_utc`. With neither it cannot be dated and is kept (not expired).
 */
export function isExpired(entry: Expiring, now: number): boolean {
  const ttl = isNumber(entry.ttl_at)
    ? entry.ttl_at
    : isNumber(entry._qa_update_utc)
      ? workspaceTtlAt(entry._qa_update_utc)
      : undefined;
  return ttl !== undefined && now >= ttl;
}

/**
 * Whether a document's locks count: updated at most 60 s before `now` (exactly 60 s counts, 61 s
 * does not). An update stamped after `now` (clock skew) counts; no update time never does.
 */
export function isLockLive(doc: Expiring, now: number): boolean {
  return isNumber(doc._qa_update_utc) && now - doc._qa_update_utc <= LOCK_WINDOW_SECONDS;
}

/**
 * Items locked by OTHER users, keyed by item id: from every document of another `uid` that is
 * neither expired nor stale. When two documents lock the same item, the most recently updated one
 * holds it (then the smaller `_id`, so the answer does not depend on input order).
 */
export function activeLocks(
  docs: readonly WorkspaceDocument[],
  uid: string,
  now: number,
): Record<string, ActiveLock> {
  const locks: Record<string, ActiveLock> = {};
  for (const doc of docs) {
    if (doc.uid === uid || isExpired(doc, now) || !isLockLive(doc, now)) continue;
    const lock: ActiveLock = {
      docId: doc._id,
      uid: doc.uid,
      updated_at: doc._qa_update_utc as number,
      ...(doc.name === undefined ? {} : { name: doc.name }),
    };
    for (const itemId of doc.locked_ids ?? []) {
      const held = locks[itemId];
      if (
        !held ||
        lock.updated_at > held.updated_at ||
        (lock.updated_at === held.updated_at && lock.docId < held.docId)
      ) {
        locks[itemId] = lock;
      }
    }
  }
  return locks;
}

function isNumber(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}
