import type { SettingsDocument, ShellSettingsAnswer } from '@rostra/core/api/settings';
import { DISPLAY_DEFAULTS } from '@rostra/core/settings/defaults';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from './api.ts';
import { api } from './client.ts';

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
export const SHELL_KEYS = ['display', 'menu', 'captions'];

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
