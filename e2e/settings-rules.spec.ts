import { expect, test } from '@playwright/test';
import { enterApp, screenshot, USERS } from './helpers.ts';

/*
 * /settings › Allocation › Rules (issue 20 point 3): a dispatcher switches the minimum rest rule
 * on with its minutes; a value out of range is refused by the field. What the test changes is put
 * back afterwards (other specs share the seeded server).
 */

type Doc = {
  week_start_day: number;
  switches: Record<string, boolean>;
  min_rest_minutes: number;
  version: number;
};

test('the minimum rest rule is switched on with its minutes and kept; out of range is refused', async ({
  page,
}, info) => {
  await enterApp(page, USERS.dispatcher, '/settings#allocation');
  const before = (await (await page.request.get('/api/v1/allocation-settings')).json()) as Doc;
  const rules = page.getByRole('group', { name: 'Rules' });
  const rest = rules.getByRole('checkbox', { name: 'Minimum rest between two jobs' });
  const minutes = rules.getByLabel('Minimum rest, minutes');
  await expect(rest).not.toBeChecked();
  await expect(minutes).toHaveValue('600');
  await rest.check();
  await minutes.fill('90');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/v1/allocation-settings')).json()) as Doc).min_rest_minutes,
    )
    .toBe(90);
  await page.reload();
  await expect(rest).toBeChecked();
  await expect(minutes).toHaveValue('90');
  await minutes.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-rules-1280', info.project.name);
  await minutes.fill('2000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(rules.getByText('A whole number of minutes from 0 to 1440')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await rules.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-rules-375', info.project.name);

  const now = (await (await page.request.get('/api/v1/allocation-settings')).json()) as Doc;
  const origin = new URL(page.url()).origin;
  const res = await page.request.put('/api/v1/allocation-settings', {
    data: {
      week_start_day: before.week_start_day,
      switches: before.switches,
      min_rest_minutes: before.min_rest_minutes,
      version: now.version,
    },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(200);
});

test('consecutive days, credential expiry and minimum hours are switched on and kept; 0 days is refused', async ({
  page,
}, info) => {
  await enterApp(page, USERS.dispatcher, '/settings#allocation');
  const before = (await (await page.request.get('/api/v1/allocation-settings')).json()) as Doc & {
    max_consecutive_days: number;
  };
  const rules = page.getByRole('group', { name: 'Rules' });
  const days = rules.getByRole('checkbox', { name: 'Maximum consecutive working days' });
  const credential = rules.getByRole('checkbox', { name: /^Credential expiry/ });
  const minimum = rules.getByRole('checkbox', { name: /^Prefer resources under their minimum hours/ });
  const most = rules.getByLabel('Most working days in a row');
  for (const box of [days, credential, minimum]) await expect(box).not.toBeChecked();
  await expect(most).toHaveValue('6');
  await days.check();
  await credential.check();
  await minimum.check();
  await most.fill('5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(async () => {
      const d = (await (await page.request.get('/api/v1/allocation-settings')).json()) as Doc & {
        max_consecutive_days: number;
      };
      return [
        d.max_consecutive_days,
        d.switches.MAX_CONSECUTIVE_DAYS_NOT_CHECK,
        d.switches.MIN_HOURS_NOT_CHECK,
      ];
    })
    .toEqual([5, false, false]);
  await page.reload();
  for (const box of [days, credential, minimum]) await expect(box).toBeChecked();
  await expect(most).toHaveValue('5');
  await rules.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-rules-all-1280', info.project.name);
  await most.fill('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(rules.getByText('A whole number of days from 1 to 28')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await rules.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-rules-all-375', info.project.name);

  const now = (await (await page.request.get('/api/v1/allocation-settings')).json()) as Doc;
  const res = await page.request.put('/api/v1/allocation-settings', {
    data: {
      week_start_day: before.week_start_day,
      switches: before.switches,
      min_rest_minutes: before.min_rest_minutes,
      max_consecutive_days: before.max_consecutive_days,
      version: now.version,
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(200);
});

test('travel time is switched on with its road factor and speed and kept; a speed out of range is refused', async ({
  page,
}, info) => {
  type Travel = Doc & { travel_road_factor: number; travel_speed_kmh: number };
  await enterApp(page, USERS.dispatcher, '/settings#allocation');
  const before = (await (await page.request.get('/api/v1/allocation-settings')).json()) as Travel;
  const rules = page.getByRole('group', { name: 'Rules' });
  const travel = rules.getByRole('checkbox', { name: 'Travel time between consecutive jobs' });
  const factor = rules.getByLabel('Road factor');
  const speed = rules.getByLabel('Average speed, km/h');
  await expect(travel).not.toBeChecked();
  await expect(factor).toHaveValue('1.3');
  await expect(speed).toHaveValue('40');
  await travel.check();
  await factor.fill('1.5');
  await speed.fill('50');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(async () => {
      const d = (await (await page.request.get('/api/v1/allocation-settings')).json()) as Travel;
      return [d.travel_road_factor, d.travel_speed_kmh, d.switches.TRAVEL_TIME_NOT_CHECK];
    })
    .toEqual([1.5, 50, false]);
  await page.reload();
  await expect(travel).toBeChecked();
  await expect(factor).toHaveValue('1.5');
  await expect(speed).toHaveValue('50');
  await speed.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-rules-travel-1280', info.project.name);
  await speed.fill('200');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(rules.getByText('A whole number of km/h from 5 to 130')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await speed.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-rules-travel-375', info.project.name);

  const now = (await (await page.request.get('/api/v1/allocation-settings')).json()) as Doc;
  const res = await page.request.put('/api/v1/allocation-settings', {
    data: {
      week_start_day: before.week_start_day,
      switches: before.switches,
      travel_road_factor: before.travel_road_factor,
      travel_speed_kmh: before.travel_speed_kmh,
      version: now.version,
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(200);
});
