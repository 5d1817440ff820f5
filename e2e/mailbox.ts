import { expect } from '@playwright/test';

/*
 * The mail the app sent to the real SMTP server of a browser-test leg (e2e/serve.mjs runs one next
 * to the app and lists what arrived at http://127.0.0.1:$E2E_MAIL_PORT_<LEG>/mails).
 */

type Mail = { to: string[]; raw: string };

/** A mail's text body: its headers off, quoted-printable or base64 decoded. */
export function mailText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers))
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/** The text of the newest mail to `to` whose text says `includes`, once it has arrived. */
export async function mailTo(leg: string, to: string, includes: string): Promise<string> {
  const url = `http://127.0.0.1:${process.env[`E2E_MAIL_PORT_${leg.toUpperCase()}`]}/mails`;
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(url)).json()) as Mail[];
        found = mails
          .filter((m) => m.to.includes(to))
          .map((m) => mailText(m.raw))
          .findLast((text) => text.includes(includes));
        return found !== undefined;
      },
      // The app's notification runner sends every 5 seconds.
      { timeout: 30_000 },
    )
    .toBe(true);
  return found as string;
}

/** The confirm link's path (`/confirm/<token>`) in a mail's text. */
export function confirmPath(text: string): string {
  const m = /https?:\/\/[^/\s]+(\/confirm\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(text);
  if (!m?.[1]) throw new Error(`no confirm link in: ${text}`);
  return m[1];
}
