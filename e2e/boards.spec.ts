import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { DAY, dayStart, FORTNIGHT, HOUR, toWallClock, WEEK, weekStart } from '@rostra/core/time/calendar';
import { enterApp, testCustomerId, USERS } from './helpers.ts';

/*
 * The boards. Data: bookings this spec creates through the API 40–47 days ahead (ids e2e-board-…),
 * for resource r048 and unassigned; the bids it places on its own job. No other spec uses these
 * ids or r048.
 */

const TZ = 'Australia/Sydney';
const here = dirname(fileURLToPath(import.meta.url));
const run = Date.now().toString(36);

async function shot(page: Page, name: string, project: string): Promise<void> {
  const path = join(here, '..', 'test-results', 'screenshots', `${name}-${project}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, animations: 'disabled' });
}

const now = () => toWallClock(Date.now(), TZ);

async function createBooking(page: Page, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await page.request.post('/api/v1/timeline-records', {
    data: { customerId: await testCustomerId(page), ...fields },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function record(page: Page, id: string): Promise<Record<string, unknown>> {
  return (await page.request.get(`/api/v1/timeline-records/${id}`)).json();
}

async function clickTimes(page: Page, name: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await page.getByRole('button', { name, exact: true }).click();
}

test('status board: dragging a card to another column takes that action; the keyboard menu does too; a refused move says why', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterApp(page, USERS.dispatcher, '/board');
  const day = dayStart(now()) + 40 * DAY;
  const weeks = (weekStart(day) - weekStart(now())) / WEEK;
  const id = `e2e-board-${run}`;
  const stuck = `e2e-board-stuck-${run}`;
  await createBooking(page, {
    _id: id,
    status: 'confirmed',
    resIds: ['r048'],
    customer_first_name: 'Board',
    customer_last_name: `Drag ${run}`,
    utc_begin_plus_tz: day + 10 * HOUR,
    utc_end_plus_tz: day + 11 * HOUR,
  });
  // Nobody has this label, so allocating it must fail.
  await createBooking(page, {
    _id: stuck,
    status: 'rostered',
    labels: ['no-such-label'],
    customer_first_name: 'Board',
    customer_last_name: `Stuck ${run}`,
    utc_begin_plus_tz: day + 12 * HOUR,
    utc_end_plus_tz: day + 13 * HOUR,
  });
  await page.goto('/board');
  await clickTimes(page, 'Next week', weeks);
  const column = (status: string) => page.locator(`[data-column="${status}"]`);
  const card = page.locator(`[data-booking="${id}"]`);
  await expect(column('confirmed').locator(`[data-booking="${id}"]`)).toBeVisible();
  await shot(page, 'board', info.project.name);

  await card.dragTo(column('dispatched'));
  await expect(column('dispatched').locator(`[data-booking="${id}"]`)).toBeVisible();
  await expect(page.getByText('Moved to Dispatched')).toBeVisible();
  expect((await record(page, id)).status).toBe('dispatched');

  // The keyboard way: the card's move menu.
  await card.getByRole('button', { name: /Move booking of/ }).focus();
  await page.keyboard.press('Enter');
  // From dispatched a dispatcher may allocate (confirmed), start, finish, review, park or cancel.
  await expect(page.getByRole('menuitem', { name: 'Move to Confirmed' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Move to Active' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(column('active').locator(`[data-booking="${id}"]`)).toBeVisible();
  expect((await record(page, id)).status).toBe('active');

  // Allocating a booking no resource qualifies for is refused by the server; the board says why.
  await page.locator(`[data-booking="${stuck}"]`).dragTo(column('confirmed'));
  await expect(page.getByRole('alert').filter({ hasText: 'Could not move to Confirmed' })).toBeVisible();
  await expect(column('rostered').locator(`[data-booking="${stuck}"]`)).toBeVisible();
  expect((await record(page, stuck)).status).toBe('rostered');
});

test('a resource bids on an open job of the job board; the dispatcher accepts it on the bid board and the job is allocated to them', async ({
  page,
  browser,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterApp(page, USERS.dispatcher, '/bid_board');
  const day = dayStart(now()) + 45 * DAY;
  const fortnights = Math.floor((day - dayStart(now())) / FORTNIGHT);
  const id = `e2e-board-bid-${run}`;
  await createBooking(page, {
    _id: id,
    status: 'confirmed',
    customer_first_name: 'Bid',
    customer_last_name: `Job ${run}`,
    all_location: 'Glebe NSW 2037',
    utc_begin_plus_tz: day + 9 * HOUR,
    utc_end_plus_tz: day + 11 * HOUR,
  });

  // The resource (r001) bids from the job board.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const worker = await context.newPage();
  await enterApp(worker, USERS.resource, '/job_board');
  await clickTimes(worker, 'Next fortnight', fortnights);
  const row = worker.locator(`[data-job="${id}"]`);
  await expect(row).toContainText(`Bid Job ${run}`);
  await expect(row).toContainText('Glebe');
  await shot(worker, 'job-board', info.project.name);
  await row.getByRole('button', { name: /Bid on/ }).click();
  const dialog = worker.getByRole('dialog');
  await dialog.getByLabel('Amount (optional)').fill('-5');
  await dialog.getByRole('button', { name: 'Place bid' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter an amount of 0 or more, or leave it empty.');
  await dialog.getByLabel('Amount (optional)').fill('80');
  await dialog.getByLabel('Note (optional)').fill('I live nearby');
  await dialog.getByRole('button', { name: 'Place bid' }).click();
  await expect(row).toContainText('Your bid: $80.00');

  // The dispatcher sees it on the bid board and accepts it.
  const resourceName = (await (await page.request.get('/api/v1/resources/r001')).json()).name as string;
  await page.goto('/bid_board');
  await clickTimes(page, 'Next fortnight', fortnights);
  const job = page.locator(`[data-job="${id}"]`);
  await expect(job).toContainText(resourceName);
  await expect(job).toContainText('$80.00');
  await expect(job).toContainText('I live nearby');
  await shot(page, 'bid-board', info.project.name);
  await job.getByRole('button', { name: `Accept the bid of ${resourceName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`Allocated to ${resourceName}`).first()).toBeVisible();
  await expect(job).toHaveCount(0);
  expect((await record(page, id)).resIds).toEqual(['r001']);

  // The resource's bid board tells them.
  await worker.goto('/bid_board');
  await clickTimes(worker, 'Next fortnight', fortnights);
  await expect(worker.getByRole('heading', { name: 'My bids' })).toBeVisible();
  await expect(worker.locator('[data-bid]').filter({ hasText: `Bid Job ${run}` })).toContainText('Accepted');
  // And the job is off the job board.
  await worker.goto('/job_board');
  await clickTimes(worker, 'Next fortnight', fortnights);
  await expect(worker.locator(`[data-job="${id}"]`)).toHaveCount(0);
  await context.close();
});

