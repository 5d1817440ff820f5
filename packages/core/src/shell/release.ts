/*
 * A release record to publish (What's New, spec §3 "Version record: release_date, version"): the
 * rules the `rostra versions publish` command and the operator route share, so both refuse the
 * same input with the same message.
 */

/** major.minor.patch, each a whole number without leading zeros (3.6.0, 10.0.12). */
const SEMVER = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;
/** A calendar day (2026-12-04), taken as midnight UTC. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const MAX_RELEASE_NOTES = 10_000;

export const RELEASE_TEXT = {
  badVersion: (v: string) => `"${v}" is not a version: write it as major.minor.patch, e.g. 3.6.0.`,
  badDate: (d: string) => `"${d}" is not a date: write it as YYYY-MM-DD, e.g. 2026-12-04.`,
  notesTooLong: `Release notes must be at most ${MAX_RELEASE_NOTES} characters.`,
  duplicate: (v: string) => `Version ${v} is already published; nothing was changed.`,
} as const;

export type ReleaseInput = { version: string; releaseDate?: string; notes?: string };
export type ReleaseCheck =
  | { ok: true; version: string; releaseDate: Date | undefined; notes: string }
  | { ok: false; field: 'version' | 'release_date' | 'notes'; message: string };

/** Checks a release to publish; a missing date means "now" (the caller's clock). */
export function checkRelease(input: ReleaseInput): ReleaseCheck {
  const version = input.version.trim();
  if (!SEMVER.test(version))
    return { ok: false, field: 'version', message: RELEASE_TEXT.badVersion(version) };
  let releaseDate: Date | undefined;
  if (input.releaseDate !== undefined) {
    const text = input.releaseDate.trim();
    const date = DATE.test(text) ? new Date(`${text}T00:00:00Z`) : undefined;
    // A real day: 2026-02-30 would roll into March, so the day must come back the same.
    if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
      return { ok: false, field: 'release_date', message: RELEASE_TEXT.badDate(text) };
    releaseDate = date;
  }
  const notes = (input.notes ?? '').trim();
  if (notes.length > MAX_RELEASE_NOTES)
    return { ok: false, field: 'notes', message: RELEASE_TEXT.notesTooLong };
  return { ok: true, version, releaseDate, notes };
}
