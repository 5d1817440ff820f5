import { expect, test } from '@playwright/test';
import { LINK_TEXT } from '@rostra/core/notifications/confirm';
import { DAY, dayStart, HOUR, toWallClock, toYmd, WEEK, weekStart } from '@rostra/core/time/calendar';
import { apiCall, enterApp, orgNow, screenshot, USERS, workerJob } from './helpers.ts';
import { confirmPath, mailTo } from './mailbox.ts';

/*
 * Issue #19 points 3 and 6 in the browser: a worker's mail about a new job arrives at a real SMTP
 * server (e2e/serve.mjs), its confirm link is followed on the worker's phone without signing in,
 * and the dispatcher's open timeline marks the job confirmed as it happens. A link that is
 * changed, used or past the job's start shows a clear page and changes nothing.
 */

const WORKER = 'resource@harbourcare.test';

/** A dispatched job for r001 (the worker above) `fromNow` seconds after now on the org's clock. */
const jobFor = async (page: import('@playwright/test').Page, fromNow: number) =>
  workerJob(page, 'E2E-CONF', Math.floor(((await orgNow(page)) + fromNow) / 900) * 900);

const confirmations = async (page: import('@playwright/test').Page, id: string) =>
  (
    (await apiCall(page, 'GET', `/bookings/${id}/confirmations`)) as unknown as {
      items: { state: string; via: string | null }[];
    }
  ).items;

test('a worker confirms from the link in their mail; the dispatcher’s timeline shows it live', async ({
  page,
  browser,
}, info) => {
  await enterApp(page, USERS.dispatcher, '/');
  // Two days ahead at 10:00: the day view opens on the working day, and a job at the hour the test
  // happens to run (an evening one, say) would lie past its right edge, not drawn.
  const job = await workerJob(page, 'E2E-CONF', dayStart((await orgNow(page)) + 2 * DAY) + 10 * HOUR);
  const worker = (await apiCall(page, 'GET', '/resources/r001')) as { name?: string };

  // The dispatcher watches the job's day, the worker's row found by name.
  const day = dayStart(job.begin);
  await page.goto(
    `/week2timelinev2?view=day&date=${toYmd(day)}&q=${encodeURIComponent(String(worker.name ?? ''))}`,
  );
  const bar = page.locator(`button[data-id="${job.id}"]`).first();
  await expect(bar).toHaveAttribute('aria-label', /Not yet confirmed/, { timeout: 20_000 });

  // The mail arrives at the SMTP server with the link; the worker opens it on a phone, signed out.
  const text = await mailTo(info.project.name, WORKER, job.reference);
  const link = confirmPath(text);
  const phone = await browser.newContext({
    baseURL: String(info.project.use.baseURL),
    viewport: { width: 375, height: 740 },
    serviceWorkers: 'block',
  });
  const worker_ = await phone.newPage();
  await worker_.goto(link);
  await expect(worker_.getByRole('heading', { name: 'Confirm your job' })).toBeVisible();
  await expect(worker_.getByText(job.reference)).toBeVisible();
  await screenshot(worker_, 'confirm-link-375', info.project.name);
  await worker_.getByRole('button', { name: 'Confirm' }).click();
  await expect(worker_.getByRole('heading', { name: 'Job confirmed' })).toBeVisible();

  // Live on the dispatcher's screen (no reload), and in the job's answers.
  await expect(bar).toHaveAttribute('aria-label', /Confirmed by the worker/);
  await expect(bar.locator('[data-confirmation="confirmed"]')).toBeVisible();
  expect(await confirmations(page, job.id)).toMatchObject([{ state: 'confirmed', via: 'link' }]);

  // The status board's card says it too.
  await page.goto('/board');
  const me = (await apiCall(page, 'GET', '/me')) as { company?: { time_zone?: string } };
  const today = toWallClock(Date.now(), me.company?.time_zone ?? 'UTC');
  for (let i = 0; i < (weekStart(day) - weekStart(today)) / WEEK; i++)
    await page.getByRole('button', { name: 'Next week', exact: true }).click();
  await expect(page.locator(`[data-booking="${job.id}"] [data-board-confirmation="confirmed"]`)).toHaveText(
    'Confirmed by the worker',
  );
  await page.locator(`[data-booking="${job.id}"]`).scrollIntoViewIfNeeded();
  await screenshot(page, 'confirm-board-1280', info.project.name);

  // Followed again: used, and nothing changes.
  await worker_.goto(link);
  await expect(worker_.getByRole('alert')).toHaveText(LINK_TEXT.used);
  await phone.close();
});

test('a changed or expired link shows a clear page and changes nothing', async ({ page }, info) => {
  await enterApp(page, USERS.dispatcher, '/');
  // A job that began an hour ago: its link expired when the job started.
  const job = await jobFor(page, -HOUR);
  const link = confirmPath(await mailTo(info.project.name, WORKER, job.reference));

  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(LINK_TEXT.expired);
  await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'confirm-link-expired-1280', info.project.name);

  // One character of the signature changed.
  const tampered = link.endsWith('A') ? `${link.slice(0, -1)}B` : `${link.slice(0, -1)}A`;
  await page.goto(tampered);
  await expect(page.getByRole('alert')).toHaveText(LINK_TEXT.invalid);
  await page.getByRole('link', { name: 'Open the app' }).click();
  await expect(page).toHaveURL(/\/bookings/);

  expect(await confirmations(page, job.id)).toMatchObject([{ state: 'pending', via: null }]);
});

test('the worker declines in their day with a reason; the job goes back to the dispatcher; push is only offered', async ({
  page,
  browser,
}, info) => {
  await enterApp(page, USERS.dispatcher, '/');
  const job = await jobFor(page, DAY);

  const phone = await browser.newContext({
    baseURL: String(info.project.use.baseURL),
    viewport: { width: 375, height: 740 },
    serviceWorkers: 'block',
  });
  const worker = await phone.newPage();
  await enterApp(worker, WORKER, '/bookings');
  const card = worker.locator('li[data-booking]').filter({ hasText: job.reference });
  const ask = card.getByRole('region', { name: 'Can you do this job?' });
  await expect(ask).toBeVisible({ timeout: 20_000 });
  await card.scrollIntoViewIfNeeded();
  await screenshot(worker, 'confirm-my-day-375', info.project.name);

  // Push permission is offered, not asked for at load: the browser has not been asked yet.
  const offer = worker.getByRole('region', { name: 'Get notified' });
  await expect(offer.getByRole('button', { name: 'Get notified' })).toBeVisible();
  expect(await worker.evaluate('Notification.permission')).toBe('default');
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);

  await ask.getByRole('button', { name: 'Decline' }).click();
  await ask.getByLabel('Reason (optional)').fill('Car is in the garage');
  await screenshot(worker, 'confirm-decline-375', info.project.name);
  await ask.getByRole('button', { name: 'Decline the job' }).click();
  // Off the job: it leaves the worker's day.
  await expect(card).toHaveCount(0);

  const record = await apiCall(page, 'GET', `/timeline-records/${job.id}`);
  expect(record.resIds).toEqual([]);
  expect(await confirmations(page, job.id)).toMatchObject([
    { state: 'declined', via: 'app', reason: 'Car is in the garage' },
  ]);
  await phone.close();
});
