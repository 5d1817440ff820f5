import type { Transporter } from 'nodemailer';
import type { Message, MessageTransport } from './transport.ts';

/**
 * Sends mail through the SMTP server of `smtpUrl` (e.g. `smtps://user:pass@mail.example.com`).
 * There is no SMS gateway behind SMTP, so SMS goes to `sms` (the outbox by default).
 */
export function createSmtpTransport(input: {
  smtpUrl: string;
  from: string;
  sms: MessageTransport;
}): MessageTransport {
  // nodemailer (40 modules) loads with the first mail, not at every start.
  let mailer: Promise<Transporter> | undefined;
  return {
    async send(message: Message) {
      if (message.channel === 'sms') return input.sms.send(message);
      mailer ??= import('nodemailer').then((m) => m.default.createTransport(input.smtpUrl));
      await (await mailer).sendMail({
        from: input.from,
        to: message.recipient,
        subject: message.subject ?? 'Rostra',
        text: message.body,
        ...(message.idempotencyKey ? { messageId: `<${message.idempotencyKey}@rostra>` } : {}),
      });
    },
  };
}
