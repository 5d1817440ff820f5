import type { CandidateOutcome } from '@rostra/core/allocation/modes';
import type { AllocationJob } from '@rostra/core/allocation/scenario';
import type { TimelineWindow } from '@rostra/core/api/timeline';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchCheckData, fetchRecord, timelineKeys, weekIdsOf, windowScenario } from './api.ts';
import { type AsyncChecker, CheckWorker } from './checker.ts';
import type { Bar } from './model.ts';

/**
 * The core's checks in the browser while dragging: one worker per board holding the window's
 * allocation scenario (sent whenever the window changes, off the drag's critical path); a drag
 * start prepares the dragged booking in it and hands the grid its checker.
 */
export function useDragChecker(
  isEditable: boolean,
  data: TimelineWindow | undefined,
  period: { from: number; to: number; weekStartDay: number },
) {
  const { from, to, weekStartDay } = period;
  const weeks = useMemo(() => weekIdsOf(from, to, weekStartDay), [from, to, weekStartDay]);
  const checkData = useQuery({
    queryKey: timelineKeys.checkData(weeks.join(',')),
    queryFn: () => fetchCheckData(weeks),
    enabled: isEditable && data !== undefined,
    staleTime: 60_000,
  });
  const [checker, setChecker] = useState<AsyncChecker | null>(null);
  const [worker, setWorker] = useState<CheckWorker | null>(null);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  useEffect(() => {
    if (!isEditable || typeof Worker === 'undefined') return;
    const w = new CheckWorker();
    setWorker(w);
    return () => w.terminate();
  }, [isEditable]);
  useEffect(() => {
    if (worker && data && checkData.data)
      worker.setData(windowScenario(data.records, checkData.data, weekStartDay, data.allocation_config));
  }, [worker, data, checkData.data, weekStartDay]);
  const dragToken = useRef(0);
  const onDragStart = useCallback(
    (bar: Bar) => {
      const token = ++dragToken.current;
      setDraggingId(bar.record._id);
      setChecker(null);
      if (!worker) return;
      const build = async () => {
        if (!checkData.data) {
          const fresh = await checkData.refetch();
          if (fresh.data && data)
            worker.setData(windowScenario(data.records, fresh.data, weekStartDay, data.allocation_config));
        }
        const job = await fetchRecord(bar.record._id);
        if (token !== dragToken.current) return;
        const ready = await worker.startJob(job);
        if (token === dragToken.current) setChecker(ready);
      };
      void build().catch(() => {
        // No browser check: the server still decides on drop.
      });
    },
    [worker, data, checkData, weekStartDay],
  );
  /**
   * The core's checks of a booking not yet saved (the quick form of create on the grid) for one
   * resource; null when the browser cannot check (the server still decides on save).
   */
  const checkDraft = useCallback(
    async (job: AllocationJob, resourceId: string): Promise<CandidateOutcome | null> => {
      if (!worker || !data) return null;
      const token = ++dragToken.current;
      if (!checkData.data) {
        const fresh = await checkData.refetch();
        if (!fresh.data) return null;
        worker.setData(windowScenario(data.records, fresh.data, weekStartDay, data.allocation_config));
      }
      if (token !== dragToken.current) return null;
      const ready = await worker.startJob(job);
      if (token !== dragToken.current) return null;
      const [outcome] = await ready.check(job.utc_begin_plus_tz, job.utc_end_plus_tz, [resourceId]);
      return outcome ?? null;
    },
    [worker, data, checkData, weekStartDay],
  );
  const onDragEnd = useCallback(() => {
    dragToken.current++;
    worker?.endJob();
    setDraggingId(null);
    setChecker(null);
  }, [worker]);
  return { checker, draggingId, onDragStart, onDragEnd, checkDraft, checkData: checkData.data };
}
