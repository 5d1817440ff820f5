import type { VersionsAnswer } from '@rostra/core/api/notifications';
import { canSeeWhatsNew, type Role } from '@rostra/core/shell/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from './api.ts';
import { api } from './client.ts';
import { useLive } from './live.ts';

/*
 * What's New (spec §3 version record, §7 live "versions and version-read"):
 * - `GET /api/v1/versions` → `{ items, unseen }`, newest first, each marked seen or not;
 * - `POST /api/v1/versions/seen` → marks one seen for the caller;
 * - the live `versions` topic says when a version is published (`versions.published`) or the user
 *   read one in another tab (`versions.seen`): either way the list is read again.
 * Customers never see version info (spec §6): nothing is asked for them.
 */
export const VERSIONS_KEY = ['versions'] as const;

const EMPTY: VersionsAnswer = { items: [], unseen: 0 };

/** The release list for `role` (nothing for customers); `isActive` false holds it (a switch). */
export function useVersions(role: Role, isActive = true) {
  const isAllowed = canSeeWhatsNew(role) && isActive;
  const queryClient = useQueryClient();
  useLive(isAllowed ? { topic: 'versions' } : null, (event) => {
    if (event.type === 'error') return;
    void queryClient.invalidateQueries({ queryKey: VERSIONS_KEY });
  });
  return useQuery({
    queryKey: VERSIONS_KEY,
    queryFn: async (): Promise<VersionsAnswer> => {
      try {
        return await api.get<VersionsAnswer>('/versions', { quiet: true, retry: false });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return EMPTY;
        throw error;
      }
    },
    enabled: isAllowed,
    staleTime: 10 * 60_000,
  });
}

/** Opening the panel reads every unseen version: the dot goes at once, then the server stores it. */
export function useMarkVersionsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (versions: readonly string[]) => {
      for (const version of versions) await api.post('/versions/seen', { version }, { quiet: true });
    },
    onMutate: (versions) => {
      queryClient.setQueryData<VersionsAnswer>(VERSIONS_KEY, (answer) =>
        answer
          ? {
              items: answer.items.map((v) => (versions.includes(v.version) ? { ...v, seen: true } : v)),
              unseen: answer.items.filter((v) => !v.seen && !versions.includes(v.version)).length,
            }
          : answer,
      );
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: VERSIONS_KEY }),
  });
}
