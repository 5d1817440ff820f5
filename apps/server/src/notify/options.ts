import { NOTIFICATION_RETENTION_DAYS } from '@rostra/db/notifications/retention';

/*
 * How notifications leave the server (issue #19): the SMS provider, the Web Push contact and the
 * runner's lease. From the environment by default; tests pass their own.
 */

/** Telnyx's Messages API (https://developers.telnyx.com): SMS_PROVIDER=telnyx. */
export type TelnyxSettings = { kind: 'telnyx'; apiKey: string; from: string; apiUrl: string };

export type NotifyOptions = {
  /** The SMS provider; undefined: SMS go to the development outbox (like sign-in codes). */
  sms: TelnyxSettings | undefined;
  /** The contact a push service may reach us at (VAPID `sub`): a mailto: or https: URL. */
  pushContact: string;
  /** Whether push endpoints may be plain http (tests on loopback); production needs https. */
  allowHttpPush: boolean;
  /** How long a claimed send is ours before another runner may take it over. */
  leaseMs: number;
  /** The longest one send may take before it counts as failed. */
  sendTimeoutMs: number;
  /** How long finished sends and expired confirm requests are kept (NOTIFY_RETENTION_DAYS, 90). */
  retentionDays: number;
};

/** NOTIFY_* / SMS_* / TELNYX_* from the environment. */
export function loadNotifyOptions(env: NodeJS.ProcessEnv = process.env): NotifyOptions {
  const provider = (env.SMS_PROVIDER ?? '').trim();
  if (provider !== '' && provider !== 'telnyx')
    throw new Error(`SMS_PROVIDER must be telnyx or unset, got "${provider}"`);
  const sms: TelnyxSettings | undefined =
    provider === 'telnyx'
      ? {
          kind: 'telnyx',
          apiKey: required(env, 'TELNYX_API_KEY'),
          from: required(env, 'TELNYX_FROM'),
          apiUrl: (env.TELNYX_API_URL ?? 'https://api.telnyx.com').replace(/\/+$/, ''),
        }
      : undefined;
  return {
    sms,
    pushContact: env.PUSH_CONTACT || 'mailto:no-reply@rostra.local',
    allowHttpPush: env.NODE_ENV !== 'production' && env.PUSH_ALLOW_HTTP === '1',
    leaseMs: positive(env.NOTIFY_LEASE_MS, 120_000),
    sendTimeoutMs: positive(env.NOTIFY_SEND_TIMEOUT_MS, 30_000),
    retentionDays: positive(env.NOTIFY_RETENTION_DAYS, NOTIFICATION_RETENTION_DAYS),
  };
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`SMS_PROVIDER=telnyx needs ${name}`);
  return value;
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}
