import { expect, type Page, type Response, test } from '@playwright/test';
import { enterApp, todaysJob, USERS } from './helpers.ts';

/*
 * Generated from the menus themselves (issue #16 point 11): for every demo role, every entry its
 * menu shows opens a screen with a heading, no answer of 400 or more to any /api/ request made
 * while it is open, and no "Access denied". One sign-in per role; the entries are followed by
 * clicking them in the same page, as a user would. The menu comes from the core's screen-access
 * table, as does the server's access to each screen's data, so an entry shown means its data is
 * readable and this test proves it for whatever the seed's menus hold.
 */

const ROLES = ['dispatcher', 'scheduler', 'resource', 'customer', 'partner'] as const;

/** Every /api/ answer of 400 or more, tagged with the entry open when it came. */
function watchRefusals(page: Page, current: () => string): string[] {
  const refusals: string[] = [];
  page.on('response', (res: Response) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/') && res.status() >= 400) {
      refusals.push(`${current()}: ${res.status()} ${res.request().method()} ${url.pathname}${url.search}`);
    }
  });
  return refusals;
}

async function menuLinks(page: Page): Promise<{ name: string; href: string }[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  return nav
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((a) => ({ name: a.textContent?.trim() ?? '', href: a.getAttribute('href') ?? '' })),
    );
}

for (const role of ROLES) {
  test(`every menu entry of the ${role} opens without a refused request`, async ({ page }) => {
    test.setTimeout(180_000);
    let current = 'sign-in';
    const refusals = watchRefusals(page, () => current);
    const problems: string[] = [];
    await enterApp(page, USERS[role], '/');
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const links = await menuLinks(page);
    expect(links.length).toBeGreaterThan(0);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    for (const link of links) {
      current = `${link.name} (${link.href})`;
      await nav.locator(`a[href="${link.href}"]`).first().click();
      await expect(page).toHaveURL((url) => url.pathname === link.href);
      try {
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
      } catch {
        problems.push(`${current}: no heading`);
      }
      // Let the screen's first requests settle so their answers are counted on this entry.
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      if (
        await page
          .getByText(/Access denied/i)
          .first()
          .isVisible()
      )
        problems.push(`${current}: Access denied`);
    }
    current = 'done';
    expect([...problems, ...refusals]).toEqual([]);
  });
}

test('after a company switch no request of the previous role is made', async ({ page }) => {
  // multi@rostra.test: dispatcher at Harbour Care (where a sign-in starts), customer at Metro Movers.
  await enterApp(page, USERS.multi, '/customers');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  let phase = 'before';
  const refusals = watchRefusals(page, () => phase);
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Switch company or role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch company or role' });
  await dialog.getByRole('radio', { name: /Metro Movers/ }).check();
  phase = 'switching';
  await dialog.getByRole('button', { name: 'Switch' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  const me = (await (await page.request.get('/api/v1/me')).json()) as { org_id: string; role: string };
  expect(me).toMatchObject({ org_id: 'metro-movers', role: 'customer' });
  // The customer's menu has none of the dispatcher's entries, and nothing was refused on the way.
  const names = (await menuLinks(page)).map((l) => l.href);
  expect(names).not.toContain('/customers');
  expect(refusals).toEqual([]);
});

test("the customer's chat offers only 'Call service provider' (spec §6), no Employee", async ({
  page,
  browser,
}) => {
  await enterApp(page, USERS.dispatcher, '/');
  const job = await todaysJob(page);
  const context = await browser.newContext({ baseURL: String(test.info().project.use.baseURL) });
  const customer = await context.newPage();
  await enterApp(customer, USERS.customer, `/bookings?job_id=${job._id}`);
  const detail = customer.getByTestId('booking-detail');
  await detail.getByRole('tab', { name: 'Chats' }).click();
  const buttons = detail.getByRole('group', { name: 'Contact' });
  await expect(buttons).toBeVisible();
  await expect(buttons.getByText('Call service provider')).toBeVisible();
  await expect(buttons.locator('a, button, [aria-disabled]')).toHaveCount(1);
  await expect(detail.getByRole('group', { name: 'Employee' })).toHaveCount(0);
  await expect(detail.getByText('Employee', { exact: true })).toHaveCount(0);
  await context.close();
});
