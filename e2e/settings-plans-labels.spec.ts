import { expect as baseExpect, type Page, test } from '@playwright/test';
import { apiCall, enterApp, expectToast, screenshot, USERS, watchPageErrors } from './helpers.ts';

/** The machine is shared and slow at times: screens get 15 s to show what they should. */
const expect = baseExpect.configure({ timeout: 15_000 });

/*
 * Settings → Service plans, Master labels and Quick views (issue #22 point 12): each screen's
 * create / edit / delete round trip, its empty state and its failed state, at 1280 and 375 px.
 * What a test changes it puts back (other specs share the seeded server).
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const project = () => test.info().project.name;

async function openSection(page: Page, hash: string, heading: string): Promise<void> {
  await enterApp(page, USERS.dispatcher, `/settings#${hash}`);
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
}

/** Answers the list call with an empty page or a server failure instead of the server's. */
async function answerList(page: Page, path: string, how: 'empty' | 'failed'): Promise<void> {
  await page.route(
    (url) => url.pathname === `/api/v1${path}`,
    (route) =>
      route.request().method() !== 'GET'
        ? route.fallback()
        : how === 'empty'
          ? route.fulfill({ json: { items: [], next_cursor: null } })
          : route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } }),
  );
}

test('service plans: add, edit, delete; an ended plan needs its end date', async ({ page }) => {
  const errors = watchPageErrors(page);
  const id = `VS-E2E-${unique()}`;
  await openSection(page, 'service-plans', 'Service plans');
  const table = page.getByRole('table', { name: 'Service plans' });
  await expect(table.locator('[data-plan="VS-0001"]')).toBeVisible();
  await screenshot(page, 'settings-service-plans-1280', project());

  await page.getByRole('button', { name: 'Add service plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add service plan' });
  await dialog.getByLabel('VisitStemID').fill(id);
  await dialog.getByLabel('Update type').selectOption('Ended');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('An ended plan needs its end date')).toBeVisible();
  await dialog.getByLabel('End date').fill('31/Jan/2027');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  const row = table.locator(`[data-plan="${id}"]`);
  await expect(row).toContainText('Ended');
  await expect(row).toContainText('31/Jan/2027');

  // The same id again: the server's refusal shows in the form, nothing is added.
  await page.getByRole('button', { name: 'Add service plan' }).click();
  await dialog.getByLabel('VisitStemID').fill(id);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.locator(`[data-plan="${id}"]`)).toHaveCount(1);

  await row.getByRole('button', { name: `Edit service plan ${id}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit service plan' });
  await expect(edit.getByLabel('VisitStemID')).toHaveAttribute('readonly', '');
  await edit.getByLabel('Update type').selectOption('Inactive');
  await edit.getByLabel('End date').fill('');
  await screenshot(page, 'settings-service-plan-form-1280', project());
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Inactive');
  await expect(row).not.toContainText('2027');
  const stored = await apiCall(page, 'GET', `/service-plans/${id}`);
  expect(stored).toMatchObject({ VisitStemID: id, UpdateType: 'Inactive' });

  await row.getByRole('button', { name: `Delete service plan ${id}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(row).toHaveCount(0);
  const gone = await page.request.get(`/api/v1/service-plans/${id}`);
  expect(gone.status()).toBe(404);
  expect(errors).toEqual([]);
});

test('service plans: the empty list and a failed list say so', async ({ page }) => {
  await answerList(page, '/service-plans', 'empty');
  await openSection(page, 'service-plans', 'Service plans');
  await expect(page.getByText('No service plans yet')).toBeVisible();
  await page.unrouteAll();
  await answerList(page, '/service-plans', 'failed');
  await page.reload();
  await expect(page.getByText('The service plans could not be loaded.')).toBeVisible();
});

