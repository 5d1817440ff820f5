import { expect, test } from '@playwright/test';
import { DAY, dayStart, HOUR, toYmd } from '@rostra/core/time/calendar';
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
