import { expect, type Page, test } from '@playwright/test';
import { HOUR, toYmd } from '@rostra/core/time/calendar';
import { watchPageErrors } from './helpers.ts';
import {
  barOf,
  type Fixture,
  type Json,
  openDay,
  quietExceptionRules,
  rowOf,
  setDisplayFlags,
  setUp,
  shoot,
} from './timeline-fixture.ts';

/*
 * The timeline as the dispatcher's cockpit (issue 18): create on the grid (point 2) and
 * availability and load on the rows (point 4), find and arrange the rows (point 3). Records are
 * made here through the API, 57 to 64 days ahead, on this spec's own resources ('0TL …', sorted
 * first).
 */

/** The name column's width at 1280 px and the day view's pixels per hour. */
const NAME_W = 208;
const HOUR_W = 96;

/** The page x of `hours` after midnight on a row of the day view (the row scrolls with the grid). */
async function xOnRow(page: Page, rowId: unknown, hours: number): Promise<{ x: number; y: number }> {
  const box = await rowOf(page, rowId).boundingBox();
  if (!box) throw new Error('row not visible');
  return { x: box.x + NAME_W + hours * HOUR_W, y: box.y + box.height / 2 };
}

/** A customer with an address (no location: no distance check). */
async function customer(f: Fixture, name: string): Promise<Json> {
  return f.api('POST', '/customers', {
    name,
    phone: '0400 000 001',
    all_location: `${f.run} Grid Street, Sydney NSW 2000`,
  });
}

/** The ids of the rows on screen, group headers included, without the unassigned lane. */
function shownRows(page: Page): Promise<string[]> {
  return page
    .locator('[data-row]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row') ?? ''))
    .then((ids) => ids.filter((id) => id !== '__unassigned__'));
}

/** Takes an option of one of the find and arrange bar's kit selects (a combobox and its list). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types into the quick form's customer search and takes the option. */
async function chooseCustomer(page: Page, name: string) {
  const dialog = page.getByTestId('create-booking');
  await dialog.getByLabel('Customer').fill(name.slice(0, 14));
  await dialog.getByRole('option', { name }).click();
}

