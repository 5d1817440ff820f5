import { expect as baseExpect, type Page, test } from '@playwright/test';
import { enterApp, USERS } from './helpers.ts';

/** The machine is shared and slow at times: screens get 15 s to show what they should. */
const expect = baseExpect.configure({ timeout: 15_000 });

/*
 * The top bar's global search (issue 8, point 2): typed with a typo, the results list groups hits
 * by kind; ↓ and Enter open a hit on its screen; Escape closes the list; a text nothing matches
 * says so. The customer searched for is made through the API with a unique name, so runs do not
 * collide.
 */

const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function makeCustomer(page: Page, first: string, last: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/v1/customers', {
    data: { name: `${first} ${last}`, first_name: first, last_name: last, phone: '+61400000999' },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

test('search from the top bar and open a result by keyboard', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await enterApp(page, USERS.dispatcher, '/');
  const last = `Vexworth${letters()}`;
  const id = await makeCustomer(page, 'Ottoline', last);

  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search' }).first();
  await box.click();
  // "Otoline": a typo in the first name still finds her.
  await box.fill(`Otoline ${last.toLowerCase()}`);
  const results = page.getByRole('listbox', { name: 'Search results' }).first();
  const group = results.getByRole('group', { name: 'Customers' });
  await expect(group.getByRole('option', { name: new RegExp(`Ottoline ${last}`) })).toBeVisible();

  // The first hit is active (the box points at it); ↓ and ↑ move and come back; Enter opens it.
  await box.press('ArrowDown');
  await box.press('ArrowUp');
  const active = results.getByRole('option', { selected: true });
  await expect(active).toContainText(`Ottoline ${last}`);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/customers\\?id=${id}$`));
  await expect(
    page.getByTestId('customer-detail').getByRole('heading', { name: `Ottoline ${last}` }),
  ).toBeVisible();
  // Opening a hit clears the search text (the box is behind the detail until it closes).
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('');

  // Escape closes the list; a text nothing matches says so.
  await page.goto('/');
  await box.click();
  await box.fill(`zq${letters()}xj`);
  await expect(page.getByText(/^No results for “zq/).first()).toBeVisible();
  await box.press('Escape');
  await expect(page.getByTestId('search-results')).toHaveCount(0);
  expect(errors).toEqual([]);
});
