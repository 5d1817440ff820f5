import { expect, test } from '@playwright/test';
import { enterApp, expectToast, USERS } from './helpers.ts';

/*
 * The company document is versioned (security issue #15, point 7): the settings form and the
 * geofence dialog send the version they read; when someone else saved first, the form says so,
 * keeps the edits, and a second Save (now naming the new version) replaces theirs.
 */

type Company = { max_distance: number; geofence: unknown; version: number };

test('the company form names the version it read: a change saved meanwhile is a conflict, then Save again wins', async ({
  page,
}) => {
  await enterApp(page, USERS.dispatcher, '/settings#company');
  const origin = new URL(page.url()).origin;
  const read = async () => (await (await page.request.get('/api/v1/company')).json()) as Company;
  const start = await read();
  const field = page.getByLabel('Max distance (metres)');
  await expect(field).toHaveValue(String(start.max_distance));

  await field.fill(String(start.max_distance + 7));
  // Another dispatcher saves first.
  const theirs = await page.request.put('/api/v1/company', {
    data: { max_distance: start.max_distance + 3, version: start.version },
    headers: { origin },
  });
  expect(theirs.status(), await theirs.text()).toBe(200);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Someone else changed these settings while you were editing/)).toBeVisible();
  await expect(field).toHaveValue(String(start.max_distance + 7));
  expect((await read()).max_distance).toBe(start.max_distance + 3);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Settings saved');
  await expect.poll(async () => (await read()).max_distance).toBe(start.max_distance + 7);

  // Put it back for the other specs.
  const now = await read();
  const back = await page.request.put('/api/v1/company', {
    data: { max_distance: start.max_distance, version: now.version },
    headers: { origin },
  });
  expect(back.status(), await back.text()).toBe(200);
});

test('the geofence dialog names the version it opened on: a change saved meanwhile is a conflict', async ({
  page,
}) => {
  await enterApp(page, USERS.dispatcher, '/customers');
  const origin = new URL(page.url()).origin;
  const read = async () => (await (await page.request.get('/api/v1/company')).json()) as Company;
  await page.getByRole('button', { name: /^Company logo/ }).click();
  await page.getByRole('menuitem', { name: 'Edit geofence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Company geofence' });
  await dialog.getByLabel('Latitude').fill('-33.5');
  await dialog.getByLabel('Longitude').fill('151.5');
  await dialog.getByLabel(/Radius/).fill('321');
  // Another dispatcher saves a change first.
  const before = await read();
  const theirs = await page.request.put('/api/v1/company', {
    data: { max_distance: before.max_distance, version: before.version },
    headers: { origin },
  });
  expect(theirs.status(), await theirs.text()).toBe(200);

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('The record was changed by someone else: reload it and try again'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Latitude')).toHaveValue('-33.5');
  expect((await read()).version).toBe(before.version + 1);

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await read()).toMatchObject({
    geofence: { lat: -33.5, lng: 151.5, radius: 321 },
    version: before.version + 2,
  });
});
