import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/*
 * The real parts the notification tests send to, all on loopback in the test process: an SMTP
 * server (the npm `smtp-server`), a Web Push endpoint that checks the VAPID signature and decrypts
 * the message with the subscription's private key (RFC 8291, aes128gcm), and Telnyx's Messages
 * API at its HTTP edge.
 */

const b64u = (b: Buffer) => b.toString('base64url');

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Waits for `predicate` to hold, re-checking whenever `notify` is called (no polling, no sleep). */
function waiter<T>(): { notify(): void; until(predicate: () => T | undefined): Promise<T> } {
  let wake: (() => void)[] = [];
  return {
    notify: () => {
      const w = wake;
      wake = [];
      for (const f of w) f();
    },
    until: async (predicate) => {
      for (;;) {
        const v = predicate();
        if (v !== undefined) return v;
        await new Promise<void>((r) => wake.push(r));
      }
    },
  };
}

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server (no TLS, no auth) keeping every mail it is given. */
export async function smtpReceiver(): Promise<{
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => {
        raw += c;
      });
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's push subscription: its keys, as the browser makes them. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    body: { endpoint, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } },
  };
}

/**
 * Decrypts a Web Push message body (RFC 8291 with the aes128gcm coding of RFC 8188) with the
 * subscription's private key and auth secret.
 */
export function decryptPush(body: Buffer, ua: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('not the last record of a Web Push message');
  return plain.subarray(0, end).toString('utf8');
}

/** Checks a VAPID `Authorization: vapid t=…, k=…` header (RFC 8292): answers the key it names. */
export function verifyVapid(header: string | undefined, audience: string): string {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token = '', k = ''] = m;
  const [head = '', claims = '', signature = ''] = token.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const good = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!good) throw new Error('VAPID signature does not verify');
  const aud = (JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string }).aud;
  if (aud !== audience) throw new Error(`VAPID audience ${aud}, expected ${audience}`);
  return k;
}

export type PushReceived = { path: string; topic: string | undefined; vapidKey: string; body: Buffer };

/** A push service on loopback: keeps each message; `answer` decides the status (201 by default). */
export async function pushService(): Promise<{
  base: string;
  received: PushReceived[];
  answer: { status: number };
  next(count: number): Promise<PushReceived[]>;
  close(): Promise<void>;
}> {
  const received: PushReceived[] = [];
  const answer = { status: 201 };
  const w = waiter<PushReceived[]>();
  let base = '';
  const server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    try {
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      const vapidKey = verifyVapid(req.headers.authorization, base);
      received.push({ path: req.url ?? '', topic: req.headers.topic as string | undefined, vapidKey, body });
      res.writeHead(answer.status).end();
    } catch (err) {
      res.writeHead(400).end(String(err));
    }
    w.notify();
  });
  base = await listen(server);
  return {
    base,
    received,
    answer,
    next: (count) => w.until(() => (received.length >= count ? received : undefined)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmsRequest = {
  to: string;
  from: string;
  text: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
};

/**
 * Telnyx's `POST /v2/messages` at its HTTP edge. It keeps to Telnyx's idempotency contract: a
 * repeat of an accepted key is answered with the first answer and sends nothing. `plan` gives the
 * status of the next answers (default 200); under `hold` a message is sent but never answered.
 */
export async function telnyxEdge(): Promise<{
  base: string;
  requests: SmsRequest[];
  /** The messages that reached a phone: one per accepted key. */
  delivered: SmsRequest[];
  plan: number[];
  hold: { on: boolean };
  next(count: number): Promise<SmsRequest[]>;
  close(): Promise<void>;
}> {
  const requests: SmsRequest[] = [];
  const delivered: SmsRequest[] = [];
  const plan: number[] = [];
  const hold = { on: false };
  const accepted = new Map<string, string>();
  const w = waiter<SmsRequest[]>();
  const server = createServer(async (req, res) => {
    const json = JSON.parse((await bodyOf(req)).toString('utf8') || '{}') as Record<string, string>;
    const sms: SmsRequest = {
      to: json.to ?? '',
      from: json.from ?? '',
      text: json.text ?? '',
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      authorization: req.headers.authorization,
    };
    requests.push(sms);
    w.notify();
    if (req.method !== 'POST' || req.url !== '/v2/messages') return void res.writeHead(404).end();
    const status = hold.on ? 200 : (plan.shift() ?? 200);
    res.setHeader('content-type', 'application/json');
    if (status !== 200) {
      return void res
        .writeHead(status)
        .end(JSON.stringify({ errors: [{ title: 'Refused', detail: `status ${status}` }] }));
    }
    const key = sms.idempotencyKey ?? '';
    let id = accepted.get(key);
    if (!id) {
      id = `msg-${accepted.size + 1}`;
      if (key) accepted.set(key, id);
      delivered.push(sms);
    }
    // Held: the message is sent but the answer never leaves (the sender dies meanwhile).
    if (hold.on) return;
    res
      .writeHead(200)
      .end(JSON.stringify({ data: { id, record_type: 'message', to: [{ phone_number: sms.to }] } }));
  });
  const base = await listen(server);
  return {
    base,
    requests,
    delivered,
    plan,
    hold,
    next: (count) => w.until(() => (requests.length >= count ? requests : undefined)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
