import { expect, type Page, test } from '@playwright/test';
import { DAY, formatDate, toWallClock, WEEK, weekStart } from '@rostra/core/time/calendar';
import { enterApp, expectToast, screenshot, USERS } from './helpers.ts';

/*
 * Issue #22 points 2 and 3: the organisation's date format and week start day, changed in the
 * settings, change what the screens print and where their weeks begin. The test puts both back.
 */

type Company = { date_format: string; version: number };
type Allocation = { week_start_day: number; switches: Record<string, boolean>; version: number };

const read = async <T>(page: Page, path: string): Promise<T> =>
  (await (await page.request.get(`/api/v1${path}`)).json()) as T;

test("dates print in the organisation's format and weeks start on its day, after changing both in settings", async ({
  page,
}, info) => {
  // Two settings saves, two screens and the restore: more steps than most tests.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterApp(page, USERS.dispatcher, '/settings#company');
  const origin = new URL(page.url()).origin;
  const zone = (await read<{ company: { time_zone: string } }>(page, '/me')).company.time_zone;
  const company = await read<Company>(page, '/company');
  const allocation = await read<Allocation>(page, '/allocation-settings');
  expect(company.date_format).toBe('dd/mmm/yyyy');
  expect(allocation.week_start_day).toBe(0);
  try {
    await page.getByRole('tabpanel').getByLabel('Date format').selectOption('yyyy-mm-dd');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Settings saved');
    await page.getByRole('tab', { name: 'Allocation checks' }).click();
    await page.getByRole('tabpanel').getByLabel('Week starts on').selectOption({ label: 'Monday' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Settings saved');

    const monday = weekStart(toWallClock(Date.now(), zone), 1);
    const iso = (sec: number) => formatDate(sec, 'yyyy-mm-dd');

    // The week view runs Monday to Sunday, its dates written yyyy-mm-dd.
    await page.goto('/week2');
    const range = page.locator('main [aria-live="polite"]').first();
    await expect(range).toHaveText(`${iso(monday)} – ${iso(monday + WEEK - DAY)}`);
    await page.getByRole('button', { name: 'Next week', exact: true }).click();
    await expect(range).toHaveText(`${iso(monday + WEEK)} – ${iso(monday + 2 * WEEK - DAY)}`);
    await expect(page.getByTestId('week-grid').or(page.getByText('No bookings in this week'))).toBeVisible();
    await screenshot(page, 'date-format-week-1280', info.project.name);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'date-format-week-375', info.project.name);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Reports' "this week" is Monday to Sunday too, in the new format.
    await page.goto('/reports');
    await expect(page.getByLabel('From', { exact: true }).first()).toHaveValue(iso(monday));
    await expect(page.getByLabel('To', { exact: true }).first()).toHaveValue(iso(monday + 6 * DAY));
  } finally {
    // Put both back for the other specs.
    const nowCompany = await read<Company>(page, '/company');
    const back = await page.request.put('/api/v1/company', {
      data: { date_format: company.date_format, version: nowCompany.version },
      headers: { origin },
    });
    expect(back.status(), await back.text()).toBe(200);
    const nowAllocation = await read<Allocation>(page, '/allocation-settings');
    const backAllocation = await page.request.put('/api/v1/allocation-settings', {
      data: {
        week_start_day: allocation.week_start_day,
        switches: allocation.switches,
        version: nowAllocation.version,
      },
      headers: { origin },
    });
    expect(backAllocation.status(), await backAllocation.text()).toBe(200);
  }
});
