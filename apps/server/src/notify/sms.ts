import type { NotificationChannel, SendOutcome } from './channels.ts';
import { PermanentFailure } from './channels.ts';
import type { TelnyxSettings } from './options.ts';
import type { MessageTransport } from './transport.ts';

/** Where text messages go: one provider's API, or the development outbox. */
export type SmsProvider = {
  send(input: { to: string; text: string; idempotencyKey: string }): Promise<SendOutcome>;
};

/**
 * Telnyx's Messages API: `POST {apiUrl}/v2/messages` with a bearer key and `{ from, to, text }`,
 * answering `{ data: { id } }`. The delivery's id goes as the `Idempotency-Key` header, so a send
 * repeated after a crash is answered with the first one's result instead of a second message.
 * 4xx other than 408/429 is permanent (a bad number, a refused sender); the rest is tried again.
 */
export function telnyxSms(settings: TelnyxSettings, timeoutMs: number): SmsProvider {
  return {
    async send({ to, text, idempotencyKey }) {
      const res = await fetch(`${settings.apiUrl}/v2/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${settings.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify({ from: settings.from, to, text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = (await res.json().catch(() => ({}))) as {
        data?: { id?: string };
        errors?: { title?: string; detail?: string }[];
      };
      if (res.ok) return { providerId: answer.data?.id ?? null };
      const why = answer.errors?.[0]?.detail ?? answer.errors?.[0]?.title ?? '';
      const message = `SMS provider answered ${res.status}${why ? `: ${why}` : ''}`;
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429)
        throw new PermanentFailure(message);
      throw new Error(message);
    },
  };
}

/** Text messages kept in the development outbox (no provider configured). */
export function outboxSms(transport: MessageTransport): SmsProvider {
  return {
    async send({ to, text }) {
      await transport.send({ channel: 'sms', recipient: to, purpose: 'notify', body: text });
      return { providerId: null };
    },
  };
}

export function smsChannel(provider: SmsProvider): NotificationChannel {
  return {
    name: 'sms',
    async send(d) {
      if (!d.address) throw new PermanentFailure('no mobile number');
      return provider.send({ to: d.address, text: d.body, idempotencyKey: d.id });
    },
  };
}
