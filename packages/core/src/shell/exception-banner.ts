import type { ExceptionEntry } from '../exceptions/report.ts';
import { EXCEPTION_BANNER_MS } from './constants.ts';

/**
 * The dispatcher's urgent exception banner (shell spec §4): it appears when the exception report
 * changes to one with entries and hides itself after {@link EXCEPTION_BANNER_MS}; a change while it
 * is up restarts the time. Close dismisses it for that report only: the fingerprint of the report
 * dismissed is kept, and the same report never brings it back; a changed one does.
 *
 * Pure: the caller gives the time (epoch ms) and the fingerprint it remembered as dismissed.
 */

/** A report as stored (`computed_for`, when it was computed, is not part of its content). */
type ReportEntries = {
  entries: readonly Pick<ExceptionEntry, '_id' | 'action_status' | 'curr_state'>[];
  computed_for?: number | undefined;
};

/**
 * What identifies a report's content: its entries (job, action status, current state). A new
 * `computed_for` with the same entries is not a change. Empty or missing: ''.
 */
export function reportSignature(report: ReportEntries | null | undefined): string {
  if (!report || report.entries.length === 0) return '';
  return report.entries.map((e) => `${e._id}|${e.action_status}|${e.curr_state}`).join('\n');
}

/** A short, stable fingerprint of a report's signature (FNV-1a, 32 bits, hex). */
export function reportFingerprint(signature: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < signature.length; i++) {
    h ^= signature.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${signature.length.toString(36)}-${h.toString(16).padStart(8, '0')}`;
}

export type BannerState = {
  /** The signature of the last report seen ('' before any, or for an empty one). */
  signature: string;
  /** When the banner hides itself (epoch ms); null when it is not up. */
  until: number | null;
};

export const BANNER_HIDDEN: BannerState = { signature: '', until: null };

/**
 * The banner after a report arrives at `now`. The same content as before changes nothing (no
 * restart); new content with entries shows it for {@link EXCEPTION_BANNER_MS} from `now` unless its
 * fingerprint is the one `dismissed`; new empty content hides it.
 */
export function bannerOnReport(
  state: BannerState,
  signature: string,
  now: number,
  dismissed: string | null,
): BannerState {
  if (signature === state.signature) return state;
  const isShown = signature !== '' && reportFingerprint(signature) !== dismissed;
  return { signature, until: isShown ? now + EXCEPTION_BANNER_MS : null };
}

/** Whether the banner is up at `now`: shown and its time not yet out. */
export function isBannerVisible(state: BannerState, now: number): boolean {
  return state.until !== null && now < state.until;
}

/**
 * Close (or View Details) at `now`: the banner goes, and the fingerprint to remember as dismissed
 * is returned, or null when nothing was up (hiding after the time is not a dismissal).
 */
export function bannerOnClose(
  state: BannerState,
  now: number,
): { state: BannerState; dismiss: string | null } {
  return {
    state: { ...state, until: null },
    dismiss: isBannerVisible(state, now) ? reportFingerprint(state.signature) : null,
  };
}
