import type { CursorPage } from '@rostra/core/api/common';
import type { LabelRecord } from '@rostra/core/api/labels';
import type {
  AllocationAnswer,
  CompanyRecord,
  exceptionConfigAnswer,
  Invitation,
  InvitationsAnswer,
  Member,
  MembersAnswer,
  MenuScope,
  MenuScopesAnswer,
  SettingsDocument,
  SHELL_SETTINGS_KEYS,
  ShellSettingsAnswer,
  StatusConfigAnswer,
} from '@rostra/core/api/settings';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/client.ts';
import { useLive } from '../../lib/live.ts';

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
export type Label = LabelRecord;
export type { Invitation, Member };

export const companyQuery = queryOptions({
  queryKey: [ROOT, 'company'],
  queryFn: () => api.get<CompanyDoc>('/company', { quiet: true }),
});
export const menuScopesQuery = queryOptions({
  queryKey: [ROOT, 'menu-flags'],
  queryFn: async () => (await api.get<MenuScopesAnswer>('/menu-flags', { quiet: true })).scopes,
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
      (await api.get<CursorPage<Label>>('/labels', { query: { type, limit: 250 }, quiet: true })).items,
  });
export const membersQuery = queryOptions({
  queryKey: [ROOT, 'users'],
  queryFn: async () => (await api.get<MembersAnswer>('/users', { quiet: true })).items,
});
export const invitationsQuery = queryOptions({
  queryKey: [ROOT, 'invitations'],
  queryFn: async () => (await api.get<InvitationsAnswer>('/invitations', { quiet: true })).items,
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
