import { DISPLAY_DEFAULTS } from '@rostra/core/settings/defaults';
import { describe, expect, it } from 'vitest';
import { toShellSettings } from './shell-settings.ts';
import { isShellSettingsChange } from './use-shell-settings.ts';

const settingsEvent = (key: string) =>
  ({ type: 'event', seq: 1, topic: 'settings', kind: 'settings.changed', data: { _key: key } }) as const;

describe('shell settings', () => {
  it("merge the server's display flags over the spec's defaults and keep menu and captions", () => {
    const got = toShellSettings({
      display: { scheduler_search: false },
      menu: { bookings: true },
      captions: { m_bookings: 'Visits' },
    });
    expect(got.ds).toEqual({ ...DISPLAY_DEFAULTS, scheduler_search: false });
    expect(got.menu).toEqual({ bookings: true });
    expect(got.cf).toEqual({ m_bookings: 'Visits' });
  });

  it('are read again when display, menu or captions change, or on reload; not for other documents', () => {
    expect(isShellSettingsChange(settingsEvent('menu'))).toBe(true);
    expect(isShellSettingsChange(settingsEvent('display'))).toBe(true);
    expect(isShellSettingsChange(settingsEvent('captions'))).toBe(true);
    expect(isShellSettingsChange({ type: 'reload' })).toBe(true);
    expect(isShellSettingsChange(settingsEvent('job_status_config'))).toBe(false);
    expect(isShellSettingsChange({ type: 'error', code: 'x', message: '' })).toBe(false);
  });
});
