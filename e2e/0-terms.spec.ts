import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, screenshot, signInByApi, USERS } from './helpers.ts';

/*
 * Named to run first in its leg (one worker, files in name order): the scheduler must not have
 * accepted the terms yet, and later specs (menu-access.spec.ts visits every role's menu) accept them.
 */
test('a non-customer accepts the current terms once, then goes on to the app', async ({ page }) => {
  // The scheduler: the other specs accept their terms only after this one.
  await page.goto('/login');
  await page.getByLabel('Email').fill(USERS.scheduler);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { name: 'Terms of use' })).toBeVisible();
  await expect(page.getByText('version 3')).toBeVisible();
  await screenshot(page, 'terms-1280', test.info().project.name);

  // Until they accept, every screen of the app sends them back here.
  await page.goto('/resources');
  await expect(page).toHaveURL(/\/terms$/);

  await page.getByRole('button', { name: 'I accept' }).click();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page).not.toHaveURL(/\/terms$/);
  const me = (await (await page.request.get('/api/v1/me')).json()) as { terms_required: boolean };
  expect(me.terms_required).toBe(false);

  await page.goto('/terms');
  await expect(page).not.toHaveURL(/\/terms$/);
});

test('customers never see the terms', async ({ page }) => {
  await signInByApi(page, USERS.customer);
  await page.goto('/customers');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page).toHaveURL(/\/customers$/);
  await page.goto('/terms');
  await expect(page).not.toHaveURL(/\/terms$/);
});
