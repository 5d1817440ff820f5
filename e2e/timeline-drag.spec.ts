import { expect, type Locator, type Page, test } from '@playwright/test';
import { watchPageErrors } from './helpers.ts';
import {
  barOf,
  type Fixture,
  moveTo,
  openDay,
  press,
  quietExceptionRules,
  rowOf,
  setUp,
  shoot,
} from './timeline-fixture.ts';

/*
 * Drag like the best tools (issue 18 point 6) and its keyboard paths (point 7): several bars
 * picked and moved, unassigned or auto-allocated together as one undo step; Shift-drag copies;
 * drags between groups; the grid scrolls while the pointer is held at an edge. Records are made
 * here through the API, 67 to 70 days ahead, on this spec's own resources.
 */

const onRow = (page: Page, rowId: unknown, id: unknown) =>
  rowOf(page, rowId).locator(`[data-id="${String(id)}"]`);
async function choose(page: Page, within: Locator, label: string, option: string) {
  await within.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const resIdsOf = async (f: Fixture, id: unknown) => (await f.get(String(id))).resIds;

test.describe('timeline drag and pick', () => {
  quietExceptionRules();

  test('Ctrl/Shift-click picks several bars; dragged, unassigned and moved by keyboard together, each one undo step', async ({
    page,
  }, info) => {
    const errors = watchPageErrors(page);
    const f = await setUp(page, [67, 68]);
    const day = f.day(67);
    const one = await f.booking(day, 9, { resIds: [f.resA._id], labels: [] });
    const two = await f.booking(day, 12, { resIds: [f.resA._id], labels: [] });
    // Needs the skill Ben lacks.
    const skilled = await f.booking(day, 15, { resIds: [f.resA._id] });
    await openDay(page, day);
    const outcome = page.getByTestId('timeline-outcome');
    const count = page.getByTestId('picked-count');

    // Ctrl-click and Shift-click pick; the bars say so.
    await barOf(page, one._id).click({ modifiers: ['Control'] });
    await barOf(page, two._id).click({ modifiers: ['Shift'] });
    await expect(count).toHaveText('2 bookings selected');
    await expect(barOf(page, one._id)).toHaveAttribute('aria-pressed', 'true');
    await expect(barOf(page, two._id)).toHaveAttribute('aria-pressed', 'true');
    await shoot(page, 'timeline-picked', info.project.name);

    // Dragging one of them moves both onto Ben, as one step.
    const pressed = await press(page, barOf(page, one._id));
    await moveTo(page, pressed, rowOf(page, f.resB._id));
    await page.mouse.up();
    await expect(outcome).toContainText(`2 bookings moved to 0TL ${f.run} Ben`);
    await expect(onRow(page, f.resB._id, one._id)).toBeVisible();
    await expect(onRow(page, f.resB._id, two._id)).toBeVisible();
    await page.keyboard.press('Control+z');
    await expect(outcome).toContainText('Undone: 2 bookings moved');
    await expect.poll(() => resIdsOf(f, one._id)).toEqual([f.resA._id]);
    await expect.poll(() => resIdsOf(f, two._id)).toEqual([f.resA._id]);

    // Unassigned together from the toolbar; focus stays on the button; one undo brings both back.
    const toolbar = page.getByRole('toolbar', { name: 'Selected bookings' });
    const unassign = toolbar.getByRole('button', { name: 'Unassign' });
    await unassign.click();
    await expect(outcome).toContainText('2 bookings unassigned');
    await expect(onRow(page, '__unassigned__', one._id)).toBeVisible();
    await expect(onRow(page, '__unassigned__', two._id)).toBeVisible();
    await expect(unassign).toBeFocused();
    await page.getByRole('button', { name: /^Undo/ }).click();
    await expect(onRow(page, f.resA._id, one._id)).toBeVisible();
    await expect(onRow(page, f.resA._id, two._id)).toBeVisible();

    // Clear: the toolbar goes and focus lands on a bar of the grid.
    await toolbar.getByRole('button', { name: 'Clear selection' }).click();
    await expect(toolbar).toHaveCount(0);
    await expect(page.locator('[data-bar]:focus')).toHaveCount(1);

    // By keyboard: Space picks the focused bar, the arrows go to the next, Space again; Move to.
    await barOf(page, one._id).focus();
    await page.keyboard.press('Space');
    await expect(count).toHaveText('1 booking selected');
    await page.keyboard.press('ArrowRight');
    await expect(barOf(page, two._id)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(count).toHaveText('2 bookings selected');
    // (Once the undo's reload is done: the toolbar's actions wait for it.)
    await expect(unassign).not.toHaveAttribute('aria-disabled', 'true');
    const moveToBox = toolbar.getByRole('combobox', { name: 'Move to' });
    await moveToBox.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.type(`0TL ${f.run} Ben`);
    await expect(page.getByRole('option', { name: `0TL ${f.run} Ben` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(outcome).toContainText(`2 bookings moved to 0TL ${f.run} Ben`);
    await expect.poll(() => resIdsOf(f, one._id)).toEqual([f.resB._id]);
    await expect.poll(() => resIdsOf(f, two._id)).toEqual([f.resB._id]);
    await expect(moveToBox).toBeFocused();

    // Auto-allocated together: one step, whatever the engine chose.
    await toolbar.getByRole('button', { name: 'Auto-allocate' }).click();
    await expect(outcome).toContainText(/Auto-allocated \d of 2 bookings/);
    // Escape on a bar lets go of the pick.
    await barOf(page, one._id).focus();
    await page.keyboard.press('Escape');
    await expect(toolbar).toHaveCount(0);

    // Moving picked bookings onto a resource that fails the checks asks first, as a drop does.
    await barOf(page, skilled._id).click({ modifiers: ['Control'] });
    await expect(count).toHaveText('1 booking selected');
    await choose(page, toolbar, 'Move to', `0TL ${f.run} Ben`);
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(`0TL ${f.run} Ben fails the checks. Assign anyway?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(onRow(page, f.resA._id, skilled._id)).toBeVisible();
    expect(await resIdsOf(f, skilled._id)).toEqual([f.resA._id]);
    await toolbar.getByRole('button', { name: 'Clear selection' }).click();

    await page.setViewportSize({ width: 375, height: 740 });
    await barOf(page, one._id).click({ modifiers: ['Control'] });
    await expect(count).toHaveText('1 booking selected');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await shoot(page, 'timeline-picked-phone', info.project.name);
    expect(errors).toEqual([]);
  });

  test('Shift-drag and the keyboard’s Copy to copy a bar to another group’s row, a plain drag moves it between groups; undo takes the copy away', async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    const f = await setUp(page, [69, 70]);
    const day = f.day(69);
    const job = await f.booking(day, 9, { resIds: [f.resA._id], labels: [] });
    await openDay(page, day);
    // Grouped by label: Ana under the skill, Ben under "No label".
    await page.goto(`${page.url()}&group=label`);
    await page.getByRole('searchbox', { name: 'Find resources' }).fill(`0TL ${f.run}`);
    await expect(page.getByTestId('rows-shown')).toHaveText('2 resources');
    await expect(page.getByRole('button', { name: /^No label/ })).toBeVisible();
    const outcome = page.getByTestId('timeline-outcome');

    const pressed = await press(page, barOf(page, job._id));
    await page.keyboard.down('Shift');
    await moveTo(page, pressed, rowOf(page, f.resB._id));
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await expect(outcome).toContainText(`copied to 0TL ${f.run} Ben`);
    // The original stays on Ana; a copy is on Ben at the same time.
    await expect(onRow(page, f.resA._id, job._id)).toBeVisible();
    const copies = rowOf(page, f.resB._id).locator('[data-id]');
    await expect(copies).toHaveCount(1);
    await expect(copies).toHaveAttribute('aria-label', /09:00/);
    await page.keyboard.press('Control+z');
    await expect(outcome).toContainText('Undone');
    await expect(copies).toHaveCount(0);

    // The keyboard's Shift-drag: Space picks the bar, "Copy to" a row; focus stays; one undo.
    await barOf(page, job._id).focus();
    await page.keyboard.press('Space');
    const toolbar = page.getByRole('toolbar', { name: 'Selected bookings' });
    await expect(page.getByTestId('picked-count')).toHaveText('1 booking selected');
    const copyToBox = toolbar.getByRole('combobox', { name: 'Copy to' });
    await copyToBox.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type(`0TL ${f.run} Ben`);
    await expect(page.getByRole('option', { name: `0TL ${f.run} Ben` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(outcome).toContainText(`1 booking copied to 0TL ${f.run} Ben`);
    await expect(copies).toHaveCount(1);
    await expect(copies).toHaveAttribute('aria-label', /09:00/);
    await expect(onRow(page, f.resA._id, job._id)).toBeVisible();
    await expect(copyToBox).toBeFocused();
    await page.getByRole('button', { name: /^Undo/ }).click();
    await expect(outcome).toContainText('Undone: 1 booking copied');
    await expect(copies).toHaveCount(0);
    await toolbar.getByRole('button', { name: 'Clear selection' }).click();

    // A plain drag between the groups moves it.
    const again = await press(page, barOf(page, job._id));
    await moveTo(page, again, rowOf(page, f.resB._id));
    await page.mouse.up();
    await expect(outcome).toContainText(`assigned to 0TL ${f.run} Ben`);
    await expect(onRow(page, f.resB._id, job._id)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the grid keeps scrolling while a dragged bar is held at its bottom edge', async ({ page }) => {
    const f = await setUp(page, [69, 70]);
    const day = f.day(70);
    const job = await f.booking(day, 9, { resIds: [f.resA._id], labels: [] });
    await page.setViewportSize({ width: 1280, height: 600 });
    await openDay(page, day);
    const scroller = page.getByTestId('timeline-scroller');
    const box = await scroller.boundingBox();
    if (!box) throw new Error('no grid');
    const pressed = await press(page, barOf(page, job._id));
    await page.mouse.move(pressed.x + 10, pressed.y + 10, { steps: 2 });
    // The drag is on once the rows show their checks (a busy machine may take a while).
    await expect(page.locator('[data-check]').first()).toBeAttached();
    // Held 10 px above the bottom edge, without moving: it keeps scrolling.
    await page.mouse.move(pressed.x, box.y + box.height - 10, { steps: 4 });
    const top = () => scroller.evaluate((el) => el.scrollTop);
    const first = await top();
    await expect.poll(top).toBeGreaterThan(first + 200);
    await page.keyboard.press('Escape');
    await page.mouse.up();
    // Escape dropped nothing.
    expect(await resIdsOf(f, job._id)).toEqual([f.resA._id]);
  });
  test('rows, bars and the drawer have accessible names; Enter opens, Escape closes and focus goes back to the bar', async ({
    page,
  }) => {
    const f = await setUp(page, [69, 70]);
    const day = f.day(70);
    await f.booking(day, 14, { resIds: [f.resB._id], labels: [] });
    await openDay(page, day);
    const row = page.getByRole('group', { name: `0TL ${f.run} Ben`, exact: true });
    await expect(row).toBeVisible();
    const bar = row.getByRole('button', { name: /· 02:00 PM–03:00 PM · Confirmed$/ });
    await expect(bar).toBeVisible();
    await bar.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('complementary', { name: new RegExp(`TL Client 14h ${f.run}`) });
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(bar).toBeFocused();
  });
});
