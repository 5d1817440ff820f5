import { expect, type Page, test } from '@playwright/test';
import { whatsNewLabel } from '@rostra/core/shell/messages';
import { enterApp, screenshot, USERS, watchPageErrors } from './helpers.ts';

/*
 * What's New (shell spec §2, §3, §6, §7): a release the operator publishes while the app is open
 * reaches the panel and the button's dot live, without a reload; reading it clears the dot; a
 * customer never sees version info. e2e/serve.mjs sets OPERATOR_TOKEN.
 */

/** A version no run has published yet on this server (the database lives for the whole run). */
let n = Date.now() % 100_000;
const nextVersion = () => `4.${n++}.0`;

/** Publishes through the operator's route, as the operator's tooling would (no browser session). */
async function publish(page: Page, version: string, notes: string): Promise<void> {
  const res = await page.request.post('/api/v1/operator/versions', {
    data: { version, notes },
    headers: { authorization: 'Bearer e2e-operator-token' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const whatsNewButton = (page: Page) => page.getByRole('button', { name: /^What's New/ });

test('a version published while a dispatcher has the app open shows in the panel and the dot, live', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await enterApp(page, USERS.dispatcher, '/customers');
  // Whatever is unread from before is read on opening the panel from the profile menu.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: /^See what's new in \d+\.\d+\.\d+$/ }).click();
  const panel = page.getByTestId('whats-new');
  await expect(panel.getByTestId('whats-new-version').first()).toBeVisible();
  await expect(page.getByTestId('whats-new-dot')).toHaveCount(0);

  // Published while the panel is open: it appears at the top, without a reload, and is read.
  const first = nextVersion();
  await publish(page, first, 'Shift swaps between resources.');
  await expect(panel.getByTestId('whats-new-version').first()).toContainText(`Version ${first}`);
  await expect(panel.getByText('Shift swaps between resources.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: whatsNewLabel(first) })).toBeVisible();
  await screenshot(page, 'whats-new-live-1280', test.info().project.name);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('whats-new-dot')).toHaveCount(0);

  // Published while it is closed: the dot lights, and the profile entry names the new version.
  const second = nextVersion();
  await publish(page, second, 'Faster timeline.');
  await expect(page.getByTestId('whats-new-dot')).toBeVisible();
  await expect(whatsNewButton(page)).toHaveAccessibleName("What's New, new release");
  await page.setViewportSize({ width: 375, height: 780 });
  await screenshot(page, 'whats-new-dot-375', test.info().project.name);
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: whatsNewLabel(second) }).click();
  await expect(page.getByRole('dialog', { name: whatsNewLabel(second) })).toBeVisible();
  await expect(panel.getByText('Faster timeline.')).toBeVisible();
  await screenshot(page, 'whats-new-panel-375', test.info().project.name);
  // Read: the dot is gone, and stays gone after a reload (the server stored it).
  await expect(page.getByTestId('whats-new-dot')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(whatsNewButton(page)).toHaveAccessibleName("What's New");
  await expect(page.getByTestId('whats-new-dot')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a customer sees no version info, even when a version is published while the app is open', async ({
  page,
}) => {
  await enterApp(page, USERS.customer, '/');
  await publish(page, nextVersion(), 'Not for customers.');
  await expect(page.getByRole('button', { name: /What's New/ })).toHaveCount(0);
  await expect(page.getByTestId('whats-new-dot')).toHaveCount(0);
  await page.getByRole('button', { name: 'Profile' }).click();
  const profile = page.getByRole('menu', { name: 'Profile' });
  await expect(profile).toBeVisible();
  await expect(profile.getByText(/version/i)).toHaveCount(0);
  await expect(profile.getByText(/\d+\.\d+\.\d+/)).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: /See what's new/ })).toHaveCount(0);
  // Nor from the API.
  const res = await page.request.get('/api/v1/versions');
  expect(res.status()).toBe(403);
});
