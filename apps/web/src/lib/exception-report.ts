import type { ExceptionEntry } from '@rostra/core/exceptions/report';
import { EXCEPTION_BANNER_MS } from '@rostra/core/shell/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from './api.ts';
import { api } from './client.ts';

/**
 * The dispatcher's exception report (scheduling API, issue 5): `GET /api/v1/exception-report`
 * → the core's report `{ entries, matched }`. Until the server has it (404) there is no report
 * and polling stops. The report is recomputed every minute, so it is read every minute until the
 * live socket pushes its change event.
 */
export type ExceptionReportAnswer = {
  entries: ExceptionEntry[];
  matched?: ExceptionEntry[];
  generated_at?: number;
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
  return useQuery({
    queryKey: EXCEPTION_REPORT_KEY,
    queryFn: fetchExceptionReport,
    enabled: isEnabled,
    refetchInterval: (query) => (query.state.data === null ? false : REPORT_POLL_MS),
    retry: false,
  });
}

/**
 * What identifies a report's content: its entries (job, action status, current state). A new
 * `generated_at` with the same entries is not a change.
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
