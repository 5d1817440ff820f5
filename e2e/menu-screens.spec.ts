import { expect, type Page, test } from '@playwright/test';
import { MENU_ORDER, menuPath } from '@rostra/core/shell/menu';
import { enterApp, USERS } from './helpers.ts';

/*
 * Every menu screen opens for a dispatcher without an error in the console and shows its own
 * screen (a heading, not the 'coming later' state). The organisation's menu flags are all turned
 * on through the settings API for the run and put back afterwards.
 */

const COMING_LATER = 'This screen is coming in a later release.';

type SettingsAnswer = {
  menu: Record<string, unknown>;
  display: Record<string, unknown>;
  versions: { menu: number };
};

async function readSettings(page: Page): Promise<SettingsAnswer> {
  const res = await page.request.get('/api/v1/settings?keys=menu,display');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as SettingsAnswer;
}

async function putMenu(page: Page, value: Record<string, unknown>, version: number): Promise<void> {
  const res = await page.request.put('/api/v1/settings', {
    headers: { origin: new URL(page.url()).origin },
    data: { key: 'menu', value, version },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Console errors and uncaught page errors, tagged with the path open when they happened. */
function watchErrors(page: Page, current: () => string): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${current()}: console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`${current()}: page error: ${e.message}`));
  return errors;
}

test('open each menu screen for a dispatcher without errors in the console', async ({ page }) => {
  test.setTimeout(240_000);
  await enterApp(page, USERS.dispatcher, '/customers');
  const before = await readSettings(page);
  const paths = [
    ...new Set([
      ...MENU_ORDER.map((key) => menuPath(key, before.display)),
      menuPath('timeline', { timelinev2_menu: false }),
    ]),
  ];
  let path = '';
  const errors = watchErrors(page, () => path);
  const problems: string[] = [];
  await putMenu(
    page,
    { ...before.menu, ...Object.fromEntries(MENU_ORDER.map((k) => [k, true])) },
    before.versions.menu,
  );
  try {
    for (path of paths) {
      await page.goto(path);
      await expect(page.getByRole('banner')).toBeVisible();
      const heading = page.getByRole('heading', { level: 1 }).first();
      try {
        await expect(heading).toBeVisible({ timeout: 15_000 });
      } catch {
        problems.push(`${path}: no heading`);
      }
      // Let the screen's first requests settle so their failures are seen on this path.
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      if (await page.getByText(COMING_LATER).isVisible()) problems.push(`${path}: still 'coming later'`);
    }
  } finally {
    const now = await readSettings(page);
    await putMenu(page, before.menu, now.versions.menu);
  }
  expect([...problems, ...errors]).toEqual([]);
});
