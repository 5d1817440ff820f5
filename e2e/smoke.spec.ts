import { expect, test } from '@playwright/test';

test('the app loads and shows the sign-in page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Trouble signing in?' })).toHaveAttribute('href', '/reset');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter your email address to continue');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText("That email address isn't correct");
  expect(errors).toEqual([]);
});

test('an unknown page shows the error page with the way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Click here to go back to the default page' })).toBeVisible();
});

test('the server is healthy', async ({ request }) => {
  expect(await (await request.get('/healthz')).json()).toEqual({ status: 'ok' });
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({
    status: 'ready',
    database: 'up',
    listener: 'attached',
    schema: 'current',
  });
});