test('rostered board lists the week’s rostered bookings by day; boards are usable at 375 px', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterApp(page, USERS.dispatcher, '/rostered_board');
  const day = dayStart(now()) + 47 * DAY;
  const weeks = (weekStart(day) - weekStart(now())) / WEEK;
  const id = `e2e-board-rostered-${run}`;
  await createBooking(page, {
    _id: id,
    status: 'rostered',
    resIds: ['r048'],
    customer_first_name: 'Rostered',
    customer_last_name: `Visit ${run}`,
    utc_begin_plus_tz: day + 14 * HOUR,
    utc_end_plus_tz: day + 15 * HOUR,
  });
  await page.goto('/rostered_board');
  await clickTimes(page, 'Next week', weeks);
  const card = page.locator(`[data-booking="${id}"]`);
  await expect(card).toContainText(`Rostered Visit ${run}`);
  await expect(card).toContainText('14:00–15:00');
  await shot(page, 'rostered-board', info.project.name);
  await card.getByRole('button', { name: /Move booking of/ }).click();
  await page.getByRole('menuitem', { name: 'Move to Parked' }).click();
  await expect(card).toHaveCount(0);
  expect((await record(page, id)).status).toBe('parked');

  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/board', '/job_board', '/bid_board', '/rostered_board']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width, path).toBeLessThanOrEqual(375);
  }
  // On a phone the board shows one column at a time; its chips jump to any column.
  await page.goto('/board');
  const cancelled = page.locator('[data-column="cancelled"]');
  await expect(cancelled).not.toBeInViewport();
  await page
    .getByRole('navigation', { name: 'Columns' })
    .getByRole('button', { name: /^cancel/i })
    .click();
  await expect(cancelled).toBeInViewport();
});

test('week views: the week by resource and day, the scheduler by day, and a resource’s own week as a list', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterApp(page, USERS.dispatcher, '/week2');
  const day = dayStart(now()) + 54 * DAY;
  const weeks = (weekStart(day) - weekStart(now())) / WEEK;
  const id = `e2e-board-week-${run}`;
  await createBooking(page, {
    _id: id,
    status: 'confirmed',
    resIds: ['r048'],
    customer_first_name: 'Week',
    customer_last_name: `View ${run}`,
    utc_begin_plus_tz: day + 7 * HOUR,
    utc_end_plus_tz: day + 8 * HOUR + 30 * 60,
  });
  await page.goto('/week2');
  await expect(page.getByTestId('week-grid')).toBeVisible();
  await shot(page, 'week-seeded', info.project.name);
  await clickTimes(page, 'Next week', weeks);
  const row = page.locator('[data-row="r048"]');
  await expect(row.locator(`[data-booking="${id}"]`)).toContainText('07:00–08:30');
  await expect(row.locator(`[data-booking="${id}"]`)).toContainText(`Week View ${run}`);
  await shot(page, 'week', info.project.name);

  await page.goto('/week2scheduler');
  await expect(page.locator('[data-day]').first()).toBeVisible();
  await shot(page, 'scheduler-seeded', info.project.name);
  await clickTimes(page, 'Next week', weeks);
  const column = page.locator(`[data-day="${day}"]`);
  await expect(column.locator(`[data-booking="${id}"]`)).toContainText(`Week View ${run}`);
  await shot(page, 'scheduler', info.project.name);
  await column.locator(`[data-booking="${id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/bookings\\?id=${id}$`));

  await page.setViewportSize({ width: 375, height: 800 });
  const worker = page;
  await worker.context().clearCookies();
  await enterApp(worker, USERS.resource, '/week2');
  await expect(worker.getByRole('heading', { name: 'My week' })).toBeVisible();
  expect(await worker.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
});
