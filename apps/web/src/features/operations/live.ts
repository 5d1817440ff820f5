import { useQueryClient } from '@tanstack/react-query';
import type { LiveRecordKind } from '../../lib/live.ts';
import { useLiveRefetch } from '../../lib/use-live-refetch.ts';

/**
 * Keeps an operations list current: when the server publishes a change of `kind` (another user,
 * another tab), the queries under `queryKey` refetch (a burst of changes makes one refetch).
 * `kind` null: the caller's role may not follow the kind, so nothing is subscribed.
 */
export function useOperationsLive(kind: LiveRecordKind | null, queryKey: readonly unknown[]): void {
  const queryClient = useQueryClient();
  useLiveRefetch(kind ? { topic: 'records', kind } : null, () => {
    void queryClient.invalidateQueries({ queryKey });
  });
}
