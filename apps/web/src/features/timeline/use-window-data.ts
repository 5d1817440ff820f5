import type { StatusDefinition } from '@rostra/core/settings/defaults';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { type LiveEvent, useLive } from '../../lib/live.ts';
import { fetchStatusConfig, fetchWindow, fetchWorkspace, timelineKeys } from './api.ts';
import { buildRows, resourceName } from './model.ts';
import type { Period } from './use-period.ts';

/** Others' locks are re-read this often too, so a stale one (over 60 s) disappears by itself. */
const LOCKS_POLL_MS = 15_000;
const NO_LOCKS: Readonly<Record<string, never>> = {};

/**
 * What the board shows of its period: the window (kept while the next one loads), the status
 * colours, others' workspace locks, and the rows and lookups built from them. Live: others'
 * changes refetch the window (batched over 150 ms), others' locks refetch the workspace.
 */
export function useWindowData(period: Period, isEditable: boolean) {
  const { from, to, weekStartDay, setWeekStartDay } = period;
  const queryClient = useQueryClient();
  const windowQuery = useQuery({
    queryKey: timelineKeys.window(from, to),
    queryFn: ({ signal }) => fetchWindow(from, to, signal),
    placeholderData: keepPreviousData,
  });
  const data =
    windowQuery.data && windowQuery.data.from === from && windowQuery.data.to === to
      ? windowQuery.data
      : undefined;
  useEffect(() => {
    const wsd = windowQuery.data?.grid?.week_start_day;
    if (typeof wsd === 'number' && wsd !== weekStartDay) setWeekStartDay(wsd);
  }, [windowQuery.data, weekStartDay, setWeekStartDay]);

  const statusQuery = useQuery({
    queryKey: timelineKeys.statusConfig,
    queryFn: fetchStatusConfig,
    staleTime: 5 * 60_000,
  });
  const statusColors = useMemo(
    () => new Map<string, StatusDefinition>((statusQuery.data ?? []).map((s) => [s._key, s])),
    [statusQuery.data],
  );
  const workspaceQuery = useQuery({
    queryKey: timelineKeys.workspace,
    queryFn: fetchWorkspace,
    enabled: isEditable,
    refetchInterval: LOCKS_POLL_MS,
  });
  const locks = workspaceQuery.data?.locks ?? NO_LOCKS;

  const rows = useMemo(() => (data ? buildRows(data) : []), [data]);
  const customers = useMemo(() => new Map((data?.customers ?? []).map((c) => [c._id, c.name])), [data]);
  const resourceNames = useMemo(
    () => new Map((data?.resources ?? []).map((r) => [r._id, resourceName(r)])),
    [data],
  );
  const recordsById = useMemo(() => new Map((data?.records ?? []).map((r) => [r._id, r])), [data]);

  const refetchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refetchSoon = useCallback(() => {
    if (refetchTimer.current) return;
    refetchTimer.current = setTimeout(() => {
      refetchTimer.current = null;
      void queryClient.invalidateQueries({ queryKey: ['timeline', 'window'] });
    }, 150);
  }, [queryClient]);
  useEffect(
    () => () => {
      if (refetchTimer.current) clearTimeout(refetchTimer.current);
    },
    [],
  );
  useLive({ topic: 'timeline', from, to }, (event: LiveEvent) => {
    if (event.type !== 'error') refetchSoon();
  });
  useLive(isEditable ? { topic: 'workspace' } : null, (event: LiveEvent) => {
    if (event.type !== 'error') void workspaceQuery.refetch();
  });

  /** The window read again now (the batch dialog's records after it ran). */
  const reloadRecords = async () => {
    const fresh = await queryClient.fetchQuery({
      queryKey: timelineKeys.window(from, to),
      queryFn: () => fetchWindow(from, to),
      staleTime: 0,
    });
    return fresh.records;
  };

  return {
    windowQuery,
    data,
    statusColors,
    locks,
    rows,
    customers,
    resourceNames,
    recordsById,
    reloadRecords,
  };
}

export type WindowData = ReturnType<typeof useWindowData>;
