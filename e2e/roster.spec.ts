import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { templateStart } from '@rostra/core/roster/grid';
import {
  DAY,
  FORTNIGHT,
  fortnightWeek,
  HOUR,
  toWallClock,
  toYmd,
  WEEK,
  weekStart,
} from '@rostra/core/time/calendar';
import { enterApp, USERS } from './helpers.ts';

/*
 * /masterroster. Data: template items this spec adds for resource r049 (notes "e2e roster <run>")
 * and the bookings its rollout writes 8–10 weeks ahead; no other spec uses r049 or that period's
 * rollout.
 */

const TZ = 'Australia/Sydney';
const here = dirname(fileURLToPath(import.meta.url));
const run = Date.now().toString(36);

async function shot(page: Page, name: string, project: string): Promise<void> {
  const path = join(here, '..', 'test-results', 'screenshots', `${name}-${project}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, animations: 'disabled' });
}

type Rec = Record<string, unknown> & { _id: string };

test('master roster: template items added on the fortnight grid roll out to rostered bookings of a chosen period, with a summary', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterApp(page, USERS.dispatcher, '/masterroster');
  const resource = (await (await page.request.get('/api/v1/resources/r049')).json()).name as string;
  const customer = (await (await page.request.get('/api/v1/customers/c039')).json()).name as string;

  const add = async (week: '1' | '2', day: string, begin: string, end: string) => {
    await page.getByRole('button', { name: 'Add item', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New template item' });
    await dialog.getByLabel('Week').selectOption(week);
    await dialog.getByLabel('Day').selectOption({ label: day });
    await dialog.getByLabel('Begins').fill(begin);
    await dialog.getByLabel('Ends').fill(end);
    await dialog.getByLabel('Resource').selectOption({ label: resource });
    await dialog.getByLabel('Customer').selectOption({ label: customer });
    await dialog.getByLabel('Notes').fill(`e2e roster ${run}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
  };
  await add('1', 'Monday', '08:00', '09:30');
  await add('2', 'Wednesday', '14:00', '15:00');
  const row = page.locator('[data-row="r049"]');
  await expect(row.getByRole('button', { name: /^Edit 08:00–09:30 .*Monday Week 1$/ })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Edit 14:00–15:00 .*Wednesday Week 2$/ })).toBeVisible();

  // Edit one: the chip moves to its new time.
  await row.getByRole('button', { name: /^Edit 14:00–15:00/ }).click();
  const edit = page.getByRole('dialog', { name: 'Template item' });
  await edit.getByLabel('Begins').fill('13:00');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('button', { name: /^Edit 13:00–15:00 .*Wednesday Week 2$/ })).toBeVisible();
  await shot(page, 'master-roster', info.project.name);

  // Roll out a fortnight 8 weeks ahead.
  const from = weekStart(toWallClock(Date.now(), TZ)) + 8 * WEEK;
  const rollout = page.getByRole('region', { name: 'Roll out to bookings' });
  await rollout.getByLabel('From').fill(toYmd(from));
  await rollout.getByLabel('To (inclusive)').fill(toYmd(from - DAY));
  await rollout.getByRole('button', { name: 'Preview' }).click();
  await expect(rollout.getByRole('alert')).toHaveText(
    'The period must end on or after its first day, and cover at most 62 days.',
  );
  await rollout.getByLabel('To (inclusive)').fill(toYmd(from + FORTNIGHT - DAY));
  await rollout.getByRole('button', { name: 'Preview' }).click();
  await expect(rollout.getByRole('status')).toContainText('bookings in this period');
  await rollout.getByRole('button', { name: 'Roll out' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  const summary = rollout.getByRole('status', { name: 'Rollout done' });
  await expect(summary).toBeVisible();
  await shot(page, 'master-roster-rollout', info.project.name);

  // The bookings exist on the real days, by week parity, rostered for r049.
  const t0 = templateStart(0);
  const items = (
    (await (
      await page.request.get(
        `/api/v1/timeline-records?_key=booking&from=${t0 - WEEK}&to=${t0 + 3 * WEEK}&limit=250`,
      )
    ).json()) as { items: Rec[] }
  ).items.filter((r) => r.notes === `e2e roster ${run}`);
  expect(items).toHaveLength(2);
  const weekOf = (w: 1 | 2) => (fortnightWeek(from) === w ? from : from + WEEK);
  const expected = [
    {
      item: items.find((i) => i.week === 1) as Rec,
      begin: weekOf(1) + DAY + 8 * HOUR,
      end: weekOf(1) + DAY + 9.5 * HOUR,
    },
    {
      item: items.find((i) => i.week === 2) as Rec,
      begin: weekOf(2) + 3 * DAY + 13 * HOUR,
      end: weekOf(2) + 3 * DAY + 15 * HOUR,
    },
  ];
  for (const { item, begin, end } of expected) {
    const id = `${item._id}-${toYmd(begin).replaceAll('-', '')}`;
    const res = await page.request.get(`/api/v1/timeline-records/${id}`);
    expect(res.status(), id).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'rostered',
      resIds: ['r049'],
      customerId: 'c039',
      utc_begin_plus_tz: begin,
      utc_end_plus_tz: end,
      type: 'roster',
    });
  }
  await expect(summary).toContainText('Rostered');

  // A second rollout of the period finds them there already.
  await rollout.getByRole('button', { name: 'Preview' }).click();
  await expect(rollout.getByRole('status').first()).toContainText('already rolled out');

  // By customer: the same items in the customer's row.
  await page.getByRole('link', { name: 'By customer' }).click();
  await expect(page).toHaveURL(/\/mascustomer$/);
  await expect(
    page.locator('[data-row="c039"]').getByRole('button', { name: /^Edit 08:00–09:30/ }),
  ).toBeVisible();
});
