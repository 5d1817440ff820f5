import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { DAY, toWallClock, toYmd, WEEK, weekStart } from '@rostra/core/time/calendar';
import { enterApp, expectToast, USERS } from './helpers.ts';

/*
 * /resource_shifts. Data: resource r047's weeks 6 and 7 weeks ahead (no seeded shift reaches that
 * far) and the leaves this spec adds to r047 there; no other spec uses r047.
 */

const RESOURCE = 'r047';
const TZ = 'Australia/Sydney';
const WEEKS_AHEAD = 6;
const here = dirname(fileURLToPath(import.meta.url));

async function shot(page: Page, name: string, project: string): Promise<void> {
  const path = join(here, '..', 'test-results', 'screenshots', `${name}-${project}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, animations: 'disabled' });
}

const origin = (page: Page) => new URL(page.url()).origin;

/** The week id `WEEKS_AHEAD` (+ extra) weeks from now on the organisation's clock. */
function weekIdAhead(extra = 0): string {
  const first = weekStart(toWallClock(Date.now(), TZ)) + (WEEKS_AHEAD + extra) * WEEK;
  return `${toYmd(first)}_${toYmd(first + 6 * DAY)}`;
}

async function openWeek(page: Page, name: string): Promise<void> {
  await page.goto('/resource_shifts');
  await page.getByRole('searchbox', { name: 'Search resources' }).fill(name);
  await page.getByRole('navigation', { name: 'Resource' }).getByRole('button', { name }).click();
  for (let i = 0; i < WEEKS_AHEAD; i++)
    await page.getByRole('button', { name: 'Next week', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: new RegExp(`Weekly availability · ${name}`) }),
  ).toBeVisible();
}

test('a dispatcher edits a weekly availability with several timings a day; it persists after reload, copies forward, and a stale save says so', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterApp(page, USERS.dispatcher, '/resource_shifts');
  const resource = await (await page.request.get(`/api/v1/resources/${RESOURCE}`)).json();
  const name = resource.name as string;
  await openWeek(page, name);
  await expect(page.getByText('No shifts saved for this week yet')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Monday worked' }).check();
  await page.getByLabel('Monday timing 1 begins').fill('08:00');
  await page.getByLabel('Monday timing 1 ends').fill('12:00');
  await page.getByRole('button', { name: 'Add a timing to Monday' }).click();
  await page.getByLabel('Monday timing 2 begins').fill('13:00');
  await page.getByLabel('Monday timing 2 ends').fill('17:30');
  await page.getByRole('checkbox', { name: 'Wednesday worked' }).check();
  // Overlapping timings are refused in place, nothing is lost.
  await page.getByRole('button', { name: 'Add a timing to Wednesday' }).click();
  await page.getByLabel('Wednesday timing 2 begins').fill('16:00');
  await page.getByRole('button', { name: 'Save week' }).click();
  await expect(page.getByText('Overlaps timing 1')).toBeVisible();
  await page.getByRole('button', { name: 'Remove Wednesday timing 2' }).click();
  await expect(page.getByTestId('planned-hours')).toHaveText('16.50 hours a week');
  await shot(page, 'shifts', info.project.name);
  await page.getByRole('button', { name: 'Save week' }).click();
  await expectToast(page, 'Shifts saved');

  await page.reload();
  await openWeek(page, name);
  await expect(page.getByRole('checkbox', { name: 'Monday worked' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Tuesday worked' })).not.toBeChecked();
  await expect(page.getByLabel('Monday timing 1 begins')).toHaveValue('08:00 AM');
  await expect(page.getByLabel('Monday timing 2 ends')).toHaveValue('05:30 PM');
  await expect(page.getByLabel('Wednesday timing 1 begins')).toHaveValue('09:00 AM');

  // Copy forward: the next week gets the same plan.
  await page.getByRole('button', { name: 'Copy to next week' }).click();
  await expect(page.getByText(/Copied to the week of/)).toBeVisible();
  const next = await page.request.get(`/api/v1/resources/${RESOURCE}/shifts/${weekIdAhead(1)}`);
  expect(next.status()).toBe(200);
  expect(await next.json()).toMatchObject({
    mo: true,
    we: true,
    tu: false,
    timings: { mo: [{ beg: 8 * 3600 }, { end: 17.5 * 3600 }] },
  });

  // Someone else saves the week meanwhile: this screen's save is refused and keeps the edits.
  const current = await (
    await page.request.get(`/api/v1/resources/${RESOURCE}/shifts/${weekIdAhead()}`)
  ).json();
  const theirs = await page.request.put(`/api/v1/resources/${RESOURCE}/shifts/${weekIdAhead()}`, {
    data: { fr: true, beg: 6 * 3600, end: 10 * 3600, version: current.version },
    headers: { origin: origin(page) },
  });
  expect(theirs.status(), await theirs.text()).toBe(200);
  await page.getByRole('checkbox', { name: 'Thursday worked' }).check();
  await page.getByRole('button', { name: 'Save week' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Someone else changed this week' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Thursday worked' })).toBeChecked();
  await page.getByRole('button', { name: 'Load their version' }).click();
  await expect(page.getByRole('checkbox', { name: 'Friday worked' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Monday worked' })).not.toBeChecked();
  await expect(page.getByLabel('Friday timing 1 begins')).toHaveValue('06:00 AM');
});

test('leaves and breaks of the week are listed, added, edited and deleted', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterApp(page, USERS.dispatcher, '/resource_shifts');
  const name = (await (await page.request.get(`/api/v1/resources/${RESOURCE}`)).json()).name as string;
  await openWeek(page, name);
  const leaves = page.getByRole('region', { name: 'Leaves and breaks' });
  await expect(leaves.getByText('No leave or break in this week.')).toBeVisible();
  const first = weekIdAhead().slice(0, 10);
  const tuesday = toYmd(Date.parse(`${first}T00:00:00Z`) / 1000 + 2 * DAY);
  await leaves.getByLabel('Kind').selectOption('leave');
  await leaves.getByLabel('From', { exact: true }).fill(tuesday);
  await leaves.getByLabel('From time').fill('09:00');
  await leaves.getByLabel('To', { exact: true }).fill(tuesday);
  await leaves.getByLabel('To time').fill('08:00');
  await leaves.getByLabel('Notes').fill('Dentist');
  await leaves.getByRole('button', { name: 'Add' }).click();
  await expect(leaves.getByText('The end must be after the begin.')).toBeVisible();
  await leaves.getByLabel('To time').fill('13:00');
  await leaves.getByRole('button', { name: 'Add' }).click();
  const list = leaves.getByRole('list', { name: 'Leaves and breaks' });
  await expect(list.getByText('Dentist')).toBeVisible();
  await expect(list).toContainText('09:00:00 AM');

  await list.getByRole('button', { name: 'Edit leave' }).click();
  await leaves.getByLabel('Notes').fill('Dentist, then home');
  await leaves.getByRole('button', { name: 'Update' }).click();
  await expect(list.getByText('Dentist, then home')).toBeVisible();

  await list.getByRole('button', { name: 'Delete leave' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(leaves.getByText('No leave or break in this week.')).toBeVisible();
});

test('a resource sees their own shifts, read only, usable at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await enterApp(page, USERS.resource, '/resource_shifts');
  await expect(page.getByRole('heading', { name: /Weekly availability/ })).toBeVisible();
  await expect(page.getByText('Only a dispatcher can change shifts.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save week' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Resource' })).toHaveCount(0);
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  expect(width).toBeLessThanOrEqual(375);
});
