import type { BookingSeries } from '@rostra/core/api/planner';

/**
 * Where a series stands: `ended` once a dispatcher ended it, `finished` when no booking is left
 * to come, else `running` (it has a next booking and may be ended).
 */
export function seriesState(
  series: Pick<BookingSeries, 'ended_at' | 'next'>,
): 'ended' | 'finished' | 'running' {
  if (series.ended_at !== null) return 'ended';
  return series.next === null ? 'finished' : 'running';
}
