import { isVersionConflict } from './roster.ts';

/*
 * Edits of a versioned record (a write names the version it was read at; stale → 409
 * `version_conflict` with `details.current`, the record as stored now).
 *
 * A form that keeps a person's edits while others' changes arrive live must send the version its
 * edits BEGAN from, never the newest one it has heard of: the newest would make the server accept
 * the write and silently overwrite the other change. After a conflict the form keeps the edits and
 * says so; saving again deliberately replaces the other change, so it names the version the
 * conflict answered with. `useSectionForm` (features/settings/form-parts.tsx) does this for every
 * settings section; dialogs that read once (the geofence dialog) keep the version they opened on.
 */

/** The version a version conflict answered with (`details.current.version`), if it is one. */
export function conflictVersion(error: unknown): number | undefined {
  if (!isVersionConflict(error)) return undefined;
  const current = (error as { details?: { current?: { version?: unknown } } }).details?.current;
  const version = current?.version;
  return typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : undefined;
}
