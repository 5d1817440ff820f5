import { expect, type Page, test } from '@playwright/test';
import { enterApp, screenshot, USERS, watchPageErrors } from './helpers.ts';

/*
 * (enterApp waits for the top bar, which a drawer open over it hides from the accessibility tree,
 * so each test enters first and then opens the address with its parameters.)
 *
 * The query parameters of spec §2 on any route (issue #22 point 6): `task_id` opens that project
 * task over whatever screen is shown (with `calevent_id`, that event of it marked), for every role
 * the server lets read it; `show` opens the named view of the shell. The seed gives every
 * organisation task-1 (its first customer's user on the readers list, with calendar events
 * calevent-1 and calevent-2) and task-2 (dispatchers only).
 */

const overlay = (page: Page) => page.getByTestId('task-overlay');

test('task_id opens the task over any screen; calevent_id marks its event; closing keeps the screen', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  await enterApp(page, USERS.dispatcher, '/customers');
  await page.goto('/customers?task_id=task-1');
  await expect(overlay(page).getByRole('heading', { name: 'Home safety assessment' })).toBeVisible();
  await expect(overlay(page).getByRole('link', { name: 'Site visit' })).toBeVisible();
  // Every organisation has a task-1: only this organisation's is ever shown.
  await expect(page.getByText('Office relocation plan')).toHaveCount(0);
  // The screen under it is the customers list, still there once the task is closed.
  await screenshot(page, 'query-task-1280', test.info().project.name);
  await page.keyboard.press('Escape');
  await expect(overlay(page)).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === '/customers' && !url.searchParams.has('task_id'));
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 780 });
  await page.goto('/bookings?task_id=task-1&calevent_id=calevent-2');
  const marked = overlay(page).locator('[aria-current="true"]');
  await expect(marked).toHaveCount(1);
  await expect(marked.getByRole('link', { name: 'Report review' })).toBeVisible();
  await screenshot(page, 'query-task-event-375', test.info().project.name);
  expect(errors).toEqual([]);
});

test('a customer sees a task on its readers list from any route; another task is refused plainly', async ({
  page,
}) => {
  await enterApp(page, USERS.customer, '/');
  await page.goto('/?task_id=task-2');
  await expect(overlay(page).getByText('This record does not exist or you may not see it.')).toBeVisible();
  await expect(page.getByText('Quarterly compliance audit')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/?task_id=task-1');
  await expect(overlay(page).getByRole('heading', { name: 'Home safety assessment' })).toBeVisible();
  // A customer never sees version info: ?show=whats-new opens nothing for them.
  await page.keyboard.press('Escape');
  await page.goto('/?show=whats-new');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page).toHaveURL((url) => !url.searchParams.has('show'));
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('show opens the named view of the shell on any route, once', async ({ page }) => {
  await enterApp(page, USERS.dispatcher, '/customers');
  await page.goto('/customers?show=notifications');
  await expect(page.getByTestId('notification-drawer')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/customers' && !url.searchParams.has('show'));
  await page.keyboard.press('Escape');
  await page.goto('/resources?show=help');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/resources?show=nonsense');
  await expect(page.getByRole('heading', { name: 'Resources' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
