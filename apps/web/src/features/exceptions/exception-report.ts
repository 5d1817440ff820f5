import type { ExceptionReportAnswer } from '@rostra/core/api/exceptions';
import {
  BANNER_HIDDEN,
  type BannerState,
  bannerOnClose,
  bannerOnReport,
  isBannerVisible,
  reportSignature,
} from '@rostra/core/shell/exception-banner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/api.ts';
import { api } from '../../lib/client.ts';
import { useLive, useLiveStatus } from '../../lib/live.ts';

/**
 * The dispatcher's exception report: `GET /api/v1/exception-report` → the stored report (its shape:
 * `@rostra/core/api/exceptions`), recomputed by the server every minute. A change arrives on the
 * live `exception_report` topic and the report is read again; while the socket is down it is read
 * every minute. 403 or 404 (not a dispatcher) means no report.
 */
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

export { reportSignature } from '@rostra/core/shell/exception-banner';

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
 * The urgent banner (spec §4), by the rule of `@rostra/core/shell/exception-banner`: appears when
 * the report changes to one with entries, hides itself after 120 s. Close (or View Details)
 * dismisses it for this report: the dismissal is kept for the user in this organisation (`who`),
 * so a reload does not bring it back until the report changes.
 */
export function useExceptionBanner(
  report: ExceptionReportAnswer | null | undefined,
  who?: { orgId: string; uid: string },
) {
  const [state, setState] = useState<BannerState>(BANNER_HIDDEN);
  const [, setTick] = useState(0);
  const signature = reportSignature(report);
  const key = who ? dismissalKey(who.orgId, who.uid) : undefined;

  useEffect(() => {
    const dismissed = key === undefined ? null : readDismissed(key);
    setState((s) => bannerOnReport(s, signature, Date.now(), dismissed));
  }, [signature, key]);

  // Render again when the banner's time runs out.
  useEffect(() => {
    if (state.until === null) return;
    const timer = setTimeout(() => setTick((t) => t + 1), Math.max(0, state.until - Date.now()));
    return () => clearTimeout(timer);
  }, [state.until]);

  return {
    visible: isBannerVisible(state, Date.now()),
    close: () => {
      const closed = bannerOnClose(state, Date.now());
      if (key !== undefined && closed.dismiss !== null) writeDismissed(key, closed.dismiss);
      setState(closed.state);
    },
  };
}
