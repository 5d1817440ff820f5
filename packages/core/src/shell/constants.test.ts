import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

// The expected numbers are the spec's §9 (and the §3/§4/§7/§8 numbers the shell uses), restated.

describe('shell constants are the spec numbers', () => {
  it('logo: under 500000 bytes, width/height at least 1.7', () => {
    expect(c.LOGO_MAX_BYTES).toBe(500_000);
    expect(c.LOGO_MIN_ASPECT_RATIO).toBe(1.7);
  });

  it('toasts: 1.5 to 4.5 s, sign-in errors 6 s, success 1 s, and the per-message durations of §8', () => {
    expect([c.TOAST_MIN_MS, c.TOAST_MAX_MS, c.SIGN_IN_ERROR_TOAST_MS, c.SUCCESS_TOAST_MS]).toEqual([
      1500, 4500, 6000, 1000,
    ]);
    expect([
      c.FAILURE_TOAST_MS,
      c.LOGO_SERVER_MESSAGE_TOAST_MS,
      c.COMPANY_SWITCH_FAILURE_TOAST_MS,
      c.EXPIRED_LINK_TOAST_MS,
      c.BARCODE_NOT_FOUND_TOAST_MS,
    ]).toEqual([2500, 3000, 1500, 1500, 2000]);
  });

  it('every ordinary toast duration lies within 1.5 to 4.5 s', () => {
    for (const ms of [
      c.FAILURE_TOAST_MS,
      c.LOGO_SERVER_MESSAGE_TOAST_MS,
      c.COMPANY_SWITCH_FAILURE_TOAST_MS,
      c.EXPIRED_LINK_TOAST_MS,
      c.BARCODE_NOT_FOUND_TOAST_MS,
    ]) {
      expect(ms).toBeGreaterThanOrEqual(c.TOAST_MIN_MS);
      expect(ms).toBeLessThanOrEqual(c.TOAST_MAX_MS);
    }
  });

  it('layout: sidebar threshold 770 px, breakpoints 640/768/1024/1280, modal z-index', () => {
    expect(c.SIDEBAR_NARROW_THRESHOLD_PX).toBe(770);
    expect(Object.values(c.BREAKPOINTS_PX)).toEqual([640, 768, 1024, 1280]);
    expect(c.SIGN_IN_MODAL_Z_INDEX).toBe(2147483647);
  });

  it('organisation defaults', () => {
    expect(c.DEFAULT_COUNTRY).toEqual({ name: 'AU', code: '+61' });
    expect(c.DEFAULT_DATE_FORMAT).toBe('dd/mmm/yyyy');
    expect(c.DEFAULT_DATETIME_FORMAT).toBe('dd/mmm/yyyy hh:MM:ss AA');
    expect(c.DATE_PICKER_FORMAT).toBe('d/M/Y');
    expect(c.DEFAULT_WEEK_START_DAY).toBe(0);
    expect(c.DEFAULT_EVENT_LABEL_TYPES).toEqual(['all']);
    expect(c.DEFAULT_OVERLAP_BUFFER_MINUTES).toBe(5);
    expect(c.DEFAULT_MAX_DISTANCE_KM).toBe(20);
    expect(c.DEFAULT_SNAP_TO_GRID).toBe(15);
    expect(c.DEFAULT_TIMELINE_WORKSPACE_TIME).toBe(300);
    expect(c.DEFAULT_SECURE_STORAGE_NAMESPACE).toBe('default');
  });

  it('versions: terms 3.0, app 3.5.0', () => {
    expect(c.DEFAULT_TERMS_VERSION).toBe('3.0');
    expect(c.DEFAULT_APP_VERSION).toBe('3.5.0');
  });

  it('timers', () => {
    expect(c.EXCEPTION_BANNER_MS).toBe(120_000);
    expect(c.DEFAULTS_AFTER_MS).toBe(500);
    expect(c.OFFLINE_VIEW_AFTER_MS).toBe(30_000);
    expect(c.NOTIFICATION_TICK_MS).toBe(5_000);
    expect(c.NOTIFICATION_SETUP_DELAY_MS).toEqual({ dispatcher: 100, other: 120_000 });
    expect(c.HOME_FEED_NEW_WINDOW_SECONDS).toBe(300);
  });

  it('sign-in', () => {
    expect(c.PHONE_CODE_LENGTH).toBe(6);
    expect(c.PHONE_CODE_RESEND_SECONDS).toBe(15);
    expect(c.BUSY_INDICATOR_AFTER_MS).toBe(500);
    expect(c.PASSWORD_MIN_LENGTH).toBe(6);
    expect(c.EMAIL_LINK_STATE_LENGTH).toBe(32);
    expect(c.SIGN_IN_POPUP).toEqual({ width: 500, height: 600 });
    expect(c.SIGN_IN_WIDGET_SCRIPT_TIMEOUT_MS).toBe(5_000);
    expect(c.SIGN_IN_ONE_TAP_SCRIPT_TIMEOUT_MS).toBe(10_000);
    expect(c.SIGN_IN_COOKIE_LIFETIME_SECONDS).toBe(3_600);
  });

  it('tokens, short links and HTTP retries', () => {
    expect(c.ACCESS_TOKEN_DEFAULT_LIFETIME_SECONDS).toBe(3_600);
    expect(c.ACCESS_TOKEN_EXPIRY_MARGIN_SECONDS).toBe(5);
    expect(c.SHORT_LINK_LIFETIME_SECONDS).toBe(3_599);
    expect(c.HTTP_RETRY_STATUSES).toEqual([408, 429, 500, 502, 503, 504]);
    expect(c.HTTP_RETRY_COUNT).toBe(2);
    expect(c.HTTP_RETRY_DELAY_MS).toBe(2_000);
  });
});
