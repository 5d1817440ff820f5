import { expect, type Page, test } from '@playwright/test';
import { dayStart, HOUR, toWallClock } from '@rostra/core/time/calendar';
import { enterApp, testCustomerId, USERS, watchPageErrors } from './helpers.ts';

/*
 * The operations screens (issue #8): forms, equipments and pods, uploads, maps and vehicle routes.
 * Data: what this spec creates, named with this run's id (bookings e2e-ops-…, on resource r057
 * today in the small hours, so no other spec's bookings meet them).
 */

const TZ = 'Australia/Sydney';
const run = Date.now().toString(36);
const today = () => dayStart(toWallClock(Date.now(), TZ));

async function createBooking(page: Page, fields: Record<string, unknown>): Promise<void> {
  const res = await page.request.post('/api/v1/timeline-records', {
    data: { customerId: await testCustomerId(page), ...fields },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('each operations screen opens for a dispatcher without errors, showing its content or its empty state', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await enterApp(page, USERS.dispatcher, '/forms');
  for (const [path, heading] of [
    ['/forms', 'Forms'],
    ['/equipments', 'Equipments'],
    ['/pods', 'Pods'],
    ['/uploads', 'Uploads'],
    ['/maps', 'Maps'],
    ['/vehicleroutes', 'Vehicle routes'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
  }
  expect(errors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a dispatcher creates a form template and fills it for a job; the filled form shows its answers', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterApp(page, USERS.dispatcher, '/forms');
  const customer = `Forms${run}`;
  await createBooking(page, {
    _id: `e2e-ops-form-${run}`,
    status: 'confirmed',
    customer_first_name: customer,
    customer_last_name: 'Client',
    utc_begin_plus_tz: today() + 1 * HOUR,
    utc_end_plus_tz: today() + 2 * HOUR,
  });
  const formName = `E2E visit ${run}`;

  await page.getByRole('button', { name: 'New form' }).click();
  const editor = page.getByRole('dialog', { name: 'New form' });
  await editor.getByLabel('Form name').fill(formName);
  await editor.getByLabel('Label 1').fill('Arrived');
  await editor.getByLabel('Type 1').selectOption('checkbox');
  await editor.getByRole('checkbox', { name: 'Required' }).first().check();
  await editor.getByRole('button', { name: 'Add field' }).click();
  await editor.getByLabel('Label 2').fill('Mood');
  await editor.getByLabel('Type 2').selectOption('select');
  // A choice without options is refused in place, and nothing is lost.
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('A choice field needs at least one option')).toBeVisible();
  await editor.getByLabel(/^Options/).fill('Good\nPoor');
  await editor.getByRole('button', { name: 'Add field' }).click();
  await editor.getByLabel('Label 3').fill('Signature');
  await editor.getByLabel('Type 3').selectOption('signature');
  await editor.getByRole('checkbox', { name: 'Required' }).nth(2).check();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);

  const row = page.locator(`[data-form="${formName}"]`);
  await expect(row).toContainText('3 fields');
  await row.getByRole('button', { name: `Fill for a job: ${formName}` }).click();
  const fill = page.getByTestId('form-fill');
  await fill.getByLabel('Search jobs by customer, reference or id').fill(customer);
  await fill.locator(`[data-job="e2e-ops-form-${run}"]`).click();
  await fill.getByRole('button', { name: 'Submit' }).click();
  await expect(fill.getByText('Arrived is required')).toBeVisible();
  await expect(fill.getByText('Signature is required')).toBeVisible();
  await fill.getByLabel('Arrived').check();
  await fill.getByLabel('Mood').selectOption('Good');
  await fill.getByLabel('Signature').fill('Dee Dispatcher');
  await fill.getByRole('button', { name: 'Submit' }).click();
  await expect(fill).toHaveCount(0);

  await page.getByRole('tab', { name: 'Filled forms' }).click();
  const filled = page.locator(`[data-submission="${formName}"]`).first();
  await expect(filled).toContainText(`e2e-ops-form-${run}`);
  await filled.getByRole('button', { name: /View answers/ }).click();
  const answers = page.getByRole('dialog', { name: `${formName} — answers` });
  await expect(answers.getByText('Dee Dispatcher')).toBeVisible();
  await expect(answers.getByText('Good')).toBeVisible();
});

test('a dispatcher adds an equipment and finds it by its code', async ({ page }) => {
  await enterApp(page, USERS.dispatcher, '/equipments');
  const code = `E2E-${run}`.toUpperCase();
  await page.getByRole('button', { name: 'Add equipment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add equipment' });
  await dialog.getByLabel('Name').fill(`Hoist ${run}`);
  await dialog.getByLabel('Code (barcode)').fill(code);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByLabel('Search by name or code').fill(code);
  const rows = page.locator('tr[data-code]');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Hoist ${run}`);
  await expect(rows.first()).toContainText('Scanned code');
  // A code nobody has says so and offers to clear the search.
  await page.getByLabel('Search by name or code').fill(`NOPE-${run}`);
  await expect(page.getByText(`Nothing matches “NOPE-${run}”`)).toBeVisible();
});

test('a dispatcher uploads an image and downloads it byte for byte; a text file is refused with a clear message', async ({
  page,
}) => {
  await enterApp(page, USERS.dispatcher, '/uploads');
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3, 4]);
  const name = `e2e-${run}.png`;
  await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'image/png', buffer: png });
  const row = page.locator(`[data-upload="${name}"]`);
  await expect(row).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: `Download ${name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(name);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(Buffer.compare(readFileSync(path), png)).toBe(0);

  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: `notes-${run}.png`, mimeType: 'image/png', buffer: Buffer.from('just text') });
  await expect(
    page.getByText(`notes-${run}.png: Only images (PNG, JPEG, GIF, WebP) and PDF files can be uploaded`),
  ).toBeVisible();
  await expect(page.locator(`[data-upload="notes-${run}.png"]`)).toHaveCount(0);
});

test("the map shows the day's jobs without network tiles, and a resource's day as a route", async ({
  page,
}) => {
  const outside: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (!['127.0.0.1', 'localhost'].includes(host) && !r.url().startsWith('data:')) outside.push(r.url());
  });
  await enterApp(page, USERS.dispatcher, '/maps');
  const day = today();
  const stops = [
    { id: `e2e-ops-map1-${run}`, at: 2 * HOUR, geo: { lat: -33.8688, lng: 151.2093 } },
    { id: `e2e-ops-map2-${run}`, at: 3 * HOUR, geo: { lat: -33.815, lng: 151.0011 } },
  ];
  for (const s of stops)
    await createBooking(page, {
      _id: s.id,
      status: 'confirmed',
      resIds: ['r057'],
      customer_first_name: 'Map',
      customer_last_name: s.id,
      _geoloc: s.geo,
      utc_begin_plus_tz: day + s.at,
      utc_end_plus_tz: day + s.at + 30 * 60,
    });
  await page.reload();
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-tiles', 'none');
  for (const s of stops) await expect(map.locator(`[data-marker="${s.id}"]`)).toHaveCount(1);
  await page.locator(`button[data-job="${stops[0]?.id}"]`).click();
  await expect(page.locator(`button[data-job="${stops[0]?.id}"]`)).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/vehicleroutes');
  await page.locator('button[data-resource="r057"]').click();
  await expect(page.getByTestId('map').locator('polyline[data-route="r057"]')).toHaveCount(1);
  await expect(page.locator('button[data-stop]').filter({ hasText: stops[1]?.id ?? '' })).toContainText(
    'Leg 20.1 km',
  );
  expect(outside).toEqual([]);
});