test.describe('timeline cockpit', () => {
  quietExceptionRules();

  test('create on the grid: a sweep over an empty stretch opens the quick form, checked live for the row, and saves there', async ({
    page,
  }, info) => {
    const errors = watchPageErrors(page);
    const f = await setUp(page, [57, 58]);
    const day = f.day(57);
    const who = await customer(f, `TLG Sweep ${f.run}`);
    await openDay(page, day);

    // Sweep 10:00 → 12:00 on Ben's empty row: the stretch follows the pointer, snapped to 15 min.
    const from = await xOnRow(page, f.resB._id, 10.05);
    const to = await xOnRow(page, f.resB._id, 11.95);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y, { steps: 3 });
    await page.mouse.move(to.x, to.y, { steps: 6 });
    await expect(rowOf(page, f.resB._id).getByTestId('drag-ghost')).toHaveText('10:00 AM–12:00 PM');
    await page.mouse.up();

    // The quick form: times as swept, then the customer brings their address.
    const dialog = page.getByTestId('create-booking');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`0TL ${f.run} Ben`);
    await expect(dialog.getByLabel('Date')).toHaveValue(toYmd(day));
    await expect(dialog.getByLabel('Begin')).toHaveValue('10:00');
    await expect(dialog.getByLabel('End')).toHaveValue('12:00');
    await chooseCustomer(page, String(who.name));
    await expect(dialog.getByLabel('Address')).toHaveValue(`${f.run} Grid Street, Sydney NSW 2000`);

    // Checked live for Ben by the core's checks: passes; needing a label Ben lacks, fails and says why.
    const check = dialog.getByTestId('create-check');
    await expect(check).toContainText('Passes every check');
    await dialog.getByLabel('Labels').selectOption([String(f.skill._id)]);
    await expect(check).toContainText(`Labels don't match. Missing: TL-skill-${f.run}`);
    await shoot(page, 'timeline-create', info.project.name);
    await dialog.getByLabel('Labels').selectOption([]);
    await expect(check).toContainText('Passes every check');

    // Saved on Ben's row, as the server stores it.
    await dialog.getByRole('button', { name: 'Create booking' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('timeline-outcome')).toContainText(`created on 0TL ${f.run} Ben`);
    const bar = rowOf(page, f.resB._id).locator('button[data-id]');
    await expect(bar).toHaveCount(1);
    const saved = await f.get(String(await bar.getAttribute('data-id')));
    expect(saved).toMatchObject({
      customerId: who._id,
      resIds: [f.resB._id],
      utc_begin_plus_tz: day + 10 * HOUR,
      utc_end_plus_tz: day + 12 * HOUR,
      all_location: `${f.run} Grid Street, Sydney NSW 2000`,
      isConflict: false,
    });
    expect(errors).toEqual([]);
  });

  test("create on the grid by keyboard: a row's New booking opens the quick form at its first free hour; on the Unassigned row it saves unassigned", async ({
    page,
  }) => {
    const f = await setUp(page, [58, 59]);
    const day = f.day(58);
    const who = await customer(f, `TLG Keys ${f.run}`);
    // Ana is busy 09:00–10:00: her first free hour from 09:00 is 10:00.
    await f.booking(day, 9, { resIds: [f.resA._id] });
    await openDay(page, day);

    await rowOf(page, f.resA._id)
      .getByRole('button', { name: `New booking on 0TL ${f.run} Ana` })
      .focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('create-booking');
    await expect(dialog.getByLabel('Begin')).toHaveValue('10:00');
    await expect(dialog.getByLabel('End')).toHaveValue('11:00');
    await dialog.getByLabel('Customer').focus();
    await page.keyboard.type(`TLG Keys ${f.run}`.slice(0, 12));
    await expect(dialog.getByRole('option', { name: String(who.name) })).toBeVisible();
    // ↓ and Enter choose the option the search found.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Customer')).toHaveValue(String(who.name));
    await expect(dialog.getByTestId('create-check')).toContainText('Passes every check');
    await dialog.getByRole('button', { name: 'Create booking' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, f.resA._id).locator('button[data-id]')).toHaveCount(2);
    const onA = await rowOf(page, f.resA._id).locator('button[data-id]').last().getAttribute('data-id');
    expect(await f.get(String(onA))).toMatchObject({
      utc_begin_plus_tz: day + 10 * HOUR,
      resIds: [f.resA._id],
    });

    // The Unassigned row: no resource to check; saved unassigned.
    const unassigned = rowOf(page, '__unassigned__');
    const before = await unassigned.locator('button[data-id]').count();
    await unassigned.getByRole('button', { name: 'New booking on Unassigned' }).click();
    await expect(dialog.getByTestId('create-check')).toHaveText(
      'Unassigned: allocate it later from the Unassigned row.',
    );
    await chooseCustomer(page, String(who.name));
    await dialog.getByRole('button', { name: 'Create booking' }).click();
    await expect(unassigned.locator('button[data-id]')).toHaveCount(before + 1);
    await expect(barOf(page, onA)).toBeVisible();
  });

  test('availability and load: shifts, leaves hatched over every day, after hours shaded, hours against limits, the utilisation strip; inactive resources behind a toggle', async ({
    page,
  }, info) => {
    const f = await setUp(page, [59, 63]);
    const restore = await setDisplayFlags(f, { show_inactive_res_timeline: true });
    try {
      const day = f.day(60);
      // Cat works at most 2 h a day and 10 a week; Dan is inactive.
      const cat = await f.api('POST', '/resources', {
        name: `0TL ${f.run} Cat`,
        labels: [],
        max_hrs_dy: 2,
        max_hrs_wk: 10,
      });
      const dan = await f.api('POST', '/resources', { name: `0TL ${f.run} Dan`, labels: [], inactive: true });
      await f.booking(day, 9, { resIds: [cat._id], utc_end_plus_tz: day + 12 * HOUR });
      // Ana is on leave from noon the day before to noon the day after.
      await f.api('POST', '/timeline-records', {
        _key: 'leave',
        status: 'leave',
        resIds: [f.resA._id],
        utc_begin_plus_tz: day - 12 * HOUR,
        utc_end_plus_tz: day + 36 * HOUR,
      });
      await openDay(page, day);

      // Ben's shift (06:00–22:00) is a band on his row; Ana's leave covers her whole day.
      const band = rowOf(page, f.resB._id).getByTestId('shift-band');
      await expect(band).toHaveAttribute('title', 'Shift 06:00 AM–10:00 PM');
      const leave = rowOf(page, f.resA._id).locator('[data-kind="leave"]');
      await expect(leave).toBeVisible();
      const rowBox = await rowOf(page, f.resA._id).boundingBox();
      const leaveBox = await leave.boundingBox();
      // The row's full height (inside its bottom border), not a lane.
      expect(leaveBox?.height).toBe((rowBox?.height ?? 0) - 1);

      // After hours (before 8, after 18) shaded; office hours not.
      const shading = page.getByTestId('shading');
      await expect(shading.locator('[data-hour="7"]')).toHaveAttribute('data-shade', 'afterhours');
      await expect(shading.locator('[data-hour="12"]')).not.toHaveAttribute('data-shade', 'afterhours');

      // Cat's hours of the day and week against her limits: over the day's 2 h, in red.
      const load = rowOf(page, cat._id).getByTestId('row-load');
      await expect(load).toHaveText('Day 3.00/2.00 · Wk 3.00/10.00');
      await expect(load).toHaveAttribute('data-over', 'true');
      await expect(rowOf(page, f.resB._id).getByTestId('row-load')).toHaveText(
        'Day 0.00/24.00 · Wk 0.00/168.00',
      );

      // The utilisation strip: busy from 09:00 to 12:00, idle at 03:00.
      const strip = page.getByTestId('utilisation');
      await expect(strip).toHaveAttribute('aria-label', /^Load of the resources shown: at most \d+% busy$/);
      await expect(strip.locator('[data-hour="10"]')).not.toHaveAttribute('data-load', '0');
      await shoot(page, 'timeline-availability', info.project.name);
      // The evening, scrolled to: 18:00 is the last office hour, 19:00 after hours.
      await page.getByTestId('timeline-scroller').evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
      await expect(shading.locator('[data-hour="19"]')).toHaveAttribute('data-shade', 'afterhours');
      await expect(shading.locator('[data-hour="18"]')).not.toHaveAttribute('data-shade', 'afterhours');

      // The leave is hatched on the next day too (the week view shows it across both).
      await page.goto(`/week2timelinev2?view=day&date=${toYmd(day + 24 * HOUR)}`);
      await expect(rowOf(page, f.resA._id).locator('[data-kind="leave"]')).toBeVisible();

      // Inactive resources: shown (the setting is on), hidden by the toggle, kept across a reload.
      const dansRow = rowOf(page, dan._id);
      await expect(dansRow).toContainText('inactive');
      const toggle = page.getByRole('button', { name: 'Inactive resources' });
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await toggle.click();
      await expect(dansRow).toHaveCount(0);
      await expect(page).toHaveURL(/inactive=hide/);
      await page.reload();
      await expect(rowOf(page, cat._id)).toBeVisible();
      await expect(dansRow).toHaveCount(0);
      await page.getByRole('button', { name: 'Inactive resources' }).click();
      await expect(dansRow).toBeVisible();

      // A phone: the same rows, the toggle and a row's New booking within reach.
      await page.setViewportSize({ width: 375, height: 740 });
      await expect(page.getByRole('button', { name: 'Inactive resources' })).toBeVisible();
      await expect(
        rowOf(page, cat._id).getByRole('button', { name: `New booking on 0TL ${f.run} Cat` }),
      ).toBeVisible();
      // The narrow names column keeps the day's hours (the week's are in the tooltip).
      await expect(rowOf(page, cat._id).getByTestId('row-load')).toHaveText('0.00/2.00');
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await shoot(page, 'timeline-availability-phone', info.project.name);
    } finally {
      await restore();
    }
  });
  test('find and arrange the rows: search, a label, sort by load, group by label and fold a group; kept in the URL across a reload', async ({
    page,
  }, info) => {
    const f = await setUp(page, [63, 64]);
    const day = f.day(63);
    const team = await f.api('POST', '/labels', { name: `TL-team-${f.run}`, type: 'label' });
    const cyd = await f.api('POST', '/resources', { name: `0TL ${f.run} Cyd`, labels: [team._id] });
    // Ben is booked 2 h, Ana 1 h, Cyd not at all.
    await f.booking(day, 9, { resIds: [f.resB._id], labels: [], utc_end_plus_tz: day + 11 * HOUR });
    await f.booking(day, 13, { resIds: [f.resA._id] });
    await openDay(page, day);
    const ours = () => shownRows(page);
    const shown = page.getByTestId('rows-shown');

    // Search by name: this run's three resources.
    await page.getByRole('searchbox', { name: 'Find resources' }).fill(`0TL ${f.run}`);
    await expect(shown).toHaveText('3 resources');
    await expect.poll(ours).toEqual([f.resA._id, f.resB._id, cyd._id]);
    // Most booked first.
    await choose(page, 'Sort by', 'Most booked');
    await expect.poll(ours).toEqual([f.resB._id, f.resA._id, cyd._id]);
    // A label: Ana alone.
    await choose(page, 'Label', `TL-skill-${f.run}`);
    await expect(shown).toHaveText('1 resource');
    await expect.poll(ours).toEqual([f.resA._id]);
    await choose(page, 'Label', 'Any label');
    await expect(shown).toHaveText('3 resources');

    // Grouped by label, each group under its header; a header folds its group away.
    await choose(page, 'Group rows', 'Group by label');
    const skillGroup = page.getByRole('button', { name: new RegExp(`^TL-skill-${f.run}`) });
    const teamGroup = page.getByRole('button', { name: new RegExp(`^TL-team-${f.run}`) });
    await expect(skillGroup).toHaveAttribute('aria-expanded', 'true');
    await expect(teamGroup).toBeVisible();
    await expect(page.getByRole('button', { name: /^No label/ })).toBeVisible();
    await expect
      .poll(ours)
      .toEqual([
        `__group__:TL-skill-${f.run}`,
        f.resA._id,
        `__group__:TL-team-${f.run}`,
        cyd._id,
        '__group__:',
        f.resB._id,
      ]);
    await skillGroup.click();
    await expect(skillGroup).toHaveAttribute('aria-expanded', 'false');
    await expect(rowOf(page, f.resA._id)).toHaveCount(0);
    await shoot(page, 'timeline-arranged', info.project.name);

    // The arrangement is in the address: a reload shows the same rows.
    await expect(page).toHaveURL(/group=label/);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Find resources' })).toHaveValue(`0TL ${f.run}`);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Most booked');
    await expect(skillGroup).toHaveAttribute('aria-expanded', 'false');
    await expect(rowOf(page, cyd._id)).toBeVisible();
    await expect(rowOf(page, f.resA._id)).toHaveCount(0);
    await skillGroup.click();
    await expect(rowOf(page, f.resA._id)).toBeVisible();

    // A phone keeps the bar behind a button above the names, which says rows are narrowed.
    await page.setViewportSize({ width: 375, height: 740 });
    const find = page.getByRole('searchbox', { name: 'Find resources' });
    await expect(find).toBeHidden();
    const open = page.getByRole('button', { name: 'Find and arrange resources' });
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await expect(find).toHaveValue(`0TL ${f.run}`);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await shoot(page, 'timeline-arranged-phone', info.project.name);
  });
  test('find and arrange: a status, a team, a resource under each of its labels, group by team; quick views saved, applied and deleted', async ({
    page,
  }, info) => {
    const errors = watchPageErrors(page);
    const f = await setUp(page, [65, 66]);
    const day = f.day(65);
    const extra = await f.api('POST', '/labels', { name: `TL-extra-${f.run}`, type: 'label' });
    const north = await f.api('POST', '/labels', { name: `TL-north-${f.run}`, type: 'group' });
    const cyd = await f.api('POST', '/resources', {
      name: `0TL ${f.run} Cyd`,
      labels: [f.skill._id, extra._id, north._id],
    });
    // Ben's booking needs the skill he lacks: in conflict.
    await f.booking(day, 9, { resIds: [f.resB._id] });
    await openDay(page, day);
    const ours = () => shownRows(page);
    const shown = page.getByTestId('rows-shown');
    await page.getByRole('searchbox', { name: 'Find resources' }).fill(`0TL ${f.run}`);
    await expect(shown).toHaveText('3 resources');

    // Status: the resources with a booking in conflict.
    await choose(page, 'Status', 'With conflicts');
    await expect.poll(ours).toEqual([f.resB._id]);
    await choose(page, 'Status', 'Any status');
    // Team: Cyd's. The label filter lists labels, the team filter teams.
    await choose(page, 'Team', `TL-north-${f.run}`);
    await expect.poll(ours).toEqual([cyd._id]);
    await expect(page).toHaveURL(new RegExp(`team=${String(north._id)}`));
    await choose(page, 'Team', 'Any team');
    await expect(shown).toHaveText('3 resources');

    // By label: Cyd under each of her two labels.
    await choose(page, 'Group rows', 'Group by label');
    await expect
      .poll(ours)
      .toEqual([
        `__group__:TL-extra-${f.run}`,
        cyd._id,
        `__group__:TL-skill-${f.run}`,
        f.resA._id,
        cyd._id,
        '__group__:',
        f.resB._id,
      ]);
    // By team: Cyd in the north team, the others under "No team".
    await choose(page, 'Group rows', 'Group by team');
    await expect
      .poll(ours)
      .toEqual([`__group__:TL-north-${f.run}`, cyd._id, '__group__:', f.resA._id, f.resB._id]);
    await expect(page.getByRole('button', { name: /^No team/ })).toBeVisible();

    // A quick view keeps this arrangement under a name, per user on the server.
    const views = page.getByRole('button', { name: 'Quick views' });
    await views.click();
    const panel = page.getByRole('dialog', { name: 'Quick views' });
    await panel.getByLabel('Save the current view as').fill(`North ${f.run}`);
    await panel.getByRole('button', { name: 'Save' }).click();
    const apply = panel.getByRole('button', { name: `North ${f.run}`, exact: true });
    await expect(apply).toBeVisible();
    await shoot(page, 'timeline-quick-views', info.project.name);
    await page.keyboard.press('Escape');
    await expect(views).toBeFocused();

    // Arranged otherwise, then the view applied: the same rows, in the address.
    await choose(page, 'Group rows', 'No groups');
    await page.getByRole('searchbox', { name: 'Find resources' }).fill('');
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(page).not.toHaveURL(/group=/);
    await views.click();
    await apply.click();
    await expect(page).toHaveURL(/group=team/);
    await expect(page.getByRole('searchbox', { name: 'Find resources' })).toHaveValue(`0TL ${f.run}`);
    await expect
      .poll(ours)
      .toEqual([`__group__:TL-north-${f.run}`, cyd._id, '__group__:', f.resA._id, f.resB._id]);

    // Stored on the server: there after a reload; deleted, it is gone and focus stays in the panel.
    await page.reload();
    await views.click();
    await expect(apply).toBeVisible();
    await panel.getByRole('button', { name: `Delete North ${f.run}` }).click();
    await expect(apply).toHaveCount(0);
    await expect(panel.getByLabel('Save the current view as')).toBeFocused();
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Find and arrange resources' }).click();
    await expect(page.getByRole('combobox', { name: 'Group rows' })).toHaveText('Group by team');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await shoot(page, 'timeline-arranged-teams-phone', info.project.name);
    expect(errors).toEqual([]);
  });
});
