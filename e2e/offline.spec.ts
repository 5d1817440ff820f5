import { expect as baseExpect, test } from '@playwright/test';
import { enterApp, todaysJob, USERS } from './helpers.ts';

/** The machine is shared and slow at times: screens get 20 s to show what they should. */
const expect = baseExpect.configure({ timeout: 20_000 });

// This test is about the service worker itself (the rest of the suite blocks it).
test.use({ serviceWorkers: 'allow' });

test('a resource reloads the app without a connection: the shell opens and their day is there, saying so', async ({
  page,
  browser,
}) => {
  const baseURL = String(test.info().project.use.baseURL);
  // A dispatcher makes today's job for r001.
  await enterApp(page, USERS.dispatcher, '/');
  const job = await todaysJob(page);

  // The resource opens their day once with a connection: the app keeps itself, who they are and
  // the day on the phone.
  const phoneContext = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 780 },
    serviceWorkers: 'allow',
  });
  const phone = await phoneContext.newPage();
  await enterApp(phone, USERS.resource, '/bookings');
  const today = phone.getByRole('list', { name: 'Today' });
  await expect(today.locator(`[data-booking="${job._id}"]`)).toBeVisible();
  await expect
    .poll(() => phone.evaluate<boolean>('navigator.serviceWorker.controller !== null'), { timeout: 20_000 })
    .toBe(true);

  // No connection, and the page is reloaded: the app still opens, with the day kept on the phone.
  await phoneContext.setOffline(true);
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'My jobs' })).toBeVisible();
  await expect(phone.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(today.locator(`[data-booking="${job._id}"]`)).toBeVisible();
  await expect(phone.getByRole('banner')).toContainText('Offline');

  // Back online: the day comes from the server again and the note goes.
  await phoneContext.setOffline(false);
  await expect(phone.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
  await expect(today.locator(`[data-booking="${job._id}"]`)).toBeVisible();
  await phoneContext.close();
});
