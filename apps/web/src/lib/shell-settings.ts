import type { SettingsDocument, ShellSettingsAnswer } from '@rostra/core/api/settings';
import { DISPLAY_DEFAULTS } from '@rostra/core/settings/defaults';
import { DEFAULTS_AFTER_MS } from '@rostra/core/shell/constants';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from './api.ts';
import { api } from './client.ts';
import { type LiveEvent, useLive } from './live.ts';
import { ME_KEY } from './session.ts';

/** The settings the shell reads: display flags (ds), menu flags and captions (cf). */
export type ShellSettings = {
  ds: Readonly<SettingsDocument>;
  menu: Readonly<SettingsDocument> | undefined;
  cf: Readonly<SettingsDocument> | undefined;
};

type SettingsAnswer = Partial<ShellSettingsAnswer>;

/** The spec's standard display settings and configuration (menu defaults are core's). */
export const STANDARD_SETTINGS: ShellSettings = { ds: DISPLAY_DEFAULTS, menu: undefined, cf: undefined };

export function toShellSettings(answer: SettingsAnswer | null): ShellSettings {
  return {
    ds: { ...DISPLAY_DEFAULTS, ...(answer?.display ?? {}) },
    menu: answer?.menu,
    cf: answer?.captions,
  };
}

/** The settings documents the shell reads. */
const SHELL_KEYS = ['display', 'menu', 'captions'];

/**
 * `GET /api/v1/settings?keys=display,menu,captions` → the organisation's settings as the caller's
 * role sees them (what is not stored is the spec's default). A 404 (an older server) means the
 * standard settings.
 */
export const shellSettingsQuery = (orgId: string, role: string) =>
  queryOptions({
    queryKey: ['settings', 'shell', orgId, role],
    queryFn: async (): Promise<ShellSettings> => {
      try {
        return toShellSettings(
          await api.get<SettingsAnswer>('/settings', {
            query: { keys: 'display,menu,captions' },
            quiet: true,
          }),
        );
      } catch (error) {
        if (isApiError(error) && error.status === 404) return toShellSettings(null);
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });

/**
 * The shell's settings; while they load, nothing for 500 ms (no flash of a default menu), then the
 * standard settings until the real ones arrive (spec §4: "defaults applied if either is still
 * empty after 500 ms"). A failed load also falls back to the standard settings (spec §8).
 */
export function useShellSettings(orgId: string, role: string): ShellSettings | undefined {
  const query = useQuery(shellSettingsQuery(orgId, role));
  const queryClient = useQueryClient();
  // A dispatcher's change (here or anywhere) reaches every member's menu and flags at once.
  useLive({ topic: 'settings' }, (event) => {
    if (isShellSettingsChange(event)) {
      void queryClient.invalidateQueries({ queryKey: shellSettingsQuery(orgId, role).queryKey });
    }
    // The company profile and one's own membership are in /me (issue #8: changes apply live).
    if (event.type === 'event' && (event.data._key === 'company' || event.data._key === 'members')) {
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
    }
  });
  const [isLate, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), DEFAULTS_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (query.data) return query.data;
  return isLate || query.isError ? STANDARD_SETTINGS : undefined;
}

/** Whether a live `settings` event concerns the shell's documents (or asks for a reload). */
export function isShellSettingsChange(event: LiveEvent): boolean {
  if (event.type === 'reload') return true;
  if (event.type !== 'event') return false;
  return SHELL_KEYS.includes(String(event.data._key));
}
