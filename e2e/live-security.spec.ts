import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { acceptTermsByApi, enterApp, signInByApi, USERS } from './helpers.ts';

/** The machine is shared and slow at times: screens get 20 s to show what they should. */
const expect = baseExpect.configure({ timeout: 20_000 });

/*
 * The live socket's boundary in a real browser (security issue #15, points 5 and 6): a page of
 * another origin on the same site (another port of the same host, so the browser sends the
 * session cookie with the upgrade) must not read the signed-in user's live updates; and signing
 * out ends the app's open socket at once, the app then showing the sign-in page.
 */

type Outcome = { messages: string[]; closed: number | null };

/**
 * Opens the live socket from `page` and resolves with what came first: a message (with
 * everything received by then) or the close. It subscribes to the notifications as soon as the
 * socket opens, as the app does.
 */
function openLive(page: Page, url: string): Promise<Outcome> {
  return page.evaluate(
    (target) =>
      new Promise<Outcome>((resolve) => {
        const messages: string[] = [];
        const ws = new WebSocket(target);
        ws.onopen = () =>
          ws.send(JSON.stringify({ type: 'subscribe', subscription: { topic: 'notifications' } }));
        ws.onmessage = (event) => {
          messages.push(String(event.data));
          resolve({ messages, closed: null });
          ws.close();
        };
        ws.onclose = (event) => resolve({ messages, closed: event.code });
      }),
    url,
  );
}

let other: Server;
let otherOrigin: string;
test.beforeAll(async () => {
  // Another site's page, served on another port of the same host.
  other = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end('<!doctype html><title>Another site on this host</title><p>hello</p>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => other.close(resolve));
});

test("a page of another origin on the same host cannot read the signed-in user's live socket", async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, USERS.dispatcher);
  await acceptTermsByApi(page);
  const live = `${new URL(String(baseURL)).origin.replace(/^http/, 'ws')}/api/v1/live`;

  // From the app's own origin the same browser is served: the cookie goes with the upgrade.
  const own = await openLive(page, live);
  expect(own.messages.map((m) => JSON.parse(m).type)).toEqual(['hello']);

  // From the other port: refused before anything is said.
  await page.goto(`${otherOrigin}/`);
  const foreign = await openLive(page, live);
  expect(foreign.messages).toEqual([]);
  expect(foreign.closed).not.toBeNull();
});

test('signing out in another tab ends the open socket at once (4401) and the app goes to sign-in', async ({
  page,
  context,
}) => {
  // The close codes of the page's sockets, as the page itself sees them.
  await page.addInitScript(`{
    const Native = window.WebSocket;
    const codes = (window.liveCloses = []);
    window.WebSocket = class extends Native {
      constructor(url, protocols) {
        super(url, protocols);
        this.addEventListener('close', (event) => codes.push(event.code));
      }
    };
  }`);
  const closes = () => page.evaluate<number[]>('window.liveCloses');
  // The app's socket, watched from its start (its hello may come before the screen shows).
  const hello = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/api/v1/live')) return;
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"hello"')) resolve();
      });
    });
  });
  // Not the scheduler: 0-terms.spec.ts needs their terms not yet accepted.
  await enterApp(page, USERS.partner, '/');
  await hello;
  expect(await closes()).toEqual([]);

  const other = await context.newPage();
  await other.goto('/healthz');
  const res = await other.request.post('/api/v1/sign_out', {
    headers: { origin: new URL(other.url()).origin },
  });
  expect(res.status()).toBe(200);
  // Closed by the server as signed out, well before its minute-long re-check.
  await expect.poll(closes).toContain(4401);
  await expect(page).toHaveURL(/\/login/);
});
