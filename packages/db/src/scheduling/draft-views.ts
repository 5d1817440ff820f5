import type { StoredRecord } from './mapping.ts';

/*
 * A booking write's record as its workers read it while it is a roster draft (issue #19 point 4):
 * the roster drafts (`notifications/roster-drafts.ts`) note it per written record, and the write's
 * live events (`recordChangeEvents`) tell the dispatchers the change and everyone else only what
 * they read changed.
 */

/** The record before and after a write as its workers read them (as published). */
export type DraftView = { before: StoredRecord | undefined; after: StoredRecord };

/** By the write's `after` record: set in the write's transaction, before its live events. */
export const draftViews = new WeakMap<StoredRecord, DraftView>();
