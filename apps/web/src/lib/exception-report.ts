import type { ExceptionEntry } from '@rostra/core/exceptions/report';
import { EXCEPTION_BANNER_MS } from '@rostra/core/shell/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from './api.ts';
import { api } from './client.ts';
import { useLive, useLiveStatus } from './live.ts';

/**
 * The dispatcher's exception report (scheduling API): `GET /api/v1/exception-report` → the stored
 * report `{ entries, configs_map_ids, computed_for, version, … }`, recomputed by the server every
 * minute. A change arrives on the live `exception_report` topic and the report is read again; while
 * the socket is down it is read every minute. 403 or 404 (not a dispatcher) means no report.
 */
export type ExceptionReportAnswer = {
  entries: ExceptionEntry[];
  configs_map_ids?: Record<string, string[]>;
  computed_for?: number;
  version?: number;
};

export const EXCEPTION_REPORT_KEY = ['exception-report'] as const;
const REPORT_POLL_MS = 60_000;

export async function fetchExceptionReport(): Promise<ExceptionReportAnswer | null> {
  try {
    return await api.get<ExceptionReportAnswer>('/exception-report', { quiet: true, retry: false });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
}

export function useExceptionReport(isEnabled: boolean) {
  const queryClient = useQueryClient();
  const liveStatus = useLiveStatus();
  useLive(isEnabled ? { topic: 'exception_report' } : null, (event) => {
    if (event.type !== 'error') void queryClient.invalidateQueries({ queryKey: EXCEPTION_REPORT_KEY });
  });
  return useQuery({
    queryKey: EXCEPTION_REPORT_KEY,
    queryFn: fetchExceptionReport,
    enabled: isEnabled,
    refetchInterval: (query) => (query.state.data === null || liveStatus === 'open' ? false : REPORT_POLL_MS),
    retry: false,
  });
}

/**
 * What identifies a report's content: its entries (job, action status, current state). A new
 * `computed_for` with the same entries is not a change.
 */
export function reportSignature(report: ExceptionReportAnswer | null | undefined): string {
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

/**
 * Where a dismissal is kept: this browser's storage, per organisation and user (there is no
 * per-user settings store on the server), holding the fingerprint of the report dismissed.
 */
export const dismissalKey = (orgId: string, uid: string) =>
  `rostra.exception-banner.dismissed.${orgId}.${uid}`;

function readDismissed(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeDismissed(key: string, fingerprint: string): void {
  try {
    localStorage.setItem(key, fingerprint);
  } catch {
    // Not remembered when storage is unavailable: the banner may come back on the next load.
  }
}

/**
 * The urgent banner (spec §4): appears when the report changes to one with entries, hides itself
 * after 120 s. Close (or View Details) dismisses it for this report: the dismissal is kept for the
 * user in this organisation (`who`), so a reload does not bring it back until the report changes.
 */
export function useExceptionBanner(
  report: ExceptionReportAnswer | null | undefined,
  who?: { orgId: string; uid: string },
) {
  // The signature on show; a new report while one is up restarts the 120 s.
  const [shown, setShown] = useState<string | null>(null);
  const lastSignature = useRef('');
  const signature = reportSignature(report);
  const key = who ? dismissalKey(who.orgId, who.uid) : undefined;

  useEffect(() => {
    if (signature === lastSignature.current) return;
    lastSignature.current = signature;
    const dismissed = key !== undefined && readDismissed(key) === reportFingerprint(signature);
    setShown(signature === '' || dismissed ? null : signature);
  }, [signature, key]);

  useEffect(() => {
    if (shown === null) return;
    const timer = setTimeout(() => setShown(null), EXCEPTION_BANNER_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return {
    visible: shown !== null,
    close: () => {
      if (key !== undefined && shown !== null) writeDismissed(key, reportFingerprint(shown));
      setShown(null);
    },
  };
}
