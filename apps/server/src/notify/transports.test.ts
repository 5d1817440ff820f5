import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import type { DbHandle } from '@rostra/db/client';
import { listOutbox } from '@rostra/db/identity/outbox';
import { openTestDatabase } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { magicLinkMail, phoneCodeSms } from './messages.ts';
import { createOutboxTransport } from './outbox-transport.ts';
import { createSmtpTransport } from './smtp-transport.ts';

/** Just enough of an SMTP server on loopback to receive one conversation's messages. */
function fakeSmtp(received: string[]): Server {
  return createServer((socket) => {
    let inData = false;
    let data = '';
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('utf8').split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 OK queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'MAIL' || verb === 'RCPT') socket.write('250 OK\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (line !== '') socket.write('250 OK\r\n');
      }
    });
  });
}

describe('mail and SMS transports', () => {
  let h: DbHandle;
  let smtp: Server;
  const received: string[] = [];

  beforeAll(async () => {
    h = await openTestDatabase('pglite');
    smtp = fakeSmtp(received);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await h?.close();
    await new Promise((resolve) => smtp?.close(resolve));
  });

  it('the outbox keeps each message and, in development, prints its link or code', async () => {
    const lines: string[] = [];
    const outbox = createOutboxTransport({ db: h.db, now: () => new Date(), echo: (l) => lines.push(l) });
    await outbox.send(magicLinkMail('a@b.test', 'http://localhost:3000/api/auth/magic-link/verify?token=t1'));
    await outbox.send(phoneCodeSms('+61400000001', '123456'));
    const stored = await listOutbox(h.db);
    expect(stored.map((m) => [m.channel, m.recipient, m.purpose, m.link ?? m.code])).toEqual([
      ['sms', '+61400000001', 'phone-code', '123456'],
      ['email', 'a@b.test', 'magic-link', 'http://localhost:3000/api/auth/magic-link/verify?token=t1'],
    ]);
    expect(lines).toEqual([
      '[outbox] email to a@b.test (magic-link): http://localhost:3000/api/auth/magic-link/verify?token=t1',
      '[outbox] sms to +61400000001 (phone-code): code 123456',
    ]);
  });

  it('with SMTP, mail goes to the SMTP server and SMS to the outbox', async () => {
    const port = (smtp.address() as AddressInfo).port;
    const sms: string[] = [];
    const transport = createSmtpTransport({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'Rostra <no-reply@rostra.test>',
      sms: { send: async (m) => void sms.push(m.recipient) },
    });
    await transport.send(magicLinkMail('person@b.test', 'http://localhost:3000/link'));
    await transport.send(phoneCodeSms('+61400000002', '654321'));
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('To: person@b.test');
    expect(received[0]).toContain('Subject: Sign in to Rostra');
    expect(received[0]).toContain('http://localhost:3000/link');
    expect(sms).toEqual(['+61400000002']);
  });
});
