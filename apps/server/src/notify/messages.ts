import type { Message } from './transport.ts';

/*
 * The mail and SMS the sign-in flows send. The spec quotes none of them; they are kept short and
 * plain, and say what to do with the link or code.
 */

export function magicLinkMail(to: string, link: string): Message {
  return {
    channel: 'email',
    recipient: to,
    purpose: 'magic-link',
    subject: 'Sign in to Rostra',
    body: `Open this link to sign in to Rostra:\n\n${link}\n\nIf you did not ask for it, you can ignore this mail.`,
    link,
  };
}

export function passwordResetMail(to: string, link: string): Message {
  return {
    channel: 'email',
    recipient: to,
    purpose: 'password-reset',
    subject: 'Reset your Rostra password',
    body: `Open this link to choose a new password:\n\n${link}\n\nIf you did not ask for it, you can ignore this mail.`,
    link,
  };
}

export function phoneCodeSms(to: string, code: string): Message {
  return {
    channel: 'sms',
    recipient: to,
    purpose: 'phone-code',
    body: `${code} is your Rostra verification code.`,
    code,
  };
}
