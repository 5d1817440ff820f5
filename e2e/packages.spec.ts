import { expect as baseExpect, test } from '@playwright/test';
import { enterApp, screenshot, USERS, watchPageErrors } from './helpers.ts';

/** The machine is shared and slow at times: screens get 15 s to show what they should. */
const expect = baseExpect.configure({ timeout: 15_000 });

/*
 * Customer package requests (issue #22 point 14, shell spec §5): on Home a customer sends a
 * service package request — first without a type, which shows the spec's message — and a
 * dispatcher, in another browser, sees it live among the package requests and marks it handled.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a customer sends a package request (a type first) and a dispatcher sees it and marks it handled', async ({
  page,
  browser,
}) => {
  const note = `Two rooms, ground floor ${unique()}`;
  const errors = watchPageErrors(page);
  const dispatcherContext = await browser.newContext();
  const dispatcher = await dispatcherContext.newPage();
  try {
    await enterApp(dispatcher, USERS.dispatcher, '/');
    const requests = dispatcher.getByRole('table', { name: 'Package requests' });
    await expect(dispatcher.getByRole('heading', { name: 'Package requests' })).toBeVisible();

    await enterApp(page, USERS.customer, '/');
    const section = page.getByRole('region', { name: 'Service packages' });
    await section.getByRole('button', { name: 'Send a package request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a package request' });
    await expect(dialog.getByLabel('Type').locator('option', { hasText: 'Home Care' })).toHaveCount(1);
    await dialog.getByLabel('Note').fill(note);
    await screenshot(page, 'packages-form-1280', test.info().project.name);
    // Without a type: the spec's message, on the field, and nothing is sent.
    await dialog.getByRole('button', { name: 'Send a package request' }).click();
    await expect(dialog.getByText('Please select a type before sending a package')).toBeVisible();
    await expect(dialog.getByLabel('Type')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Type')).toBeFocused();
    await screenshot(page, 'packages-form-message-1280', test.info().project.name);

    await dialog.getByLabel('Type').selectOption({ label: 'Home Care' });
    await dialog.getByRole('button', { name: 'Send a package request' }).click();
    await expect(dialog).toBeHidden();
    const mine = section.getByRole('table', { name: 'Your package requests' });
    const myRow = mine.getByRole('row').filter({ hasText: note });
    await expect(myRow).toContainText('Home Care');
    await expect(myRow).toContainText('Open');
    await screenshot(page, 'packages-customer-1280', test.info().project.name);

    // The dispatcher's list refreshes live: the request is there, by customer, type and note.
    const row = requests.getByRole('row').filter({ hasText: note });
    await expect(row).toContainText('Home Care');
    await expect(row).toContainText('Open');
    await row.scrollIntoViewIfNeeded();
    await screenshot(dispatcher, 'packages-dispatcher-1280', test.info().project.name);
    await row.getByRole('button', { name: /Mark handled/ }).click();
    await expect(row).toHaveCount(0);
    await dispatcher.getByLabel('Show handled ones too').check();
    await expect(requests.getByRole('row').filter({ hasText: note })).toContainText('Handled');
    // The customer's own list says so too, live.
    await expect(myRow).toContainText('Handled');

    // Phones: the same sections at 375 px, the requests as cards.
    for (const p of [page, dispatcher]) await p.setViewportSize({ width: 375, height: 800 });
    await expect(section.getByRole('list', { name: 'Your package requests' })).toContainText(note);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'packages-customer-375', test.info().project.name);
    await section.getByRole('button', { name: 'Send a package request' }).click();
    await dialog.getByRole('button', { name: 'Send a package request' }).click();
    await expect(dialog.getByText('Please select a type before sending a package')).toBeVisible();
    await screenshot(page, 'packages-form-message-375', test.info().project.name);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const cards = dispatcher.getByRole('list', { name: 'Package requests' });
    await expect(cards.getByRole('listitem').filter({ hasText: note })).toContainText('Handled');
    await cards.scrollIntoViewIfNeeded();
    await screenshot(dispatcher, 'packages-dispatcher-375', test.info().project.name);
    expect(errors).toEqual([]);
  } finally {
    await dispatcherContext.close();
  }
});
