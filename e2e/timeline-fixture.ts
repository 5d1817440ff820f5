import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { EXCEPTION_BANNER_TEXT } from '@rostra/core/shell/messages';
import { DAY, dayStart, HOUR, toWallClock, toYmd, WEEK, weekStart } from '@rostra/core/time/calendar';
import { apiCall, enterApp, moveServerClock, testCustomerId, USERS } from './helpers.ts';

/*
 * What the timeline specs share (timeline.spec.ts, timeline-grid.spec.ts): a dispatcher's fixture
 * made through the API (a label, two resources '0TL …' sorted first, their shifts for the days
 * used, bookings of a test customer), the day opened with the exception banner out of the way, and
 * the pointer helpers of a drag.
 */

const here = dirname(fileURLToPath(import.meta.url));
const shotDir = join(here, '..', 'test-results', 'screenshots');

export async function shoot(page: Page, name: string, project: string) {
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}-${project}.png`), animations: 'disabled' });
}

export type Json = Record<string, unknown>;

export async function call(
  request: APIRequestContext,
  origin: string,
  method: string,
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { origin },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Json;
}

export type Fixture = {
  run: string;
  skill: Json;
  resA: Json;
  resB: Json;
  day: (offset: number) => number;
  booking: (day: number, hour: number, over?: Json) => Promise<Json>;
  get: (id: string) => Promise<Json>;
  api: (method: string, path: string, data?: unknown) => Promise<Json>;
};

/** Signed in as the dispatcher: the label, the two resources and their shifts for the weeks used. */
export async function setUp(page: Page, shiftDays: readonly [number, number] = [41, 49]): Promise<Fixture> {
  await enterApp(page, USERS.dispatcher, '/');
  const origin = new URL(page.url()).origin;
  const api = (method: string, path: string, data?: unknown) =>
    call(page.request, origin, method, path, data);
  const me = await api('GET', '/me');
  const zone = ((me.company as Json | null)?.time_zone as string | undefined) ?? 'Australia/Sydney';
  const today = dayStart(toWallClock(Date.now(), zone));
  const day = (offset: number) => today + offset * DAY;
  // Newer runs sort first ('0TL 0…' before any seeded name): this test's rows are the top ones.
  const run = String(9_999_999_999_999 - Date.now()).padStart(13, '0');
  const skill = await api('POST', '/labels', { name: `TL-skill-${run}`, type: 'label' });
  const resA = await api('POST', '/resources', { name: `0TL ${run} Ana`, labels: [skill._id] });
  const resB = await api('POST', '/resources', { name: `0TL ${run} Ben`, labels: [] });
  const days = { su: true, mo: true, tu: true, we: true, th: true, fr: true, sa: true };
  // Every week that holds a day of the range, the last day's too (it may be a week's first day).
  for (let w = weekStart(day(shiftDays[0])); w <= day(shiftDays[1]); w += WEEK) {
    const weekId = `${toYmd(w)}_${toYmd(w + 6 * DAY)}`;
    for (const r of [resA, resB]) {
      await api('PUT', `/resources/${r._id}/shifts/${weekId}`, {
        ...days,
        beg: 6 * HOUR,
        end: 22 * HOUR,
        version: 0,
      });
    }
  }
  const customerId = await testCustomerId(page);
  const booking = (d: number, hour: number, over: Json = {}) =>
    api('POST', '/timeline-records', {
      _key: 'booking',
      customerId,
      status: 'confirmed',
      customer_first_name: 'TL',
      customer_last_name: `Client ${hour}h ${run}`,
      utc_begin_plus_tz: d + hour * HOUR,
      utc_end_plus_tz: d + (hour + 1) * HOUR,
      labels: [skill._id],
      resIds: [],
      ...over,
    });
  const get = (id: string) => api('GET', `/timeline-records/${id}`);
  return { run, skill, resA, resB, day, booking, get, api };
}

/**
 * Sets display flags of the organisation through the settings API (PUT /settings, dispatchers);
 * returns what puts the document back as it was.
 */
export async function setDisplayFlags(
  f: Fixture,
  flags: Record<string, boolean>,
): Promise<() => Promise<void>> {
  const read = async () => {
    const answer = await f.api('GET', '/settings?keys=display');
    return {
      value: (answer.display ?? {}) as Json,
      version: ((answer.versions as Json | undefined)?.display as number | undefined) ?? 0,
    };
  };
  const before = await read();
  await f.api('PUT', '/settings', {
    key: 'display',
    value: { ...before.value, ...flags },
    version: before.version,
  });
  return async () => {
    const now = await read();
    await f.api('PUT', '/settings', { key: 'display', value: before.value, version: now.version });
  };
}

export const rowOf = (page: Page, id: unknown): Locator => page.locator(`[data-row="${String(id)}"]`);
export const barOf = (page: Page, id: unknown): Locator => page.locator(`button[data-id="${String(id)}"]`);

export async function openDay(page: Page, day: number) {
  const report = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/exception-report');
  await page.goto(`/week2timelinev2?view=day&date=${toYmd(day)}`);
  // The first load of a day also warms the server's caches; the machine may be busy.
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible({ timeout: 20_000 });
  // The seeded exception report's banner arrives after the grid and pushes it down: a drag
  // measured before it and pressed after it would start on another row. Close it first (it stays
  // closed until the report changes).
  await report;
  // Two frames: the answer is in the query cache and the shell has rendered what it decides.
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  const banner = page.getByRole('alert').filter({ hasText: EXCEPTION_BANNER_TEXT.body });
  if (await banner.isVisible())
    await banner.getByRole('button', { name: EXCEPTION_BANNER_TEXT.close }).click();
  await expect(banner).toHaveCount(0);
}

export async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

/**
 * Presses on a bar near its left end, or on its end handle (its last 8 px) with `edge: 'end'`;
 * returns where (moves keep the time when x stays).
 */
export async function press(page: Page, bar: Locator, edge: 'start' | 'end' = 'start') {
  const id = await bar.getAttribute('data-id');
  /*
   * Something arriving late above the grid (a banner, a toast, a re-laid toolbar) moves the bar
   * between its measure and the press, and the press lands elsewhere: press only when the bar is
   * the thing under the pointer, measured again until it is.
   */
  for (let attempt = 0; ; attempt++) {
    const { box } = await centre(bar);
    const x = edge === 'end' ? box.x + box.width - 3 : box.x + 6;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    const hit = await page.evaluate<string | null>(
      `document.elementFromPoint(${x}, ${y})?.closest('button[data-id]')?.getAttribute('data-id') ?? null`,
    );
    if (hit === id) {
      await page.mouse.down();
      return { x, y };
    }
    if (attempt === 20) throw new Error(`bar ${id} is not under the pointer at ${x},${y} (${hit} is)`);
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  }
}

/** Moves the pressed pointer onto a row, `dx` px right of where it was pressed. */
export async function moveTo(page: Page, from: { x: number; y: number }, row: Locator, dx = 0) {
  const target = await centre(row);
  await page.mouse.move(from.x + 10, from.y + 10, { steps: 2 });
  await page.mouse.move(from.x + dx, target.y, { steps: 8 });
}

/**
 * No exception rules while a describe block's tests run (registered as its beforeAll/afterAll).
 */
export function quietExceptionRules(): void {
  /*
   * No exception rules while these tests drag: the seeded report changes as time passes, and its
   * banner, arriving above the toolbar, pushes the grid down between a drag's measure and its
   * press. The rules come back afterwards. (After job-life.spec in name order, so the server's
   * clock may move: a minute, for the once-a-minute report to be rebuilt empty.)
   */
  let rules: { configs: unknown[] } | undefined;
  test.beforeAll(async ({ browser }, info) => {
    const page = await browser.newPage({ baseURL: String(info.project.use.baseURL) });
    try {
      await enterApp(page, USERS.dispatcher, '/');
      const config = (await apiCall(page, 'GET', '/exception-report/config')) as unknown as {
        configs: unknown[];
        version: number;
      };
      rules = { configs: config.configs };
      await apiCall(page, 'PUT', '/exception-report/config', { configs: [], version: config.version });
      await moveServerClock(page, 60);
      const entries = async () =>
        ((await apiCall(page, 'GET', '/exception-report')) as unknown as { entries?: unknown[] } | null)
          ?.entries?.length ?? 0;
      await expect.poll(entries).toBe(0);
    } finally {
      await page.close();
    }
  });
  test.afterAll(async ({ browser }, info) => {
    if (!rules) return;
    const page = await browser.newPage({ baseURL: String(info.project.use.baseURL) });
    try {
      await enterApp(page, USERS.dispatcher, '/');
      const { version } = (await apiCall(page, 'GET', '/exception-report/config')) as { version: number };
      await apiCall(page, 'PUT', '/exception-report/config', { configs: rules.configs, version });
    } finally {
      await page.close();
    }
  });
}
