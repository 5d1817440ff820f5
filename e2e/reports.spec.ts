import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { enterApp, screenshot, USERS, watchPageErrors } from './helpers.ts';

/*
 * Timesheets, reports and analytics on the seeded organisation (Harbour Care): figures show, and
 * the CSV exports download what the screen shows.
 */

async function download(page: Page, link: Locator): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await file.path();
  return readFile(path, 'utf8');
}

/** The body rows of the first table under `scope`, as cell texts. */
async function tableRows(scope: Locator): Promise<string[][]> {
  const rows = scope.locator('table').first().locator('tbody tr');
  const out: string[][] = [];
  for (const row of await rows.all())
    out.push((await row.locator('td').allInnerTexts()).map((s) => s.trim()));
  return out;
}

const HMM = /^\d+\.[0-5]\d$/;

test('export timesheets CSV: the header and a seeded resource row in h.mm', async ({ page }) => {
  const errors = watchPageErrors(page);
  await enterApp(page, USERS.dispatcher, '/timesheets');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The seed's finished jobs lie in the past fortnight: go back until a week has some.
  const table = page.locator('main table').first();
  const settled = table.or(page.getByText('No finished jobs in this week'));
  for (let i = 0; i < 3; i++) {
    await expect(settled).toBeVisible();
    if (await table.isVisible()) break;
    await page.getByRole('button', { name: 'Previous week' }).click();
  }
  await expect(table).toBeVisible();
  const rows = await tableRows(page.locator('main'));
  const [name, , hours] = rows[0] as string[];
  expect(hours).toMatch(HMM);
  const csv = await download(page, page.getByRole('link', { name: /Export CSV/ }));
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]?.toLowerCase()).toContain('hours');
  expect(lines.some((l) => l.includes(name as string) && l.includes(hours as string))).toBe(true);
  expect(errors).toEqual([]);
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Weekday (0 = Sunday) of a date shown as dd/Mmm/yyyy. */
function weekdayOf(shown: string): number {
  const [d, m, y] = shown.split('/');
  return new Date(Date.UTC(Number(y), MONTHS.indexOf(m as string), Number(d))).getUTCDay();
}

test("timesheets weeks follow the organisation's week start day (Monday), picker and figures alike", async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  await enterApp(page, USERS.dispatcher, '/');
  const origin = new URL(page.url()).origin;
  type Allocation = { week_start_day: number; switches: Record<string, boolean>; version: number };
  const before = (await (await page.request.get('/api/v1/allocation-settings')).json()) as Allocation;
  const put = async (weekStartDay: number, version: number) => {
    const res = await page.request.put('/api/v1/allocation-settings', {
      headers: { origin },
      data: { week_start_day: weekStartDay, switches: before.switches, version },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as Allocation).version;
  };
  const version = await put(1, before.version);
  try {
    await page.goto('/timesheets');
    const range = page.locator('main [aria-live="polite"]').first();
    await expect(range).toHaveText(/^\d\d\/\w{3}\/\d{4} – \d\d\/\w{3}\/\d{4}$/);
    // Go back until a week has figures; every week shown runs Monday to Sunday, as the server's.
    const table = page.locator('main table').first();
    const settled = table.or(page.getByText('No finished jobs in this week'));
    for (let i = 0; i < 3; i++) {
      await expect(settled).toBeVisible();
      const [from, to] = ((await range.textContent()) ?? '').split(' – ');
      expect([weekdayOf(from as string), weekdayOf(to as string)]).toEqual([1, 0]);
      if (await table.isVisible()) break;
      await page.getByRole('button', { name: 'Previous week' }).click();
    }
    await expect(table).toBeVisible();
    const sections = page.getByRole('heading', { level: 2, name: /^Week starting / });
    await expect(sections).toHaveCount(1);
    const shown = ((await sections.first().textContent()) ?? '').replace('Week starting ', '');
    expect(weekdayOf(shown)).toBe(1);
  } finally {
    await put(before.week_start_day, version);
  }
  expect(errors).toEqual([]);
});