test("the map's job list comes from the server a page of 20 at a time, with the day's total", async ({
  page,
}) => {
  await enterApp(page, USERS.dispatcher, '/maps');
  // Tomorrow late evening, on r057: 21 jobs of this run, so the day has more than one page.
  const tomorrow = today() + 24 * HOUR;
  for (let i = 0; i < 21; i++)
    await createBooking(page, {
      _id: `e2e-ops-page-${run}-${String(i).padStart(2, '0')}`,
      status: 'confirmed',
      resIds: ['r057'],
      customer_first_name: 'Paged',
      customer_last_name: `${run}-${i}`,
      utc_begin_plus_tz: tomorrow + 23 * HOUR + i * 60,
      utc_end_plus_tz: tomorrow + 23 * HOUR + i * 60 + 30,
    });
  await page.reload();
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/v1/map/jobs') && r.url().includes(`from=${tomorrow}`),
  );
  await page.getByRole('button', { name: 'Next day' }).click();
  // The day's total as the server answered it (the list keeps the previous day dimmed until then).
  const total = ((await (await answered).json()) as { total: number }).total;
  expect(total).toBeGreaterThanOrEqual(21);
  const list = page.getByRole('region', { name: 'Jobs' });
  await expect(list.getByText(`${total} jobs this day`)).toBeVisible();
  const pages = Math.ceil(total / 20);
  await expect(list.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(list.locator('button[data-job]')).toHaveCount(20);
  // The last page is asked of the server; it holds the last of this run's jobs (the latest).
  for (let p = 2; p <= pages; p++) {
    const next = page.waitForRequest(
      (r) => r.url().includes('/api/v1/map/jobs') && r.url().includes(`page=${p}`),
    );
    await list.getByRole('button', { name: 'Next' }).click();
    await next;
    await expect(list.getByText(`Page ${p} of ${pages}`)).toBeVisible();
  }
  await expect(list.locator('button[data-job]')).toHaveCount(total - 20 * (pages - 1));
  await expect(list.getByText(`Paged ${run}-20`)).toBeVisible();
  await expect(list.getByText(`Paged ${run}-0`, { exact: true })).toHaveCount(0);

  // The resources beside the map are the server's pages too (the seed has more than 20).
  const resources = page.getByRole('region', { name: 'Resources' });
  const heading = await resources.getByRole('heading', { name: /Resources: \d+/ }).textContent();
  const resourceTotal = Number(/(\d+)/.exec(heading ?? '')?.[1]);
  expect(resourceTotal).toBeGreaterThan(20);
  await expect(resources.locator('button[data-map-resource]')).toHaveCount(20);
  const firstResource = await resources
    .locator('button[data-map-resource]')
    .first()
    .getAttribute('data-map-resource');
  const secondPage = page.waitForRequest(
    (r) => r.url().includes('/api/v1/directory/resources') && r.url().includes('page=2'),
  );
  await resources.getByRole('button', { name: 'Next' }).click();
  await secondPage;
  await expect(resources.getByText(`Page 2 of ${Math.ceil(resourceTotal / 20)}`)).toBeVisible();
  await expect(resources.locator(`button[data-map-resource="${firstResource}"]`)).toHaveCount(0);
});

