import { expect, type Page, test } from '@playwright/test';
import { apiCall, enterApp, expectToast, menuEntries, screenshot, USERS } from './helpers.ts';

/*
 * Issue 22 point 1 on the screens: `planner_recurrence` (the booking form's Repeat option) and
 * `planner_plan` (the Planner screen and its menu entry), on and off. What the server allows is
 * apps/server/src/planner/booking-series.test.ts. Each test puts the settings back as they were.
 */

type Settings = {
  display?: Record<string, unknown>;
  menu?: Record<string, unknown>;
  versions?: Record<string, number>;
};
type Rec = Record<string, unknown>;

const DAY = 86_400;
const H = 3600;

/** Sets these flags of one settings document (as the dispatcher on `page`); answers a restore. */
async function setDoc(page: Page, key: 'display' | 'menu', flags: Record<string, boolean>) {
  const read = async () => (await apiCall(page, 'GET', `/settings?keys=${key}`)) as unknown as Settings;
  const before = await read();
  const put = async (value: Rec) =>
    apiCall(page, 'PUT', '/settings', { key, value, version: (await read()).versions?.[key] ?? 0 });
  await put({ ...before[key], ...flags });
  return async () => void (await put(before[key] ?? {}));
}

const tagOf = () => Math.floor(Math.random() * 1e8).toString(36);

test.describe('planner flags', () => {
  test('planner_recurrence: a dispatcher repeats a new booking weekly; more than 366 is refused at the field; off, no Repeat', async ({
    page,
  }) => {
    const project = test.info().project.name;
    await page.setViewportSize({ width: 1280, height: 900 });
    await enterApp(page, USERS.dispatcher, '/bookings');
    const restore = await setDoc(page, 'display', { planner_recurrence: true });
    const reference = `Series ${tagOf()}`;
    try {
      await page.reload();
      await page.getByRole('button', { name: 'New booking' }).click();
      const form = page.getByTestId('booking-form');
      await form.getByLabel('Reference').fill(reference);
      await form.getByLabel('Date').fill('2031-04-07');
      await form.getByLabel('Begins').fill('09:00');
      await form.getByLabel('Ends', { exact: true }).fill('10:00');
      await form.getByLabel('Customer', { exact: true }).selectOption('c001');
      await form.getByLabel('Repeat', { exact: true }).selectOption('weekly');
      await form.getByLabel('Number of bookings').fill('400');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(
        form.getByText('A series has at most 366 bookings: choose an earlier last day or fewer occurrences'),
      ).toBeVisible();
      await form.getByLabel('Number of bookings').fill('4');
      await expect(form.getByText('Weekly on Monday, 4 times.', { exact: false })).toBeVisible();
      await screenshot(page, 'booking-form-repeat-1280', project);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toHaveCount(0);
      await expectToast(page, '4 bookings saved');

      const monday = Date.parse('2031-04-07T00:00:00Z') / 1000;
      const made = (
        (await apiCall(
          page,
          'GET',
          `/timeline-records?_key=booking&from=${monday}&to=${monday + 28 * DAY}&limit=250`,
        )) as unknown as { items: Rec[] }
      ).items.filter((b) => b.reference === reference);
      expect(made.map((b) => b.utc_begin_plus_tz)).toEqual(
        [0, 7, 14, 21].map((d) => monday + d * DAY + 9 * H),
      );

      // Off: the form offers no Repeat (the server would refuse a series: 409 recurrence_off).
      await setDoc(page, 'display', { planner_recurrence: false });
      await page.goto('/bookings');
      await page.getByRole('button', { name: 'New booking' }).click();
      await expect(page.getByTestId('booking-form').getByLabel('Begins')).toBeVisible();
      await expect(page.getByTestId('booking-repeat')).toHaveCount(0);
    } finally {
      await restore();
    }
  });

  test('planner_plan: the Planner lists the series and ends one; off, no menu entry and the screen says so', async ({
    page,
  }) => {
    const project = test.info().project.name;
    await page.setViewportSize({ width: 1280, height: 800 });
    await enterApp(page, USERS.dispatcher, '/');
    const restoreDisplay = await setDoc(page, 'display', { planner_plan: true, planner_recurrence: true });
    const restoreMenu = await setDoc(page, 'menu', { planner: true });
    const reference = `Plan ${tagOf()}`;
    try {
      const day = Date.parse('2031-05-05T00:00:00Z') / 1000 + 8 * H;
      await apiCall(page, 'POST', '/booking-series', {
        reference,
        customerId: 'c001',
        utc_begin_plus_tz: day,
        utc_end_plus_tz: day + H,
        repeat: { frequency: 'daily', count: 3 },
      });
      await page.reload();
      expect(await menuEntries(page)).toContain('Planner');
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Planner' })
        .click();
      await expect(page).toHaveURL(/\/planner$/);
      const row = page.getByRole('row').filter({ hasText: reference });
      await expect(row).toContainText('Daily, 3 times');
      await expect(row.getByRole('link', { name: /Open the booking of 05\/May\/2031/ })).toBeVisible();
      await screenshot(page, 'planner-1280', project);

      await row.getByRole('button', { name: `End series ${reference}` }).click();
      await page.getByRole('button', { name: 'End series', exact: true }).click();
      await expect(page.getByText('Series ended: 3 bookings cancelled')).toBeVisible();
      await expect(row).toContainText('Ended');
      await expect(row).toContainText('None to come');

      // A phone gets cards instead of the wide table, with the same facts.
      await page.setViewportSize({ width: 375, height: 780 });
      const card = page
        .getByRole('list', { name: 'Booking series' })
        .getByRole('listitem')
        .filter({ hasText: reference });
      await expect(card).toContainText('Daily, 3 times');
      await expect(card).toContainText('Ended');
      await screenshot(page, 'planner-375', project);

      // Off: no menu entry, and the screen says so without asking the server.
      await page.setViewportSize({ width: 1280, height: 800 });
      await setDoc(page, 'display', { planner_plan: false });
      await page.reload();
      expect(await menuEntries(page)).not.toContain('Planner');
      await expect(page.getByText('This organisation does not use the planner')).toBeVisible();
    } finally {
      await restoreMenu();
      await restoreDisplay();
    }
  });
});
