import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { enterApp, USERS } from './helpers.ts';

/** The machine is shared and slow at times: screens get 15 s to show what they should. */
const expect = baseExpect.configure({ timeout: 15_000 });

/*
 * Exception detail (issue 7, point 9). The seed leaves past bookings confirmed, dispatched or
 * active (the report's food) but stores no exception config, so this spec sets one — "every
 * current booking should be finished 30 minutes after its end" — and puts the empty config back,
 * waiting until the report is empty again, as the shell spec's banner test does: the config is
 * the organisation's, shared by every spec. Nothing else is changed.
 */

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

type Entry = { _id: string; action_status: string; curr_state: string; curr_state_date: number | null };

async function putExceptionConfig(page: Page, configs: Record<string, unknown>[]): Promise<void> {
  const origin = new URL(page.url()).origin;
  const current = (await (await page.request.get('/api/v1/exception-report/config')).json()) as {
    version: number;
  };
  const res = await page.request.put('/api/v1/exception-report/config', {
    headers: { origin },
    data: { configs, version: current.version },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const reportEntries = async (page: Page): Promise<Entry[]> =>
  ((await (await page.request.get('/api/v1/exception-report')).json()) as { entries: Entry[] }).entries;

test.describe('exception detail', () => {
  // The server recomputes the report once a minute: waiting for it (twice) takes time.
  test.setTimeout(240_000);

  test('lists the seeded exceptions in the core order, amber or red, each opening its booking', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await enterApp(page, USERS.dispatcher, '/exception-detail');
    await expect(page.getByText('There are no exceptions in the current report.')).toBeVisible();
    try {
      await putExceptionConfig(page, [{ action_status: 'finished', exception_min_amber: 30 }]);
      await expect
        .poll(async () => (await reportEntries(page)).length, { timeout: 150_000 })
        .toBeGreaterThan(0);
      const entries = await reportEntries(page);

      await page.reload();
      const rows = page.getByRole('table').locator('tbody tr');
      await expect(rows).toHaveCount(entries.length);
      // The server stores the report in the core's order; the screen shows it in that order.
      expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-exception')))).toEqual(
        entries.map((e) => e._id),
      );
      // Every row is amber or red, never without a state; seeded bookings ended days ago are red.
      const severities = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-severity')));
      expect(severities.every((s) => s === 'amber' || s === 'red')).toBe(true);
      expect(severities).toContain('red');
      await expect(rows.first().getByText(/^(Amber|Red)/)).toBeVisible();
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `exception-detail-1280-${test.info().project.name}.png`) });

      const first = entries[0] as Entry;
      await rows
        .first()
        .getByRole('link', { name: `Open booking ${first._id}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/bookings\\?job_id=${first._id}$`));
      await expect(page.getByTestId('booking-detail')).toBeVisible();
      await expect(page.getByTestId('booking-detail').locator('header [data-status]')).toHaveAttribute(
        'data-status',
        first.curr_state,
      );
    } finally {
      await putExceptionConfig(page, []);
      await expect.poll(async () => (await reportEntries(page)).length, { timeout: 150_000 }).toBe(0);
    }
  });

  test('is a dispatcher screen: a resource is told it is not available', async ({ page }) => {
    await enterApp(page, USERS.resource, '/exception-detail');
    await expect(page.getByText('The exception report is not available yet.')).toBeVisible();
  });
});
