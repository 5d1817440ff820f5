import { expect, type Page, test } from '@playwright/test';
import { enterApp, USERS } from './helpers.ts';

/*
 * A create whose answer is lost on the way back (security issue #15, point 8): the server stored
 * it, the browser saw the connection reset. The app must not send it again by itself (it would be
 * stored twice), and must tell the person to check before saving again.
 */

const run = Date.now().toString(36);
const UNCONFIRMED = "We couldn't confirm the save. Check the list before trying again.";

/**
 * Lets the first POST to `path` reach the server (which stores it) and then drops its answer;
 * counts every POST the page sends there.
 */
async function loseFirstAnswer(page: Page, path: string): Promise<{ posts: () => number }> {
  let posts = 0;
  await page.route(`**/api/v1${path}`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    posts += 1;
    if (posts > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  return { posts: () => posts };
}

/** Records of a list whose `name` is exactly `name`, read through the API. */
async function named(page: Page, path: string, name: string): Promise<number> {
  const res = await page.request.get(`/api/v1${path}`, { params: { q: name, limit: 250 } });
  expect(res.ok(), await res.text()).toBe(true);
  const page1 = (await res.json()) as { items: { name: string }[] };
  return page1.items.filter((r) => r.name === name).length;
}

test('an equipment whose answer is lost is stored once, and the dialog says to check the list', async ({
  page,
}) => {
  await enterApp(page, USERS.dispatcher, '/equipments');
  const name = `Lost answer hoist ${run}`;
  const lost = await loseFirstAnswer(page, '/equipments');
  await page.getByRole('button', { name: 'Add equipment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add equipment' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Code (barcode)').fill(`LOST-${run}`.toUpperCase());
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(UNCONFIRMED)).toBeVisible();
  expect(lost.posts()).toBe(1);
  expect(await named(page, '/equipments', name)).toBe(1);
});

test('a form template whose answer is lost is stored once, and the editor says to check the list', async ({
  page,
}) => {
  await enterApp(page, USERS.dispatcher, '/forms');
  const name = `Lost answer form ${run}`;
  const lost = await loseFirstAnswer(page, '/forms');
  await page.getByRole('button', { name: 'New form' }).click();
  const editor = page.getByRole('dialog', { name: 'New form' });
  await editor.getByLabel('Form name').fill(name);
  await editor.getByLabel('Label 1').fill('Arrived');
  await editor.getByLabel('Type 1').selectOption('checkbox');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText(UNCONFIRMED)).toBeVisible();
  expect(lost.posts()).toBe(1);
  expect(await named(page, '/forms', name)).toBe(1);
});
