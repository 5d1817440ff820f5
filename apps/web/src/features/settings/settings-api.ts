import type {
  AllocationAnswer,
  CompanyRecord,
  exceptionConfigAnswer,
  Invitation,
  Member,
  MenuScope,
  SettingsDocument,
  SettingsLabel,
  SHELL_SETTINGS_KEYS,
  ShellSettingsAnswer,
  StatusConfigAnswer,
} from '@rostra/core/api/settings';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { isApiError } from '../../lib/api.ts';
import { api } from '../../lib/client.ts';
import { useLive } from '../../lib/live.ts';
import { useUnsavedChanges } from '../../lib/unsaved.ts';
import { conflictVersion } from '../../lib/versioned-edit.ts';

/*
 * The calls of the settings screen (server: apps/server/src/admin/*, the shell settings and the
 * settings documents). Every query key starts with 'admin-settings', so a live `settings` event
 * (anyone's change) refetches them all.
 */

const ROOT = 'admin-settings';

export type CompanyDoc = CompanyRecord;
export type Scope = MenuScope;
/** The shell's documents as the settings screen asks for them (all three). */
export type ShellDocs = Record<(typeof SHELL_SETTINGS_KEYS)[number], SettingsDocument> &
  Pick<ShellSettingsAnswer, 'versions'>;
export type AllocationDoc = AllocationAnswer;
export type StatusDoc = StatusConfigAnswer;
export type ExceptionDoc = z.infer<typeof exceptionConfigAnswer>;
export type Label = SettingsLabel;
export type { Invitation, Member };

export const companyQuery = queryOptions({
  queryKey: [ROOT, 'company'],
  queryFn: () => api.get<CompanyDoc>('/company', { quiet: true }),
});
export const menuScopesQuery = queryOptions({
  queryKey: [ROOT, 'menu-flags'],
  queryFn: async () => (await api.get<{ scopes: Scope[] }>('/menu-flags', { quiet: true })).scopes,
});
export const shellDocsQuery = queryOptions({
  queryKey: [ROOT, 'shell'],
  queryFn: () => api.get<ShellDocs>('/settings', { query: { keys: 'display,menu,captions' }, quiet: true }),
});
export const allocationQuery = queryOptions({
  queryKey: [ROOT, 'allocation'],
  queryFn: () => api.get<AllocationDoc>('/allocation-settings', { quiet: true }),
});
export const statusQuery = queryOptions({
  queryKey: [ROOT, 'job-status-config'],
  queryFn: () => api.get<StatusDoc>('/job-status-config', { quiet: true }),
});
export const exceptionQuery = queryOptions({
  queryKey: [ROOT, 'exception-config'],
  queryFn: () => api.get<ExceptionDoc>('/exception-report/config', { quiet: true }),
});
export const labelsQuery = (type: string) =>
  queryOptions({
    queryKey: [ROOT, 'labels', type],
    queryFn: async () =>
      (await api.get<{ items: Label[] }>('/labels', { query: { type, limit: 250 }, quiet: true })).items,
  });
export const membersQuery = queryOptions({
  queryKey: [ROOT, 'users'],
  queryFn: async () => (await api.get<{ items: Member[] }>('/users', { quiet: true })).items,
});
export const invitationsQuery = queryOptions({
  queryKey: [ROOT, 'invitations'],
  queryFn: async () => (await api.get<{ items: Invitation[] }>('/invitations', { quiet: true })).items,
});

/** A write of the settings screen: JSON, no retry, failures shown in place. */
export function send<T>(
  method: 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return api.request<T>(path, { method, ...(body === undefined ? {} : { body }), quiet: true, retry: false });
}

/** Refetches every settings query whenever a settings change (anyone's) or a label change arrives. */
export function useSettingsLive(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [ROOT] });
  useLive({ topic: 'settings' }, refresh);
  useLive({ topic: 'records', kind: 'labels' }, refresh);
}

/**
 * Field messages of a refused write: the settings rules' `details.issues` ({ field, message }) or
 * the request validation's `details` ([{ path: 'body.x', message }]); `''` holds a message that
 * names no field.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error))
    return { '': error instanceof Error && error.message ? error.message : 'Something went wrong' };
  const out: Record<string, string> = {};
  const details = error.details as { issues?: unknown; field?: unknown } | unknown[] | undefined;
  const list = Array.isArray(details) ? details : Array.isArray(details?.issues) ? details.issues : [];
  for (const item of list as { field?: string; path?: string; message?: string }[]) {
    const field = item.field ?? item.path?.replace(/^body\.?/, '') ?? '';
    if (item.message && !(field in out)) out[field] = item.message;
  }
  if (!Array.isArray(details) && typeof details?.field === 'string' && !(details.field in out)) {
    out[details.field] = error.message;
  }
  if (Object.keys(out).length === 0) out[''] = error.message;
  return out;
}

/**
 * A form's draft of server data: follows the server while untouched (another dispatcher's change
 * shows at once), keeps the person's edits once touched, and marks the screen as having unsaved
 * changes while it differs from what was loaded.
 *
 * With `versionOf` (the record is versioned, stale → 409), `version` is the one to send: the
 * version the draft was made from — the server's while untouched, then fixed at the one the edits
 * began from even as others' changes arrive live (sending the newest would silently overwrite
 * them). `save(write)` sends it; after a version conflict the edits stay and `version` becomes the
 * one the conflict answered with, so Save again knowingly replaces the other change.
 */
export function useDraft<T, D>(
  server: T | undefined,
  toDraft: (value: T) => D,
  versionOf?: (value: T) => number,
) {
  const queryClient = useQueryClient();
  const serverJson = server === undefined ? undefined : JSON.stringify(toDraft(server));
  const serverVersion = server === undefined || !versionOf ? 0 : versionOf(server);
  const [draft, setDraftState] = useState<D | undefined>(() =>
    server === undefined ? undefined : toDraft(server),
  );
  const [touched, setTouched] = useState(false);
  const [base, setBase] = useState(serverJson);
  const [baseVersion, setBaseVersion] = useState(serverVersion);
  useEffect(() => {
    if (serverJson === undefined || touched) return;
    setDraftState(JSON.parse(serverJson) as D);
    setBase(serverJson);
    setBaseVersion(serverVersion);
  }, [serverJson, serverVersion, touched]);
  const isDirty = touched && JSON.stringify(draft) !== base;
  useUnsavedChanges(isDirty);
  // The version of what the draft was made from (kept with `base`, and fixed once touched).
  const version = baseVersion;
  return {
    draft,
    isDirty,
    /** The version to send: the one the draft (and so the edits) began from. */
    version,
    setDraft: (next: D) => {
      setTouched(true);
      setDraftState(next);
    },
    /** Back to the server's current value (Cancel, or after a save). */
    reset: () => {
      setTouched(false);
      setBaseVersion(serverVersion);
      if (serverJson !== undefined) {
        setDraftState(JSON.parse(serverJson) as D);
        setBase(serverJson);
      }
    },
    /**
     * Runs a write naming `version`; on a version conflict (rethrown, for the form to say so) the
     * edits stay and the next save names the version the conflict answered with.
     */
    withVersion: async <R>(write: (version: number) => Promise<R>): Promise<R> => {
      try {
        return await write(version);
      } catch (error) {
        const current = conflictVersion(error);
        if (current !== undefined) {
          setTouched(true);
          setBaseVersion(current);
          // Theirs, for Cancel to show (whether or not their change has arrived live).
          void queryClient.invalidateQueries({ queryKey: [ROOT] });
        }
        throw error;
      }
    },
  };
}