test('reports show figures for the seeded organisation; the hours CSV matches the table', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  await enterApp(page, USERS.dispatcher, '/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  // The top bar has no search box on reports routes.
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search' })).toHaveCount(0);
  // This week: the seed places bookings over the current fortnight, which holds this week (the
  // week before is outside it every other week).
  const hours = page.getByRole('region', { name: 'Hours' });
  await expect(hours.locator('tbody tr').first()).toBeVisible();
  const rows = await tableRows(hours);
  expect(rows.length).toBeGreaterThan(0);
  for (const [, jobs, h] of rows) {
    expect(Number(jobs)).toBeGreaterThan(0);
    expect(h).toMatch(HMM);
  }
  const statuses = page.getByRole('region', { name: 'Jobs by status' });
  await expect(statuses.locator('tfoot')).toContainText(/Total\s*\d+/);
  const csv = await download(page, hours.getByRole('link', { name: /Export CSV/ }));
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('resource,id,jobs,hours');
  const [name, jobs, h] = rows[0] as string[];
  expect(lines[1]).toMatch(new RegExp(`^"?${name}"?,[^,]+,${jobs},${h?.replace('.', '\\.')}$`));
  // Per label as well.
  await hours.getByRole('combobox').selectOption('label');
  await expect(hours.getByRole('columnheader', { name: 'Label' })).toBeVisible();
  await screenshot(page, 'reports-1280', test.info().project.name);
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'reports-375', test.info().project.name);
  expect(errors).toEqual([]);
});

test('analytics: each chart has a title and a table alternative', async ({ page }) => {
  const errors = watchPageErrors(page);
  await enterApp(page, USERS.dispatcher, '/analytics');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The figures of a busy machine may take a while; the charts come with them.
  await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0, { timeout: 20_000 });
  for (const title of [
    'Utilisation per resource',
    'Utilisation per label',
    'Jobs by status over time',
    'Allocation conflicts by reason',
    'Hours against limits (busiest week)',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  const utilisation = page.getByRole('region', { name: 'Utilisation per resource' });
  await expect(utilisation.locator('.recharts-surface')).toBeVisible();
  const toggle = utilisation.getByRole('button', { name: /Show as table/ });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(utilisation.getByRole('columnheader', { name: 'Utilisation' })).toBeVisible();
  expect((await tableRows(utilisation)).length).toBeGreaterThan(0);
  await screenshot(page, 'analytics-1280', test.info().project.name);
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'analytics-375', test.info().project.name);
  expect(errors).toEqual([]);
});

test('analytics for a resource shows only their own numbers', async ({ page }) => {
  await enterApp(page, USERS.resource, '/analytics');
  await expect(page.getByText('Your own numbers.')).toBeVisible();
  const utilisation = page.getByRole('region', { name: 'Utilisation per resource' });
  await utilisation.getByRole('button', { name: /Show as table/ }).click();
  await expect(utilisation.locator('tbody tr')).toHaveCount(1);
});

test('analytics is in the menu of dispatchers and resources only: a customer sees neither the entry nor the data', async ({
  page,
}) => {
  // A customer, not the scheduler: the scheduler's terms are left for 0-terms.spec.ts to accept
  // (the scheduler's own case is in core's menu tests and the server's reports test).
  const errors = watchPageErrors(page);
  const entry = page.getByRole('navigation', { name: 'Main menu' }).locator('[data-menu-key="analytics"]');
  await enterApp(page, USERS.resource, '/');
  await expect(entry).toHaveCount(1);
  await page.context().clearCookies();
  await enterApp(page, USERS.customer, '/');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').first()).toBeVisible();
  await expect(entry).toHaveCount(0);
  // Typed by hand, the address says it is not theirs instead of showing a refusal (one table of
  // screens per role, issue 16 point 11).
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'This screen is not part of your menu.' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("quotes list the organisation's quotes with a status filter, and open the job", async ({ page }) => {
  const errors = watchPageErrors(page);
  await enterApp(page, USERS.dispatcher, '/quotes');
  const origin = new URL(page.url()).origin;
  const found = await page.request.post('/api/v1/bookings/search', { headers: { origin }, data: {} });
  expect(found.status(), await found.text()).toBe(200);
  const jobId = ((await found.json()) as { items: { _id: string }[] }).items[0]?._id as string;
  const made = await page.request.post(`/api/v1/bookings/${encodeURIComponent(jobId)}/ledger`, {
    headers: { origin },
    data: { type: 'quote', lines: [{ description: 'Two visits', quantity: 2, unit_price: 5000 }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.reload();
  const row = page.locator('main tbody tr').filter({ hasText: jobId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Draft');
  await expect(row).toContainText('100.00');
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.selectOption('paid');
  await expect(row).toHaveCount(0);
  await status.selectOption('draft');
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: `Open job ${jobId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings\\?id=${jobId}`));
  expect(errors).toEqual([]);
});