test("another dispatcher's new equipment appears on an open equipments screen without a reload", async ({
  page,
  browser,
}) => {
  await enterApp(page, USERS.dispatcher, '/equipments');
  await expect(page.getByRole('heading', { level: 1, name: 'Equipments' })).toBeVisible();
  const code = `LIVE-${run}`.toUpperCase();
  await page.getByLabel('Search by name or code').fill(code);
  await expect(page.getByText(`Nothing matches “${code}”`)).toBeVisible();
  // A second signed-in browser adds it through the API.
  const other = await browser.newContext();
  const second = await other.newPage();
  await enterApp(second, USERS.dispatcher, '/');
  const res = await second.request.post('/api/v1/equipments', {
    data: { name: `Live hoist ${run}`, code },
    headers: { origin: new URL(second.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  await other.close();
  const rows = page.locator('tr[data-code]');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Live hoist ${run}`);
});

test('an equipment changed by someone else meanwhile is not overwritten unseen: the dialog says so, keeps the edits and saves on the second try', async ({
  page,
}) => {
  await enterApp(page, USERS.dispatcher, '/equipments');
  const origin = new URL(page.url()).origin;
  const code = `CONFLICT-${run}`.toUpperCase();
  const created = await page.request.post('/api/v1/equipments', {
    data: { name: `Sling ${run}`, code },
    headers: { origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id, version } = (await created.json()) as { _id: string; version: number };
  await page.getByLabel('Search by name or code').fill(code);
  await page.getByRole('button', { name: `Edit Sling ${run}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit equipment' });
  await dialog.getByLabel('Notes').fill('Mine: checked today');
  // Another dispatcher saves first.
  const theirs = await page.request.patch(`/api/v1/equipments/${id}`, {
    data: { status: 'maintenance', version },
    headers: { origin },
  });
  expect(theirs.status(), await theirs.text()).toBe(200);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Someone else changed this record: it was reloaded.')).toBeVisible();
  await expect(dialog.getByLabel('Notes')).toHaveValue('Mine: checked today');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.locator(`tr[data-code="${code}"]`);
  await expect(row).toContainText('Mine: checked today');
});