test('master labels: labels, strict modes and published are saved and read back', async ({ page }) => {
  const errors = watchPageErrors(page);
  await openSection(page, 'master-labels', 'Master labels');
  const original = await apiCall(page, 'GET', '/dispatcher-master-labels');
  const form = page.getByRole('form', { name: 'Master labels' });
  try {
    const bookings = form.getByRole('listbox', { name: 'Booking labels' });
    const first = bookings.locator('option').first();
    const firstValue = (await first.getAttribute('value')) as string;
    await bookings.selectOption([firstValue]);
    await form.getByLabel('Strict: require every label').check();
    await form.getByLabel('Strict for customer labels').selectOption('any');
    await screenshot(page, 'settings-master-labels-1280', project());
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Master labels saved');
    const saved = await apiCall(page, 'GET', '/dispatcher-master-labels');
    expect(saved).toMatchObject({
      labels: [firstValue],
      strict: true,
      strict_cus: false,
      strict_boo: null,
      published: false,
    });

    // Read back after a reload: the form shows what is stored.
    await page.reload();
    await expect(form.getByLabel('Strict: require every label')).toBeChecked();
    await expect(form.getByLabel('Strict for customer labels')).toHaveValue('any');
    await expect(form.getByLabel('Strict for booking labels')).toHaveValue('');
    await expect(bookings).toHaveValues([firstValue]);
  } finally {
    // Put back what was there (never leave a filter published for other specs).
    const now = await apiCall(page, 'GET', '/dispatcher-master-labels');
    const { _id, _key, version, ...rest } = original as Record<string, unknown>;
    await apiCall(page, 'PUT', `/dispatcher-master-labels/${_id}`, { ...rest, version: now.version });
  }
  expect(errors).toEqual([]);
});

test('master labels: a failed load says so', async ({ page }) => {
  await page.route(
    (url) => url.pathname.startsWith('/api/v1/dispatcher-master-labels/'),
    (route) => route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } }),
  );
  await openSection(page, 'master-labels', 'Master labels');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Master labels' })).toHaveCount(0);
});

test('quick views: listed, renamed, opened on the timeline, deleted; empty and failed states', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  await enterApp(page, USERS.dispatcher, '/');
  const name = `Nurses ${unique()}`;
  await apiCall(page, 'POST', '/quick-views', { name, filters: { q: 'ann', group: 'label' } });
  await page.goto('/settings#quick-views');
  const table = page.getByRole('table', { name: 'My quick views' });
  const row = table.locator(`[data-view="${name}"]`);
  await expect(row).toContainText('q: ann, group: label');
  await screenshot(page, 'settings-quick-views-1280', project());

  const renamed = `${name} renamed`;
  await row.getByRole('button', { name: `Rename quick view ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename quick view' });
  await dialog.getByLabel('Name').fill(' ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a name')).toBeVisible();
  await dialog.getByLabel('Name').fill(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row2 = table.locator(`[data-view="${renamed}"]`);
  await expect(row2).toBeVisible();

  await row2
    .getByRole('button', { name: `Open quick view ${renamed}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/week2timelinev2\?.*q=ann/);
  expect(new URL(page.url()).searchParams.get('group')).toBe('label');

  await page.goto('/settings#quick-views');
  await row2.getByRole('button', { name: `Delete quick view ${renamed}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(row2).toHaveCount(0);
  expect(errors).toEqual([]);

  await answerList(page, '/quick-views', 'empty');
  await page.reload();
  await expect(page.getByText('No quick views yet')).toBeVisible();
  await page.unrouteAll();
  await answerList(page, '/quick-views', 'failed');
  await page.reload();
  await expect(page.getByText('The quick views could not be loaded.')).toBeVisible();
});

test('the three sections on a phone (375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSection(page, 'service-plans', 'Service plans');
  await expect(page.getByRole('table', { name: 'Service plans' })).toBeVisible();
  await screenshot(page, 'settings-service-plans-375', project());
  // On a phone the sections are a select.
  await page.getByRole('combobox', { name: 'Section', exact: true }).selectOption('master-labels');
  await expect(page.getByRole('form', { name: 'Master labels' })).toBeVisible();
  await screenshot(page, 'settings-master-labels-375', project());
  await page.getByRole('combobox', { name: 'Section', exact: true }).selectOption('quick-views');
  await expect(page.getByRole('heading', { name: 'Quick views', level: 2 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'My quick views' }).or(page.getByText('No quick views yet')),
  ).toBeVisible();
  await screenshot(page, 'settings-quick-views-375', project());
});
