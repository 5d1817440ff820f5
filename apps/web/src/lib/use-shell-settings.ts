import { DEFAULTS_AFTER_MS } from '@rostra/core/shell/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type LiveEvent, useLive } from './live.ts';
import { ME_KEY } from './session.ts';
import { SHELL_KEYS, type ShellSettings, STANDARD_SETTINGS, shellSettingsQuery } from './shell-settings.ts';

// Apart from ./shell-settings.ts (which the sign-in flow reads), so that the live socket's code
// loads with the shell, not with the sign-in page.

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
