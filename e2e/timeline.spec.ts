import { expect, test } from '@playwright/test';
import { EXCEPTION_BANNER_TEXT } from '@rostra/core/shell/messages';
import { DAY, HOUR, toYmd } from '@rostra/core/time/calendar';
import { acceptTermsByApi, enterApp, signInByApi, USERS, watchPageErrors } from './helpers.ts';
import {
  barOf,
  call,
  type Json,
  moveTo,
  openDay,
  press,
  quietExceptionRules,
  rowOf,
  setDisplayFlags,
  setUp,
  shoot,
} from './timeline-fixture.ts';

/*
 * The timeline against the seeded server. Every record these tests move is made here through the
 * API: a label, two resources ('0TL …', sorted first; A has the label and a shift, B has neither
 * the label) and bookings 41–44 days ahead, where no other spec and no seeded record lives. The
 * batch runs over a day holding only this spec's bookings.
 */

test.describe('timeline', () => {
  quietExceptionRules();

  test('drag onto a failing resource shows why, onto a passing one persists; undo and redo', async ({
    page,
  }, info) => {
    const errors = watchPageErrors(page);
    const f = await setUp(page);
    const day = f.day(41);
    const job = await f.booking(day, 9);
    await openDay(page, day);
    const bar = barOf(page, job._id);
    await expect(rowOf(page, '__unassigned__').locator(`[data-id="${job._id}"]`)).toBeVisible();
    await shoot(page, 'timeline', info.project.name);

    // Drag towards B: while dragging, every row says whether the core's checks pass there, and why not.
    const pressed = await press(page, bar);
    await moveTo(page, pressed, rowOf(page, f.resB._id));
    await expect(rowOf(page, f.resB._id)).toHaveAttribute('data-check', 'fail');
    await expect(rowOf(page, f.resB._id)).toContainText(`Labels don't match. Missing: TL-skill-${f.run}`);
    await expect(rowOf(page, f.resA._id)).toHaveAttribute('data-check', 'pass');
    await expect(rowOf(page, f.resA._id)).toContainText('Passes every check');
    await shoot(page, 'timeline-dragging', info.project.name);
    // Dropped on B: it asks first, naming each reason (issue 16 point 5); Assign anyway goes on,
    // and the server allocates with a conflict and says why, in words.
    await page.mouse.up();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(`0TL ${f.run} Ben fails the checks. Assign anyway?`);
    await expect(confirm).toContainText(`Labels don't match. Missing: TL-skill-${f.run}`);
    await confirm.getByRole('button', { name: 'Assign anyway' }).click();
    const outcome = page.getByTestId('timeline-outcome');
    await expect(outcome).toContainText(`assigned to 0TL ${f.run} Ben`);
    await expect(outcome).toContainText(`Labels don't match. Missing: TL-skill-${f.run}`);
    await expect(rowOf(page, f.resB._id).locator(`[data-id="${job._id}"]`)).toBeVisible();
    expect((await f.get(String(job._id))).isConflict).toBe(true);

    // From B onto A, which passes.
    const fromB = await press(page, barOf(page, job._id));
    await moveTo(page, fromB, rowOf(page, f.resA._id));
    await expect(rowOf(page, f.resA._id)).toHaveAttribute('data-check', 'pass');
    await page.mouse.up();
    await expect(outcome).toContainText(`assigned to 0TL ${f.run} Ana`);
    await expect(outcome).not.toContainText("Labels don't match");

    // It persists: after a reload the bar is on A, and the server says so.
    await page.reload();
    await expect(rowOf(page, f.resA._id).locator(`[data-id="${job._id}"]`)).toBeVisible();
    const saved = await f.get(String(job._id));
    expect(saved.resIds).toEqual([f.resA._id]);
    expect(saved.isConflict).toBe(false);

    // History is per page: move it in time on A (same row), then undo that with Ctrl+Z and redo.
    // Two hours later on the same row (96 px an hour in the day view).
    const onA = await press(page, barOf(page, job._id));
    await moveTo(page, onA, rowOf(page, f.resA._id), 2 * 96);
    await page.mouse.up();
    await expect(outcome).toContainText('moved to');
    await expect.poll(async () => (await f.get(String(job._id))).utc_begin_plus_tz).toBe(day + 11 * HOUR);
    await page.keyboard.press('Control+z');
    await expect(outcome).toContainText('Undone');
    await expect.poll(async () => (await f.get(String(job._id))).utc_begin_plus_tz).toBe(day + 9 * HOUR);
    await page.keyboard.press('Control+Shift+z');
    await expect(outcome).toContainText('Redone');
    await expect.poll(async () => (await f.get(String(job._id))).utc_begin_plus_tz).toBe(day + 11 * HOUR);
    // And the Undo button takes it back again.
    await page.getByRole('button', { name: /^Undo/ }).click();
    await expect.poll(async () => (await f.get(String(job._id))).utc_begin_plus_tz).toBe(day + 9 * HOUR);
    expect((await f.get(String(job._id))).resIds).toEqual([f.resA._id]);
    expect(errors).toEqual([]);
  });

  test('undo of a drop assignment puts the booking back in the unassigned lane', async ({ page }) => {
    const f = await setUp(page);
    const day = f.day(42);
    const job = await f.booking(day, 10);
    await openDay(page, day);
    const pressed = await press(page, barOf(page, job._id));
    await moveTo(page, pressed, rowOf(page, f.resA._id));
    await page.mouse.up();
    await expect.poll(async () => (await f.get(String(job._id))).resIds).toEqual([f.resA._id]);
    await page.getByRole('button', { name: /^Undo/ }).click();
    await expect.poll(async () => (await f.get(String(job._id))).resIds).toEqual([]);
    await expect(rowOf(page, '__unassigned__').locator(`[data-id="${job._id}"]`)).toBeVisible();
  });

  test('candidate panel: ranked candidates with the failed checks in words; assign one', async ({
    page,
  }, info) => {
    const f = await setUp(page);
    const day = f.day(43);
    const job = await f.booking(day, 9, { MasterResourceID: ['m1', 'm2'] });
    await openDay(page, day);
    // C on a focused bar opens its candidates (a click or Enter opens the booking itself).
    await barOf(page, job._id).focus();
    await page.keyboard.press('c');
    const panel = page.getByTestId('candidate-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('still-needed')).toHaveText('2 of 2 resources still needed');
    const ana = panel.locator(`[data-candidate="${f.resA._id}"]`);
    const ben = panel.locator(`[data-candidate="${f.resB._id}"]`);
    await expect(ana).toBeVisible();
    await expect(ana.getByLabel('Passes')).toBeVisible();
    await shoot(page, 'candidate-panel', info.project.name);
    // The list shows the best 50 first (one page of the API); every resource is ranked.
    await panel.getByRole('button', { name: /^Show all \d+/ }).click();
    await expect(ben).toContainText(`Labels don't match. Missing: TL-skill-${f.run}`);
    // Each score in parts (contract §Score): Ana holds the booking's one label, Ben does not.
    await ana.getByLabel(`Score parts of 0TL ${f.run} Ana`).click();
    await expect(ana.locator('[data-part="matching_labels"]')).toContainText('Labels+40');
    await expect(ana.locator('[data-part="internal"]')).toContainText('Internal+10000');
    await ben.getByLabel(`Score parts of 0TL ${f.run} Ben`).click();
    await expect(ben.locator('[data-part="internal"]')).toBeVisible();
    await expect(ben.locator('[data-part="matching_labels"]')).toHaveCount(0);
    // The best candidate is listed first.
    await expect(panel.locator('[data-candidate]').first()).toHaveAttribute(
      'data-candidate',
      String(f.resA._id),
    );
    await ana.getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByTestId('timeline-outcome')).toContainText(`assigned to 0TL ${f.run} Ana`);
    await expect(panel.getByTestId('still-needed')).toHaveText('1 of 2 resources still needed');
    await expect(rowOf(page, f.resA._id).locator(`[data-id="${job._id}"]`)).toBeVisible();
    expect((await f.get(String(job._id))).resIds).toEqual([f.resA._id]);
  });

  test('batch auto-allocation of the day: progress, summary with conflict reasons, undone as one step', async ({
    page,
  }, info) => {
    const f = await setUp(page);
    const day = f.day(44);
    const one = await f.booking(day, 8);
    const two = await f.booking(day, 12);
    // Needs a label no resource has: auto allocation cannot place it.
    const nobody = await f.api('POST', '/labels', { name: `TL-nobody-${f.run}`, type: 'label' });
    const three = await f.booking(day, 15, { labels: [nobody._id] });
    await openDay(page, day);
    await expect(rowOf(page, '__unassigned__').locator('button[data-id]')).toHaveCount(3);
    await page.getByRole('button', { name: 'Auto-allocate' }).click();
    const dialog = page.getByTestId('batch-dialog');
    await expect(dialog).toContainText('3 unassigned bookings in this period will be allocated.');
    // Optimise is on by default (issue 20 point 2); A is the only worker who passes, so the first
    // pass is already the best and the summary says so.
    await expect(dialog.getByRole('checkbox', { name: 'Optimise' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Start' }).click();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    const summary = dialog.getByTestId('batch-summary');
    await expect(summary).toContainText('2 assigned');
    await expect(summary).toContainText('1 with conflicts');
    await expect(summary).toContainText('Optimisation found nothing better than the first pass.');
    // The booking's stored reason: the one conflict rule's (issue 16 point 3), not the run's note.
    await expect(summary).toContainText(
      'Please allocate resources to this Job as no resource has been assigned',
    );
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await shoot(page, 'timeline-batch', info.project.name);
    for (const j of [one, two]) expect((await f.get(String(j._id))).resIds).toEqual([f.resA._id]);
    expect((await f.get(String(three._id))).isConflict).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(rowOf(page, f.resA._id).locator('button[data-id]')).toHaveCount(2);
    // One undo step takes the whole run back.
    await page.getByRole('button', { name: /^Undo: Auto-allocated 2 bookings/ }).click();
    for (const j of [one, two])
      await expect.poll(async () => (await f.get(String(j._id))).resIds).toEqual([]);
    await expect(rowOf(page, '__unassigned__').locator('button[data-id]')).toHaveCount(3);
  });

  test('a second dispatcher sees changes live and sees the booking being edited as locked', async ({
    page,
    browser,
  }) => {
    const f = await setUp(page);
    const day = f.day(45);
    const job = await f.booking(day, 9);
    const other = await f.booking(day, 13);
    await openDay(page, day);
    const second = await browser.newContext({ baseURL: String(test.info().project.use.baseURL) });
    const page2 = await second.newPage();
    // multi@rostra.test acts as Harbour Care's dispatcher here (another spec switches it away).
    await signInByApi(page2, USERS.multi);
    const origin = new URL(page2.url()).origin;
    await call(page2.request, origin, 'POST', '/switch_org_by_uid', {
      org_id: 'harbour-care',
      role: 'dispatcher',
      uid: 'user-multi',
    });
    await acceptTermsByApi(page2);
    await page2.goto(`/week2timelinev2?view=day&date=${toYmd(day)}`);
    await expect(page2.getByRole('img', { name: 'Live' })).toBeVisible();
    await expect(rowOf(page2, '__unassigned__').locator(`[data-id="${job._id}"]`)).toBeVisible();

    // The first dispatcher assigns through the candidate panel; the second sees it without reloading.
    await barOf(page, job._id).focus();
    await page.keyboard.press('c');
    const panel = page.getByTestId('candidate-panel');
    await panel.locator(`[data-candidate="${f.resA._id}"]`).getByRole('button', { name: 'Assign' }).click();
    await expect(rowOf(page2, f.resA._id).locator(`[data-id="${job._id}"]`)).toBeVisible();

    // Selecting a booking locks it for the others (workspace, 60 s rule): the second sees the lock.
    await barOf(page, other._id).click();
    await expect(barOf(page2, other._id)).toHaveAttribute('data-locked', 'true');
    await expect(barOf(page2, other._id)).toHaveAttribute('aria-label', /Locked by/);
    await second.close();
  });

  test("resize: a bar's end handle or Shift+Arrow changes the end (15 min steps); the server's answer shows; undo and redo", async ({
    page,
  }) => {
    const f = await setUp(page);
    const day = f.day(46);
    const job = await f.booking(day, 9, { resIds: [f.resA._id] });
    await f.booking(day, 12, { resIds: [f.resA._id] });
    const end = async () => (await f.get(String(job._id))).utc_end_plus_tz;
    await openDay(page, day);
    const outcome = page.getByTestId('timeline-outcome');

    // Drag the end handle (the bar's last 8 px) one hour (96 px) right: 10:00 becomes 11:00, the
    // ghost shows the new span.
    await expect(barOf(page, job._id)).toHaveAttribute('data-resizable', 'true');
    const h = await press(page, barOf(page, job._id), 'end');
    await page.mouse.move(h.x + 40, h.y, { steps: 4 });
    await page.mouse.move(h.x + 96, h.y, { steps: 6 });
    await expect(rowOf(page, f.resA._id).getByTestId('drag-ghost')).toContainText('11:00');
    await page.mouse.up();
    await expect(outcome).toContainText('now ends at');
    await expect.poll(end).toBe(day + 11 * HOUR);

    // The keyboard: Shift+ArrowRight on the focused bar, 15 minutes later.
    await barOf(page, job._id).focus();
    await page.keyboard.press('Shift+ArrowRight');
    await expect(outcome).toContainText('11:15');
    await expect.poll(end).toBe(day + 11 * HOUR + 15 * 60);
    await expect(barOf(page, job._id)).toBeFocused();

    // Undo and redo a resize.
    await page.keyboard.press('Control+z');
    await expect(outcome).toContainText('Undone');
    await expect.poll(end).toBe(day + 11 * HOUR);
    await page.keyboard.press('Control+Shift+z');
    // The outcome shows once the screen has read the window back and takes edits again.
    await expect(outcome).toContainText('Redone');
    await expect.poll(end).toBe(day + 11 * HOUR + 15 * 60);

    // Into the 12:00 booking of the same resource: the server's validator answers with the conflict.
    await expect(barOf(page, job._id)).toHaveAttribute('aria-label', /–11:15/);
    const again = await press(page, barOf(page, job._id), 'end');
    await page.mouse.move(again.x + 40, again.y, { steps: 4 });
    await page.mouse.move(again.x + 96 + 24, again.y, { steps: 6 });
    await page.mouse.up();
    await expect(outcome).toContainText('Saved with a conflict');
    await expect(outcome).toContainText('already assigned from');
    await expect.poll(end).toBe(day + 12 * HOUR + 30 * 60);
    expect((await f.get(String(job._id))).isConflict).toBe(true);
    await page.getByRole('button', { name: /^Undo/ }).click();
    await expect.poll(end).toBe(day + 11 * HOUR + 15 * 60);
    expect((await f.get(String(job._id))).isConflict).toBe(false);
  });

  test("the 'show alternative resource on drag' flag: on, a drag lists the resources that pass; off, it does not", async ({
    page,
  }) => {
    const f = await setUp(page);
    const day = f.day(47);
    const job = await f.booking(day, 9);
    const restore = await setDisplayFlags(f, { show_alternative_resource_on_drag: true });
    try {
      await openDay(page, day);
      let pressed = await press(page, barOf(page, job._id));
      await moveTo(page, pressed, rowOf(page, f.resB._id));
      const alternatives = page.getByTestId('drag-alternatives');
      await expect(alternatives).toContainText('Alternative resources');
      await expect(alternatives).toContainText(`0TL ${f.run} Ana`);
      await page.keyboard.press('Escape');
      await page.mouse.up();

      await setDisplayFlags(f, { show_alternative_resource_on_drag: false });
      await openDay(page, day);
      pressed = await press(page, barOf(page, job._id));
      await moveTo(page, pressed, rowOf(page, f.resB._id));
      // The drag and its checks run as before; only the list of alternatives is gone.
      await expect(rowOf(page, f.resB._id)).toHaveAttribute('data-check', 'fail');
      await expect(rowOf(page, f.resA._id)).toHaveAttribute('data-check', 'pass');
      await expect(alternatives).toHaveCount(0);
      await page.keyboard.press('Escape');
      await page.mouse.up();
      expect((await f.get(String(job._id))).resIds).toEqual([]);
    } finally {
      await restore();
    }
  });

  test("the 'confirmation of a time change on drag' flag: on, a move in time asks first (No keeps the time); off, it moves at once", async ({
    page,
  }) => {
    const f = await setUp(page);
    const day = f.day(48);
    const job = await f.booking(day, 9, { resIds: [f.resA._id] });
    const begin = async () => (await f.get(String(job._id))).utc_begin_plus_tz;
    const restore = await setDisplayFlags(f, { confirm_time_change_on_drag: true });
    try {
      await openDay(page, day);
      const dialog = page.getByRole('alertdialog');
      let pressed = await press(page, barOf(page, job._id));
      await moveTo(page, pressed, rowOf(page, f.resA._id), 2 * 96);
      await page.mouse.up();
      await expect(dialog).toContainText('Change the time of this booking from');
      await dialog.getByRole('button', { name: 'No' }).click();
      await expect(dialog).toHaveCount(0);
      expect(await begin()).toBe(day + 9 * HOUR);
      await expect(page.getByTestId('timeline-outcome')).toHaveCount(0);
      // Asked again, Yes moves it.
      pressed = await press(page, barOf(page, job._id));
      await moveTo(page, pressed, rowOf(page, f.resA._id), 2 * 96);
      await page.mouse.up();
      await dialog.getByRole('button', { name: 'Yes' }).click();
      // The outcome shows once the screen has read the window back and takes edits again.
      await expect(page.getByTestId('timeline-outcome')).toContainText('moved to');
      await expect.poll(begin).toBe(day + 11 * HOUR);
      // Dragging the end handle is a time change by drag too: asked first; No keeps the end.
      await expect(barOf(page, job._id)).toHaveAttribute('aria-label', /11:00 AM–12:00 PM/);
      const handle = await press(page, barOf(page, job._id), 'end');
      await page.mouse.move(handle.x + 43, handle.y, { steps: 4 });
      await page.mouse.move(handle.x + 99, handle.y, { steps: 4 });
      await page.mouse.up();
      await expect(dialog).toContainText('Change the end of this booking from');
      await dialog.getByRole('button', { name: 'No' }).click();
      expect((await f.get(String(job._id))).utc_end_plus_tz).toBe(day + 12 * HOUR);

      // Off: the same move happens at once, nothing asked.
      await setDisplayFlags(f, { confirm_time_change_on_drag: false });
      await openDay(page, day);
      pressed = await press(page, barOf(page, job._id));
      await moveTo(page, pressed, rowOf(page, f.resA._id), -2 * 96);
      await page.mouse.up();
      await expect(page.getByTestId('timeline-outcome')).toContainText('moved to');
      await expect.poll(begin).toBe(day + 9 * HOUR);
      await expect(dialog).toHaveCount(0);
    } finally {
      await restore();
    }
  });

  test('a resource sees their own day as a list on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await enterApp(page, USERS.resource, '/week2timelinev2');
    await expect(page.getByRole('heading', { name: 'My day' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Timeline' })).toHaveCount(0);
    const list = page.getByRole('list', { name: 'My day' });
    const empty = page.getByText('Nothing scheduled for this day.');
    await expect(list.or(empty)).toBeVisible();
    const width = await page.evaluate('document.documentElement.scrollWidth');
    expect(Number(width)).toBeLessThanOrEqual(375);
  });

  test("a dispatcher's timeline at 375 px: a compact toolbar, every control there, no sideways page scroll", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const report = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/exception-report');
    await enterApp(page, USERS.dispatcher, '/week2timelinev2');
    const reported = ((await (await report).json()) as { entries?: unknown[] } | null)?.entries ?? [];
    const grid = page.getByRole('region', { name: 'Timeline' });
    await expect(grid).toBeVisible({ timeout: 20_000 });
    for (const name of [
      'Previous period',
      'Today',
      'Next period',
      'Day',
      'Week',
      'Fortnight',
      'Auto-allocate',
    ])
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Undo/ })).toBeVisible();
    // The seeded exception report's banner sits above the toolbar until it is closed.
    const banner = page.getByRole('alert').filter({ hasText: EXCEPTION_BANNER_TEXT.body });
    if (reported.length > 0) await banner.getByRole('button', { name: EXCEPTION_BANNER_TEXT.close }).click();
    await expect(banner).toHaveCount(0);
    // Three toolbar rows, not four: the grid starts in the upper third of the screen.
    expect((await grid.boundingBox())?.y).toBeLessThan(285);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(375);
  });

  test('a click opens the booking in a drawer over the timeline; its menu and keys unassign, park, duplicate and copy, each undone', async ({
    page,
  }, info) => {
    const f = await setUp(page);
    const day = f.day(47);
    const address = `12 Harbour St, Sydney ${f.run}`;
    const job = await f.booking(day, 10, {
      resIds: [f.resA._id],
      all_location: address,
      notes: `Ring twice ${f.run}`,
    });
    await openDay(page, day);
    // The bar and the outcomes name the customer record; the drawer shows the booking's own names.
    const customer = (await barOf(page, job._id).getAttribute('aria-label'))?.split(' · ')[0] ?? '';
    expect(customer).not.toBe('');
    const timeline = page.getByRole('region', { name: 'Timeline' });

    // A click opens the drawer: details, the address with directions, notes; the timeline stays.
    await barOf(page, job._id).click();
    const drawer = page.getByTestId('booking-detail');
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(`TL Client 10h ${f.run}`);
    await expect(drawer).toContainText(address);
    await expect(drawer.getByRole('link', { name: 'Navigate' })).toHaveAttribute(
      'href',
      /google\.com\/maps\/dir/,
    );
    await expect(drawer).toContainText(`Ring twice ${f.run}`);
    await expect(timeline).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/week2timelinev2');
    await shoot(page, 'timeline-drawer', info.project.name);
    // Escape closes it and focus goes back to the bar; Enter opens it again.
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(barOf(page, job._id)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(barOf(page, job._id)).toBeFocused();

    // Delete unassigns; Ctrl+Z puts the resource back.
    await page.keyboard.press('Delete');
    await expect(page.getByTestId('timeline-outcome')).toContainText(`${customer} unassigned`);
    await expect(rowOf(page, '__unassigned__').locator(`[data-id="${job._id}"]`)).toBeVisible();
    expect((await f.get(String(job._id))).resIds).toEqual([]);
    await page.keyboard.press('Control+z');
    await expect(rowOf(page, f.resA._id).locator(`[data-id="${job._id}"]`)).toBeVisible();
    expect((await f.get(String(job._id))).resIds).toEqual([f.resA._id]);

    // The menu by the keyboard (Shift+F10): Park, then Undo sets the status back.
    await barOf(page, job._id).focus();
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: `Actions for ${customer}` });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Open',
      'Candidates',
      'Unassign',
      'Park',
      'Cancel booking',
      'Duplicate',
      'Copy to next week',
    ]);
    await menu.getByRole('menuitem', { name: 'Park' }).click();
    await expect(page.getByTestId('timeline-outcome')).toContainText(`${customer} parked`);
    expect((await f.get(String(job._id))).status).toBe('parked');
    await page.getByRole('button', { name: `Undo: ${customer} parked` }).click();
    await expect(page.getByTestId('timeline-outcome')).toContainText(`Undone: ${customer} parked`);
    expect((await f.get(String(job._id))).status).toBe('confirmed');

    // By right click: Duplicate makes an unassigned copy at the same time; undo deletes it.
    const copies = rowOf(page, '__unassigned__').getByRole('button', { name: new RegExp(customer) });
    // (The day may hold other bookings of the same test customer: count what the copy adds.)
    const before = await copies.count();
    await barOf(page, job._id).click({ button: 'right' });
    await menu.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(page.getByTestId('timeline-outcome')).toContainText(`${customer} duplicated`);
    await expect(copies).toHaveCount(before + 1);
    await page.keyboard.press('Control+z');
    await expect(copies).toHaveCount(before);

    // Copy to next week: the same booking a week later, with its resource; undo removes it.
    const nextWeek = async () =>
      (
        (await f.api(
          'GET',
          `/timeline-records?_key=booking&from=${day + 7 * DAY}&to=${day + 8 * DAY}&limit=250`,
        )) as { items?: Json[] }
      ).items?.filter((r) => r.customer_last_name === `Client 10h ${f.run}`) ?? [];
    await barOf(page, job._id).click({ button: 'right' });
    await menu.getByRole('menuitem', { name: 'Copy to next week' }).click();
    await expect(page.getByTestId('timeline-outcome')).toContainText(`${customer} copied to`);
    await expect.poll(async () => (await nextWeek()).map((r) => r.resIds)).toEqual([[f.resA._id]]);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await nextWeek()).length).toBe(0);

    // Candidates from the menu.
    await barOf(page, job._id).click({ button: 'right' });
    await menu.getByRole('menuitem', { name: 'Candidates' }).click();
    await expect(page.getByTestId('candidate-panel')).toBeVisible();
  });

  test('compact rows show 25 and more resources at 1280×800; week and fortnight fit the width, with zoom levels', async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const f = await setUp(page);
    const day = f.day(41);
    const job = await f.booking(day, 11, { resIds: [f.resA._id] });
    await openDay(page, day);
    const compact = page.getByRole('button', { name: 'Compact' });
    await compact.click();
    await expect(compact).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => new URL(page.url()).searchParams.get('density')).toBe('compact');
    const scroller = page.getByTestId('timeline-scroller');
    // Rows wholly inside the scroller, each at most 28 px high.
    const visibleRows = () =>
      scroller.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return [...el.querySelectorAll('[data-row]')].filter((row) => {
          const r = row.getBoundingClientRect();
          return r.top >= box.top && r.bottom <= box.bottom + 0.5 && r.height <= 28;
        }).length;
      });
    await expect.poll(visibleRows).toBeGreaterThanOrEqual(25);
    await shoot(page, 'timeline-compact', info.project.name);
    // The arrangement is in the address: a reload keeps it.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');

    // The week fits the width (no sideways scroll); the hours zoom scrolls; days fits again.
    const fits = () => scroller.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Days', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect.poll(fits).toBe(true);
    // Bars too narrow for their text keep it in the tooltip and the accessible name.
    await expect(barOf(page, job._id)).toHaveAttribute('title', /11:00/);
    await shoot(page, 'timeline-week-fit', info.project.name);
    await page.getByRole('button', { name: 'Hours', exact: true }).click();
    await expect.poll(fits).toBe(false);
    await expect.poll(() => new URL(page.url()).searchParams.get('zoom')).toBe('hours');
    await page.getByRole('button', { name: 'Quarter days', exact: true }).click();
    await expect.poll(fits).toBe(false);
    await page.getByRole('button', { name: 'Days', exact: true }).click();
    await expect.poll(fits).toBe(true);
    await page.getByRole('button', { name: 'Fortnight', exact: true }).click();
    await expect.poll(fits).toBe(true);
  });

  test('keyboard: arrows move between bars and the timeline shows only what is visible', async ({ page }) => {
    const f = await setUp(page);
    const day = f.day(41);
    const first = await f.booking(day, 7, { resIds: [f.resA._id] });
    const second = await f.booking(day, 8, { resIds: [f.resA._id] });
    await openDay(page, day);
    await barOf(page, first._id).focus();
    await page.keyboard.press('ArrowRight');
    await expect(barOf(page, second._id)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(barOf(page, first._id)).toBeFocused();
    // Virtualised: far fewer rows in the DOM than resources in the organisation.
    const rendered = await page.locator('[data-row]').count();
    expect(rendered).toBeLessThan(40);
  });
});
