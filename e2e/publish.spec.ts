import { expect, test } from '@playwright/test';
import { DAY, dayStart, formatTime, HOUR, toYmd } from '@rostra/core/time/calendar';
import { apiCall, enterApp, orgNow, screenshot, USERS, workerJob } from './helpers.ts';

/*
 * Issue #19 point 4 in the browser: with publishing on (turned on in settings), a job the
 * dispatcher assigns is a draft, marked on the timeline; Publish first says how many workers and
 * jobs it touches, then publishes, and the mark goes.
 */

test('a draft assignment is marked on the timeline until the dispatcher publishes the day', async ({
  page,
}, info) => {
  await enterApp(page, USERS.dispatcher, '/settings#publishing');
  const toggle = page.getByRole('checkbox', { name: 'Publish rosters' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => (await apiCall(page, 'GET', '/settings/roster-publishing')).publish)
    .toBe(true);
  try {
    // A day of its own, weeks ahead: no other spec's jobs there.
    const day = dayStart(await orgNow(page)) + 40 * DAY;
    const job = await workerJob(page, 'E2E-PUB', day + 10 * HOUR, day + 12 * HOUR);
    const worker = (await apiCall(page, 'GET', '/resources/r001')) as { name?: string };

    await page.goto(
      `/week2timelinev2?view=day&date=${toYmd(day)}&q=${encodeURIComponent(String(worker.name ?? ''))}`,
    );
    const bar = page.locator(`button[data-id="${job.id}"]`).first();
    await expect(bar).toHaveAttribute('data-draft', 'true', { timeout: 20_000 });
    await expect(bar).toHaveAttribute('aria-label', /draft/);
    await expect(bar.getByTestId('draft-mark')).toBeVisible();
    await screenshot(page, 'publish-draft-1280', info.project.name);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('Publish changes to 1 job for 1 worker?');
    await screenshot(page, 'publish-dialog-1280', info.project.name);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(bar).not.toHaveAttribute('data-draft', 'true');
    await expect(bar.getByTestId('draft-mark')).toHaveCount(0);

    // Published: a second publish finds nothing.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Nothing to publish')).toBeVisible();

    // The phone: a second draft, and the dialog, at 375 px.
    await page.setViewportSize({ width: 375, height: 740 });
    // Early, where a phone's view of the day starts (the grid renders the bars near the view).
    const second = await workerJob(page, 'E2E-PUB', day + 7 * HOUR, day + 8 * HOUR);
    await page.reload();
    const draft = page.locator(`[data-id="${second.id}"][data-draft="true"]`).first();
    await expect(draft).toBeVisible({ timeout: 20_000 });
    await draft.scrollIntoViewIfNeeded();
    await screenshot(page, 'publish-draft-375', info.project.name);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('Publish changes to 1 job for 1 worker?');
    await screenshot(page, 'publish-dialog-375', info.project.name);
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  } finally {
    await apiCall(page, 'PUT', '/settings/roster-publishing', { publish: false });
  }
});

test('a worker sees a job the dispatcher moved in draft at its published time until it is published', async ({
  page,
  browser,
}, info) => {
  await enterApp(page, USERS.dispatcher, '/');
  // Within the week a worker's day list shows, at hours no other spec uses.
  const day = dayStart(await orgNow(page)) + 5 * DAY;
  const job = await workerJob(page, 'E2E-PUBDAY', day + 5 * HOUR, day + 6 * HOUR);
  await apiCall(page, 'PUT', '/settings/roster-publishing', { publish: true });
  try {
    const current = await apiCall(page, 'GET', `/timeline-records/${job.id}`);
    await apiCall(page, 'PATCH', `/timeline-records/${job.id}`, {
      utc_begin_plus_tz: day + 21 * HOUR,
      utc_end_plus_tz: day + 22 * HOUR,
      version: current.version,
    });

    // The worker, on a phone: their jobs list the job where it was published to them.
    const baseURL = String(info.project.use.baseURL);
    const phoneContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 780 } });
    const phone = await phoneContext.newPage();
    await enterApp(phone, USERS.resource, '/bookings');
    await expect(phone.getByRole('heading', { name: 'My jobs' })).toBeVisible();
    const card = phone.locator(`[data-booking="${job.id}"]`);
    await expect(card).toContainText(`${formatTime(day + 5 * HOUR)} – ${formatTime(day + 6 * HOUR)}`);
    await card.scrollIntoViewIfNeeded();
    await screenshot(phone, 'publish-worker-draft-375', info.project.name);

    // The dispatcher publishes the day: the worker's list shows the new time.
    await apiCall(page, 'POST', '/roster/publication', { from: day, to: day + DAY });
    await phone.reload();
    await expect(card).toContainText(`${formatTime(day + 21 * HOUR)} – ${formatTime(day + 22 * HOUR)}`);
    await card.scrollIntoViewIfNeeded();
    await screenshot(phone, 'publish-worker-published-375', info.project.name);
    await phoneContext.close();
  } finally {
    await apiCall(page, 'PUT', '/settings/roster-publishing', { publish: false });
  }
});
