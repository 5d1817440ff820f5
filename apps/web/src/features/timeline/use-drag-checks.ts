import type { CandidateOutcome } from '@rostra/core/allocation/modes';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import type { AsyncChecker } from './checker.ts';
import type { DragState } from './layout.ts';
import type { Row } from './model.ts';

type CheckCache = {
  checker: AsyncChecker | null;
  length: number;
  byBegin: Map<number, Map<string, CandidateOutcome>>;
  asked: Set<string>;
};

/**
 * The core's answers while a bar is dragged: for the rows on screen only (the worker checks ~20
 * resources a request, not the whole pool), cached by drag time; scrolling asks for the new rows.
 * And, once the pointer rests 150 ms, the best other resources over the whole pool.
 */
export function useDragChecks(options: {
  rows: readonly Row[];
  drag: DragState | null;
  dragRef: RefObject<DragState | null>;
  visibleIds: readonly string[];
  checker: AsyncChecker | null;
  showAlternatives: boolean;
}) {
  const { rows, drag, checker, showAlternatives } = options;
  const resourceIds = useMemo(() => rows.filter((r) => r.resource).map((r) => r.id), [rows]);
  const dragBegin = drag?.target?.begin ?? drag?.bar.begin;
  const dragLength = drag ? (drag.target?.end ?? drag.bar.end) - (drag.target?.begin ?? drag.bar.begin) : 0;
  const dragId = drag?.bar.record._id;
  const cacheRef = useRef<CheckCache>({ checker: null, length: 0, byBegin: new Map(), asked: new Set() });
  if (cacheRef.current.checker !== checker || cacheRef.current.length !== dragLength) {
    cacheRef.current = { checker, length: dragLength, byBegin: new Map(), asked: new Set() };
  }
  const [, setAnswers] = useState(0);
  const checks =
    dragBegin !== undefined && checker ? (cacheRef.current.byBegin.get(dragBegin) ?? null) : null;
  const missingKey =
    dragBegin !== undefined && checker
      ? options.visibleIds.filter((id) => !cacheRef.current.asked.has(`${dragBegin}:${id}`)).join(',')
      : '';
  useEffect(() => {
    const cache = cacheRef.current;
    if (!missingKey || dragBegin === undefined || !cache.checker) return;
    const ids = missingKey.split(',');
    for (const id of ids) cache.asked.add(`${dragBegin}:${id}`);
    void cache.checker.check(dragBegin, dragBegin + dragLength, ids).then((results) => {
      if (cacheRef.current !== cache) return;
      let map = cache.byBegin.get(dragBegin);
      if (!map) {
        map = new Map();
        cache.byBegin.set(dragBegin, map);
      }
      for (const c of results) map.set(c.resourceId, c);
      setAnswers((n) => n + 1);
    });
  }, [missingKey, dragBegin, dragLength]);

  const [alternatives, setAlternatives] = useState<CandidateOutcome[] | null>(null);
  const isResizing = drag?.isResize === true;
  const dragRef = options.dragRef;
  useEffect(() => {
    if (!showAlternatives || dragBegin === undefined || !checker || !dragId || isResizing) {
      setAlternatives(null);
      return;
    }
    let isCurrent = true;
    const timer = setTimeout(() => {
      const current = dragRef.current?.bar.record.resIds ?? [];
      void checker.best(dragBegin, dragBegin + dragLength, resourceIds, [...current], 3).then((best) => {
        if (isCurrent) setAlternatives(best);
      });
    }, 150);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [showAlternatives, checker, dragBegin, dragLength, dragId, resourceIds, isResizing, dragRef]);

  return { checks, alternatives };
}
