import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { defaultLandingPath } from '@rostra/core/shell/landing';
import type { Role } from '@rostra/core/shell/roles';
import { toWallClock } from '@rostra/core/time/calendar';

/** The demo users of the seed; they share one password. */
export const DEMO_PASSWORD = 'demo1234';
export const USERS = {
  dispatcher: 'dispatcher@harbourcare.test',
  scheduler: 'scheduler@harbourcare.test',
  resource: 'resource@harbourcare.test',
  customer: 'customer@harbourcare.test',
  partner: 'partner@harbourcare.test',
  multi: 'multi@rostra.test',
} as const;

/** The identity layer accepts writes only from the app's own origin, as a browser sends it. */
function originOf(page: Page): string {
  const url = page.url();
  if (url.startsWith('http')) return new URL(url).origin;
  const base = process.env.E2E_BASE_URL;
  if (base) return base;
  throw new Error('open a page of the app before calling the API');
}

/**
 * Signs the page's browser context in through the real sign-in call (the cookie lands in the
 * context), without going through the screens: for tests about what comes after sign-in.
 */
export async function signInByApi(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/healthz');
  const origin = originOf(page);
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Accepts the current terms for the signed-in user (they are per user, so once is enough). */
export async function acceptTermsByApi(page: Page): Promise<void> {
  const res = await page.request.post('/api/v1/terms/accept', {
    data: {},
    headers: { origin: originOf(page) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Moves the server's clock forward by `seconds` and waits until the background jobs that became
 * due have run (POST /api/v1/test/clock: the browser-test server runs with ROSTRA_TEST_CLOCK=1,
 * see e2e/serve.mjs and apps/server/src/test-clock.ts). The clock is the server's rule clock
 * (`app.identity.now()`): code and link expiry, rate windows, token times, the background jobs (the
 * once-a-minute exception report), and the server's own time stamps (record edits, workspace locks,
 * job-life entries). The browser and the sign-in sessions keep the real time. Answers the server's
 * new time.
 *
 * The rule for specs: one server serves every spec of a leg, in file-name order, and its clock
 * only moves forward, so a move is felt by every spec that runs later. Move it by minutes at most
 * (a code's lifetime, a job's period), never by hours or days, and never to a fixed date. Tests
 * that read the server's time must not assume it equals the browser's. job-life.spec.ts does (the
 * phone's worked-time clock counts from the server's stamps): no spec named before it moves it.
 */
export async function moveServerClock(page: Page, seconds: number): Promise<Date> {
  const res = await page.request.post('/api/v1/test/clock', {
    data: { advanceSeconds: seconds },
    headers: { origin: originOf(page) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return new Date(((await res.json()) as { now: string }).now);
}

/** Signed in, terms accepted, on `path` inside the shell. */
export async function enterApp(page: Page, email: string, path = '/'): Promise<void> {
  await signInByApi(page, email);
  await acceptTermsByApi(page);
  await watchToasts(page);
  await page.goto(path);
  await expect(page.getByRole('banner')).toBeVisible();
}

const watchedToasts = new WeakSet<Page>();

/**
 * Records the text of every toast the page shows (a MutationObserver from the document's start),
 * so a test can assert a toast it may no longer find on screen: a success toast lasts the spec's
 * 1 s, which a loaded machine can spend between the click and the next look. `enterApp` installs it.
 */
async function watchToasts(page: Page): Promise<void> {
  if (watchedToasts.has(page)) return;
  watchedToasts.add(page);
  await page.addInitScript(TOAST_RECORDER);
}

/** Runs in the page (plain JavaScript: the tests are not typed against the DOM). */
const TOAST_RECORDER = `(() => {
  if (window.__rostraToasts) return;
  const seen = (window.__rostraToasts = []);
  const counted = new WeakSet();
  const look = () => {
    for (const el of document.querySelectorAll('[data-sonner-toast]')) {
      const text = el.textContent.trim();
      if (text && !counted.has(el)) {
        counted.add(el);
        seen.push(text);
      }
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/**
 * Waits until the page has shown a toast containing `text` (still on screen or already gone), and
 * takes it off the record, so the next call waits for the next such toast.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  if (!watchedToasts.has(page)) throw new Error('expectToast: this page was not opened with enterApp');
  const take = (wanted: string) => {
    const seen = (globalThis as { __rostraToasts?: string[] }).__rostraToasts ?? [];
    const at = seen.findIndex((t) => t.includes(wanted));
    if (at < 0) return seen;
    seen.splice(at, 1);
    return true;
  };
  await expect.poll(() => page.evaluate(take, text), { message: `a toast saying "${text}"` }).toBe(true);
}

/** The sidebar's entries, in order, as their link names. */
export async function menuEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  return nav.getByRole('link').allTextContents();
}

const here = dirname(fileURLToPath(import.meta.url));

/** Saves a screenshot to test-results/screenshots/ (git-ignored), per project so both runs keep theirs. */
export async function screenshot(page: Page, name: string, project: string): Promise<void> {
  const path = join(here, '..', 'test-results', 'screenshots', `${name}-${project}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: false, animations: 'disabled' });
}

/** Collects uncaught page errors, to assert a flow ran without any. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export type OrgSettings = {
  display?: Record<string, unknown>;
  menu?: Record<string, unknown>;
  captions?: Record<string, unknown>;
};

/** The organisation's shell settings (display, menu, captions) as the server gives them to the signed-in role. */
export async function orgSettings(page: Page): Promise<OrgSettings> {
  const res = await page.request.get('/api/v1/settings?keys=display,menu,captions');
  return res.ok() ? ((await res.json()) as OrgSettings) : {};
}

/** The default landing page of the signed-in role, by core's rule over the org's settings. */
export async function expectedLanding(page: Page, role: Role): Promise<string> {
  return defaultLandingPath(role, (await orgSettings(page)).menu);
}

export type ApiRecord = Record<string, unknown> & { _id: string; version: number };

/** A call to the app's API as the page's signed-in user (from the app's origin). */
export async function apiCall(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<ApiRecord> {
  const res = await page.request.fetch(`/api/v1${path}`, {
    method,
    ...(data !== undefined ? { data } : {}),
    headers: { origin: originOf(page) },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as ApiRecord;
}

/**
 * A job of today for r001 (resource@), dispatched, beginning on the current quarter hour of the
 * organisation's clock, made through the API by the page's user (a dispatcher): today's whatever
 * the seed holds.
 */
export async function todaysJob(page: Page): Promise<ApiRecord & { reference: string }> {
  const me = (await apiCall(page, 'GET', '/me')) as ApiRecord & { company?: { time_zone?: string } };
  const wall = toWallClock(Date.now(), me.company?.time_zone ?? 'UTC');
  const begin = Math.floor(wall / 900) * 900;
  const reference = `E2E-LIFE-${Math.floor(Math.random() * 1e8)}`;
  const job = await apiCall(page, 'POST', '/timeline-records', {
    _key: 'booking',
    status: 'dispatched',
    reference,
    customerId: 'c001',
    customer_first_name: 'Connie',
    customer_last_name: 'Customer',
    resIds: ['r001'],
    utc_begin_plus_tz: begin,
    utc_end_plus_tz: begin + 2 * 3600,
    all_location: '12 King Street, Newtown NSW 2042',
  });
  return { ...job, reference };
}

/** Now on the organisation's wall clock (wall-clock seconds), by its time zone. */
export async function orgNow(page: Page): Promise<number> {
  const me = (await apiCall(page, 'GET', '/me')) as ApiRecord & { company?: { time_zone?: string } };
  return toWallClock(Date.now(), me.company?.time_zone ?? 'UTC');
}

/**
 * A dispatched job for r001 (resource@, a demo worker) from `begin` to `end` (wall-clock seconds;
 * an hour by default), for the spec's own customer, made through the API by the page's dispatcher;
 * its reference starts with `prefix` and is unique.
 */
export async function workerJob(
  page: Page,
  prefix: string,
  begin: number,
  end = begin + 3600,
): Promise<{ id: string; reference: string; begin: number }> {
  const reference = `${prefix}-${Math.floor(Math.random() * 1e8)}`;
  const job = await apiCall(page, 'POST', '/timeline-records', {
    _key: 'booking',
    status: 'dispatched',
    reference,
    customerId: await testCustomerId(page),
    resIds: ['r001'],
    utc_begin_plus_tz: begin,
    utc_end_plus_tz: end,
  });
  return { id: job._id, reference, begin };
}

const testCustomers = new Map<string, Promise<string>>();

/**
 * The id of a customer for bookings a spec makes through the API: a booking needs a customer
 * unless the organisation allows none (issue 16 point 7). One per server, with no address, so no
 * distance check or blacklist of a seeded customer changes what the spec is about.
 */
export function testCustomerId(page: Page): Promise<string> {
  const origin = originOf(page);
  let id = testCustomers.get(origin);
  if (!id) {
    id = apiCall(page, 'POST', '/customers', {
      name: `E2E Customer ${Date.now().toString(36)}`,
      phone: '0400 000 000',
    }).then((c) => c._id);
    id.catch(() => testCustomers.delete(origin));
    testCustomers.set(origin, id);
  }
  return id;
}

/**
 * A seeded customer (c001, c002, …) whose blacklist does not hold `resourceId`: the seed's
 * blacklists follow the day it runs, so a spec that books a fixed resource for a seeded customer
 * picks one that lets it.
 */
export async function customerAllowing(page: Page, resourceId: string): Promise<string> {
  for (let i = 1; i <= 20; i++) {
    const id = `c${String(i).padStart(3, '0')}`;
    const list = await apiCall(page, 'GET', `/customers/${id}/blacklist`);
    if (!((list.resIds as string[] | undefined) ?? []).includes(resourceId)) return id;
  }
  throw new Error(`every seeded customer blacklists ${resourceId}`);
}

/**
 * Ticks the sign-in captcha's box in `scope` (a page or a dialog) and waits for its proof of work
 * to finish (e2e/serve.mjs keeps the work small).
 */
export async function solveCaptcha(scope: Page | Locator): Promise<void> {
  const box = scope.getByRole('checkbox', { name: "I'm not a robot" });
  await box.click();
  await expect(box).toBeChecked({ timeout: 20_000 });
}
