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

/**
 * The urgent banner (spec §4): appears when the report changes to one with entries, closes on
 * Close, and hides itself after 120 s.
 */
export function useExceptionBanner(report: ExceptionReportAnswer | null | undefined) {
  // The signature on show; a new report while one is up restarts the 120 s.
  const [shown, setShown] = useState<string | null>(null);
  const lastSignature = useRef('');
  const signature = reportSignature(report);

  useEffect(() => {
    if (signature === lastSignature.current) return;
    lastSignature.current = signature;
    setShown(signature === '' ? null : signature);
  }, [signature]);

  useEffect(() => {
    if (shown === null) return;
    const timer = setTimeout(() => setShown(null), EXCEPTION_BANNER_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return { visible: shown !== null, close: () => setShown(null) };
}
