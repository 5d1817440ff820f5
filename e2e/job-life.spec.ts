import { expect as baseExpect, type Page, test } from '@playwright/test';
import { ALERT_TEXT } from '@rostra/core/shell/messages';
import { type ApiRecord, apiCall, enterApp, expectToast, screenshot, todaysJob, USERS } from './helpers.ts';

/** The machine is shared and slow at times: screens get 20 s to show what they should. */
const expect = baseExpect.configure({ timeout: 20_000 });

/*
 * The job's life (issue 9) on a phone: resource@harbourcare.test (resource r001) works a job of
 * today at 375 px while a dispatcher watches it at 1280 px in a second browser. The job is made by
 * the dispatcher through the API, dispatched to r001 for c001, starting now on the organisation's
 * wall clock, so it is today's whatever the seed holds.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const seconds = async (page: Page, selector: string, attribute: string) =>
  Number(await page.locator(selector).getAttribute(attribute));

test.describe('the job’s life on a phone', () => {
  test('timer offline then online: the dispatcher sees the right worked time; chat is live and a failed send can be retried', async ({
    page,
    browser,
  }) => {
    const baseURL = String(test.info().project.use.baseURL);

    // The dispatcher, at a desk.
    await page.setViewportSize({ width: 1280, height: 800 });
    await enterApp(page, USERS.dispatcher, '/');
    const job = await todaysJob(page);

    // The resource, on a phone: /bookings is their day.
    const phoneContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 780 } });
    const phone = await phoneContext.newPage();
    await enterApp(phone, USERS.resource, '/bookings');
    await expect(phone.getByRole('heading', { name: 'My jobs' })).toBeVisible();
    const today = phone.getByRole('list', { name: 'Today' });
    const card = today.locator(`[data-booking="${job._id}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: /Navigate to 12 King Street/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=12%20King%20Street%2C%20Newtown%20NSW%202042',
    );
    const project = test.info().project.name;
    await screenshot(phone, 'my-day-375', project);
    // Nothing wider than the phone.
    expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

    await card.getByRole('link', { name: new RegExp(`Open ${job.reference}`) }).click();
    const detail = phone.getByTestId('booking-detail');
    await expect(detail.getByRole('heading', { name: job.reference })).toBeVisible();
    await detail.getByRole('tab', { name: 'Resource' }).click();
    const timer = detail.getByTestId('my-timer');
    await expect(timer).toHaveAttribute('data-state', 'idle');

    // The dispatcher opens the same job's Resource tab.
    await page.goto(`/bookings?job_id=${job._id}`);
    const desk = page.getByTestId('booking-detail');
    await desk.getByRole('tab', { name: 'Resource' }).click();
    const deskRow = desk.locator('li[data-resource="r001"]');
    await expect(deskRow).toHaveAttribute('data-state', 'idle');

    // Start online: the server has it, the dispatcher sees it running, live.
    await timer.getByRole('button', { name: 'Start' }).click();
    await expect(timer).toHaveAttribute('data-state', 'running');
    await expect(deskRow).toHaveAttribute('data-state', 'running');
    await expect(timer.getByTestId('timer-waiting')).toHaveCount(0);
    // At least 2 s of work, as the phone's clock shows it.
    await expect(timer.getByTestId('worked-clock')).toHaveText(/^0:00:(0[2-9]|[1-5]\d)$/);

    // Offline: pause, a break of at least 3 s, stop. Both taps wait on the phone.
    await phoneContext.setOffline(true);
    await timer.getByRole('button', { name: 'Pause' }).click();
    await expect(timer).toHaveAttribute('data-state', 'paused');
    // A break of at least 3 s, as the phone counts it.
    await expect(timer).toHaveAttribute('data-break-seconds', /^([3-9]|[1-9]\d+)$/);
    await timer.getByRole('button', { name: 'Stop' }).click();
    await expect(timer).toHaveAttribute('data-state', 'stopped');
    await expect(timer.getByTestId('timer-waiting')).toContainText('2 timer events are waiting');
    await screenshot(phone, 'job-timer-offline-375', project);
    // The server does not know yet: the dispatcher still sees the timer running.
    await expect(deskRow).toHaveAttribute('data-state', 'running');
    // Offline, the day's list is still there, saying so; the job opens again from it.
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(phone.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await expect(today.locator(`[data-booking="${job._id}"]`)).toBeVisible();
    await expect(phone.getByTestId('timer-queue-waiting')).toHaveText('2 timer events waiting to be sent');
    await card.getByRole('link', { name: new RegExp(`Open ${job.reference}`) }).click();
    await detail.getByRole('tab', { name: 'Resource' }).click();
    await expect(timer).toHaveAttribute('data-state', 'stopped');

    // Back online: the queue is sent in order, and the dispatcher sees the stop live.
    await phoneContext.setOffline(false);
    await expect(timer.getByTestId('timer-waiting')).toHaveCount(0);
    await expect(deskRow).toHaveAttribute('data-state', 'stopped');
    const worked = await seconds(
      page,
      '[data-testid="booking-detail"] li[data-resource="r001"]',
      'data-worked-seconds',
    );
    const breaks = await seconds(
      page,
      '[data-testid="booking-detail"] li[data-resource="r001"]',
      'data-break-seconds',
    );
    // Worked time ran from start to the offline pause, not through the break that followed it.
    expect(worked).toBeGreaterThanOrEqual(2);
    expect(breaks).toBeGreaterThanOrEqual(3);
    // The phone, now counting from the server's entries, shows the same time.
    await expect(timer).toHaveAttribute('data-worked-seconds', String(worked));
    await expect(deskRow).toContainText(`Worked 0:00:${String(worked).padStart(2, '0')}`);
    await expect(deskRow).toContainText('Hours 0.00');
    await screenshot(page, 'job-resource-tab-1280', project);

    // The dispatcher corrects the start an hour earlier, with a reason: the time and the log follow.
    await desk.locator('li[data-entry="start"]').getByRole('button', { name: 'Correct' }).click();
    const dialog = page.getByRole('dialog');
    const when = dialog.getByLabel('New time');
    // The field shows the organisation's format; its value (data-value) is the wall clock.
    const shown = (await when.getAttribute('data-value')) ?? '';
    const earlier = new Date(Date.parse(`${shown}Z`) - 3600_000).toISOString().slice(0, 19);
    await when.fill(earlier);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Give a reason for the correction');
    await dialog.getByLabel('Reason').fill('Started before checking in');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(deskRow).toHaveAttribute('data-worked-seconds', String(worked + 3600));
    await expect(deskRow).toContainText('Hours 1.00');
    await expect(desk.locator('li[data-entry="start"]')).toContainText('corrected');
    await expect(desk.getByText('Started before checking in')).toBeVisible();
    // The phone follows live.
    await expect(timer).toHaveAttribute('data-worked-seconds', String(worked + 3600));

    // Chat: the dispatcher watches the feed; the resource writes; it arrives without a reload.
    await desk.getByRole('tab', { name: 'Chats' }).click();
    await expect(desk.getByRole('link', { name: 'Call customer' })).toHaveAttribute('href', /^tel:\+?\d+/);
    await detail.getByRole('tab', { name: 'Chats' }).click();
    // Buttons of a resource (spec §6): employee, call customer, tasks.
    await expect(detail.getByRole('button', { name: 'Employee' })).toBeVisible();
    await expect(detail.getByRole('link', { name: 'Call customer' })).toBeVisible();
    await expect(detail.getByRole('link', { name: 'Tasks' })).toBeVisible();
    await expect(detail.getByRole('link', { name: 'Call service provider' })).toHaveCount(0);

    const box = detail.getByRole('textbox', { name: 'Message' });
    await box.fill('On my way, 10 minutes out');
    await box.press('Enter');
    await expect(detail.getByTestId('chat-feed')).toContainText('On my way, 10 minutes out');
    await expect(desk.getByTestId('chat-feed')).toContainText('On my way, 10 minutes out');

    // A photo goes the same way and shows in both browsers.
    await detail
      .locator('input[type="file"]')
      .setInputFiles({ name: 'gate.png', mimeType: 'image/png', buffer: PNG });
    await detail.getByRole('button', { name: 'Send' }).click();
    const photo = desk.getByTestId('chat-feed').getByRole('img', { name: 'Photo from Olivia Smith' });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBe(1);

    // Offline, a message cannot go: it stays with the spec's alert; a retry online sends it once.
    await phoneContext.setOffline(true);
    await box.fill('Gate code is 1234');
    await detail.getByRole('button', { name: 'Send' }).click();
    await expect(detail.getByRole('alert').filter({ hasText: ALERT_TEXT.messageNotSent })).toBeVisible();
    await expect(detail.locator('[data-outgoing="failed"]')).toContainText('Gate code is 1234');
    await screenshot(phone, 'job-chat-failed-375', project);
    await phoneContext.setOffline(false);
    await detail.getByRole('button', { name: 'Retry' }).click();
    await expect(detail.locator('[data-outgoing]')).toHaveCount(0);
    await expect(desk.getByTestId('chat-feed').getByText('Gate code is 1234')).toHaveCount(1);
    await expect(detail.getByTestId('chat-feed').getByText('Gate code is 1234')).toHaveCount(1);

    await phoneContext.close();
  });

  test('review by the customer, notes by the dispatcher, an invoice with GST from draft to paid', async ({
    page,
    browser,
  }) => {
    const baseURL = String(test.info().project.use.baseURL);
    await page.setViewportSize({ width: 1280, height: 800 });
    await enterApp(page, USERS.dispatcher, '/');
    const job = await todaysJob(page);
    // Two hours of r001's time, recorded by the dispatcher for them (the device clock is this one).
    const now = Date.now();
    for (const [action, at] of [
      ['start', now - 2 * 3600_000],
      ['stop', now],
    ] as const) {
      await apiCall(page, 'POST', `/bookings/${job._id}/timer`, {
        action,
        client_id: crypto.randomUUID(),
        client_at: at,
        sent_at: now,
        resource_id: 'r001',
      });
    }
    for (const action of ['start', 'finish']) {
      const current = await apiCall(page, 'GET', `/timeline-records/${job._id}`);
      await apiCall(page, 'POST', `/bookings/${job._id}/actions/${action}`, { version: current.version });
    }

    // The customer reviews the finished job on their phone.
    const customerContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 780 } });
    const customer = await customerContext.newPage();
    await enterApp(customer, USERS.customer, `/bookings?job_id=${job._id}`);
    const their = customer.getByTestId('booking-detail');
    await their.getByRole('tab', { name: 'Review' }).click();
    await their.getByRole('button', { name: 'Save review' }).click();
    await expect(their.getByRole('tabpanel').getByRole('alert')).toHaveText('Choose a rating');
    await their.locator('label').filter({ hasText: '4 stars' }).click();
    await expect(their.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await their.getByLabel('Comment').fill('Lovely and on time');
    await their.getByRole('button', { name: 'Save review' }).click();
    await expectToast(customer, 'Review saved');
    await screenshot(customer, 'job-review-375', test.info().project.name);

    // The dispatcher reads it, makes an invoice from the time, and moves it on.
    await page.goto(`/bookings?job_id=${job._id}`);
    const desk = page.getByTestId('booking-detail');
    await desk.getByRole('tab', { name: 'Review' }).click();
    await expect(desk.getByRole('img', { name: '4 stars' })).toBeVisible();
    await expect(desk.getByText('Lovely and on time')).toBeVisible();

    await desk.getByRole('tab', { name: 'Quotes And Invoices' }).click();
    await expect(desk.getByText('No quotes or invoices for this job yet.')).toBeVisible();
    await desk.getByRole('button', { name: 'New invoice' }).click();
    const card = desk.locator('li[data-ledger]');
    await expect(card).toHaveAttribute('data-status', 'draft');
    // Lines from the time entries: two hours of r001's labour.
    await expect(card.locator('tbody tr').first().locator('td').nth(1)).toHaveText('2');
    const figures = await card.locator('dl dd').allTextContents();
    const [subtotal, gst, total] = figures.map((f) => Math.round(Number(f.split(' ')[0]) * 100));
    expect(subtotal).toBeGreaterThan(0);
    expect(gst).toBe(Math.round((subtotal ?? 0) / 10));
    expect(total).toBe((subtotal ?? 0) + (gst ?? 0));
    await expect(card).toContainText('GST (10%)');
    await card.getByRole('button', { name: 'Mark as sent' }).click();
    await expect(card).toHaveAttribute('data-status', 'sent');
    await card.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(card).toHaveAttribute('data-status', 'paid');
    await expect(card.getByRole('button', { name: /Mark as/ })).toHaveCount(0);
    await screenshot(page, 'job-invoice-1280', test.info().project.name);

    // Reviewed: the dispatcher's notes.
    await desk.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Review' }).click();
    await desk.getByRole('tab', { name: 'Notes' }).click();
    await desk.getByLabel('Dispatcher notes').fill('Customer asked for the same carer next week');
    await desk.getByRole('button', { name: 'Save notes' }).click();
    await expectToast(page, 'Notes saved');
    await page.reload();
    await desk.getByRole('tab', { name: 'Notes' }).click();
    await expect(desk.getByLabel('Dispatcher notes')).toHaveValue(
      'Customer asked for the same carer next week',
    );

    await customerContext.close();
  });

  test('a resource asks to cancel a job on their phone; the dispatcher approves and the job is cancelled', async ({
    page,
    browser,
  }) => {
    const baseURL = String(test.info().project.use.baseURL);
    await page.setViewportSize({ width: 1280, height: 800 });
    await enterApp(page, USERS.dispatcher, '/');
    const job = await todaysJob(page);
    // The organisation lets resources ask (shell spec §3 `resource_cancel_request`); put back after.
    const before = (await apiCall(page, 'GET', '/settings?keys=display')) as ApiRecord & {
      display?: Record<string, unknown>;
      versions: Record<string, number>;
    };
    const putDisplay = (value: Record<string, unknown>, version: number) =>
      apiCall(page, 'PUT', '/settings', { key: 'display', value, version });
    await putDisplay({ ...before.display, resource_cancel_request: true }, before.versions.display ?? 0);

    const phoneContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 780 } });
    try {
      const phone = await phoneContext.newPage();
      await enterApp(phone, USERS.resource, `/bookings?job_id=${job._id}`);
      const detail = phone.getByTestId('booking-detail');
      await expect(detail.getByRole('heading', { name: job.reference })).toBeVisible();
      await detail.getByRole('button', { name: 'Request cancellation' }).click();
      const reason = detail.getByLabel('Why should this job be cancelled?');
      await expect(reason).toBeFocused();
      // Cancel puts the button back, with nothing sent.
      await detail.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(reason).toHaveCount(0);
      await detail.getByRole('button', { name: 'Request cancellation' }).click();
      await reason.fill('  The client is in hospital this week  ');
      await screenshot(phone, 'job-cancellation-ask-375', test.info().project.name);
      await detail.getByRole('button', { name: 'Send request' }).click();
      await expect(detail.getByRole('status').filter({ hasText: 'Cancellation requested' })).toBeVisible();
      await expect(detail.getByRole('button', { name: 'Request cancellation' })).toHaveCount(0);
      // Opened again, the job still says it was asked (the server has it).
      await phone.reload();
      await expect(detail.getByRole('status').filter({ hasText: 'Cancellation requested' })).toBeVisible();

      // The dispatcher sees who asked and why (trimmed), and approves: the job is cancelled.
      await page.goto(`/bookings?job_id=${job._id}`);
      const desk = page.getByTestId('booking-detail');
      const request = desk.getByRole('region', { name: 'Cancellation requested' });
      await expect(request).toContainText('Asked by the resource: The client is in hospital this week');
      await screenshot(page, 'job-cancellation-decide-1280', test.info().project.name);
      await request.getByRole('button', { name: 'Approve cancellation' }).click();
      await expect(page.getByText('Cancellation approved: the job is cancelled')).toBeVisible();
      await expect(request).toHaveCount(0);
      await expect(desk.locator('header [data-status]')).toHaveAttribute('data-status', 'cancelled');
      // A cancelled job takes no more requests: the phone offers none.
      await phone.reload();
      await expect(detail.getByRole('heading', { name: job.reference })).toBeVisible();
      await expect(detail.locator('header [data-status]')).toHaveAttribute('data-status', 'cancelled');
      await expect(detail.getByRole('button', { name: 'Request cancellation' })).toHaveCount(0);
    } finally {
      await phoneContext.close();
      const now = (await apiCall(page, 'GET', '/settings?keys=display')) as ApiRecord & {
        versions: Record<string, number>;
      };
      await putDisplay(before.display ?? {}, now.versions.display ?? 0);
    }
  });

  test('a tap queued offline is sent when the phone is back online, whatever screen is open then', async ({
    page,
    browser,
  }) => {
    const baseURL = String(test.info().project.use.baseURL);
    await page.setViewportSize({ width: 1280, height: 800 });
    await enterApp(page, USERS.dispatcher, '/');
    const job = await todaysJob(page);

    const phoneContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 780 } });
    const phone = await phoneContext.newPage();
    await enterApp(phone, USERS.resource, '/bookings');
    const card = phone.getByRole('list', { name: 'Today' }).locator(`[data-booking="${job._id}"]`);
    await card.getByRole('link', { name: new RegExp(`Open ${job.reference}`) }).click();
    const detail = phone.getByTestId('booking-detail');
    // The job's forms are one link away.
    await detail.getByRole('tab', { name: 'Details' }).click();
    await expect(detail.getByRole('link', { name: 'Fill a form for this job' })).toHaveAttribute(
      'href',
      `/forms?job_id=${encodeURIComponent(job._id)}`,
    );
    await detail.getByRole('tab', { name: 'Resource' }).click();
    const timer = detail.getByTestId('my-timer');
    await timer.getByRole('button', { name: 'Start' }).click();
    await expect(timer.getByTestId('timer-waiting')).toHaveCount(0);

    await page.goto(`/bookings?job_id=${job._id}`);
    const desk = page.getByTestId('booking-detail');
    await desk.getByRole('tab', { name: 'Resource' }).click();
    const deskRow = desk.locator('li[data-resource="r001"]');
    await expect(deskRow).toHaveAttribute('data-state', 'running');

    // Offline: pause, then leave the job for the home screen, which has no timer on it.
    await phoneContext.setOffline(true);
    await timer.getByRole('button', { name: 'Pause' }).click();
    await expect(timer.getByTestId('timer-waiting')).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).click();
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('navigation', { name: 'Main menu' }).locator('[data-menu-key="home"]').click();
    await expect(phone).toHaveURL(/\/$/);
    await expect(deskRow).toHaveAttribute('data-state', 'running');

    // Back online on the home screen: the shell sends the waiting tap; the dispatcher sees it.
    await phoneContext.setOffline(false);
    await expect(deskRow).toHaveAttribute('data-state', 'paused');
    await phoneContext.close();
  });
});
