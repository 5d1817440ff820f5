import { expect as baseExpect, type Page, test } from '@playwright/test';
import { formatDate } from '@rostra/core/time/calendar';
import { enterApp, screenshot, USERS } from './helpers.ts';

/** The machine is shared and slow at times: screens get 15 s to show what they should. */
const expect = baseExpect.configure({ timeout: 15_000 });

/*
 * The directory screens (issue 8, point 3): each opens for a dispatcher without console errors;
 * customers and resources are created and edited through their screens and opened by `?id=`; an
 * announcement reaches a second signed-in browser's broadcast slide-over live; the calendar shows
 * a seeded booking. Records this spec writes carry a unique suffix so that runs do not collide.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Console errors and uncaught exceptions of a page, to assert a screen opened cleanly. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

const SCREENS = [
  ['/', 'Home'],
  ['/customers', 'Customers'],
  ['/resources', 'Resources'],
  ['/groupevents', 'Group events'],
  ['/announcements', 'Announcements'],
  ['/events', 'Events'],
  ['/projecttasks', 'Project tasks'],
  ['/calevents?type=meeting', 'Calendar events'],
  ['/calendar', 'Calendar'],
] as const;

test('every directory screen opens for a dispatcher with its content and no console errors', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await enterApp(page, USERS.dispatcher, '/');
  for (const [path, title] of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Loaded: no skeleton left in the main region.
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    await screenshot(page, `directory${path.replace(/[/?=]/g, '-')}-1280`, test.info().project.name);
  }
  // Phones: the same screens at 375 px, lists as cards.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [path, title] of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    await screenshot(page, `directory${path.replace(/[/?=]/g, '-')}-375`, test.info().project.name);
  }
  expect(errors).toEqual([]);
});

test('a dispatcher creates a customer, edits it, and opens it by ?id=', async ({ page }) => {
  const errors = watchConsole(page);
  const last = `Tester${unique()}`;
  await enterApp(page, USERS.dispatcher, '/customers');
  await page.getByRole('button', { name: 'New customer' }).click();
  const form = page.getByTestId('customer-form');
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Save' }).click();
  // Bad input is named at its field and nothing typed is lost.
  await expect(form.getByText("That email address isn't correct")).toBeVisible();
  await expect(form.getByLabel('Last name')).toHaveValue(last);
  await form.getByLabel('Email').fill(`ada.${last.toLowerCase()}@example.test`);
  await form.getByLabel('Phone', { exact: true }).fill('0400 000 001');
  await form.getByLabel('Suburb').fill('Manly');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const detail = page.getByTestId('customer-detail');
  await expect(detail.getByRole('heading', { name: `Ada ${last}` })).toBeVisible();
  const id = new URL(page.url()).searchParams.get('id');
  expect(id).toBeTruthy();

  await detail.getByRole('button', { name: 'Edit', exact: true }).click();
  await form.getByLabel('Suburb').fill('Bondi');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(detail.getByText('Bondi')).toBeVisible();

  // The list finds it by search; a fresh page opens it by ?id=.
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(last);
  await expect(page.locator('[data-customer]:visible')).toHaveCount(1);
  await page.goto(`/customers?id=${id}`);
  await expect(
    page.getByTestId('customer-detail').getByRole('heading', { name: `Ada ${last}` }),
  ).toBeVisible();
  await expect(page.getByTestId('customer-detail').getByText('Bondi')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a dispatcher creates a resource with hour limits and edits it', async ({ page }) => {
  const errors = watchConsole(page);
  const last = `Worker${unique()}`;
  await enterApp(page, USERS.dispatcher, '/resources');
  await page.getByRole('button', { name: 'New resource' }).click();
  const form = page.getByTestId('resource-form');
  await form.getByLabel('First name').fill('Rita');
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('Max hours / week').fill('lots');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a number of hours from 0 to 8784.')).toBeVisible();
  await form.getByLabel('Max hours / week').fill('38');
  await form.getByLabel('External resource (a contractor)').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const detail = page.getByTestId('resource-detail');
  await expect(detail.getByRole('heading', { name: `Rita ${last}` })).toBeVisible();
  await expect(detail.getByText('38 h')).toBeVisible();
  await expect(detail.getByText('External', { exact: true })).toBeVisible();

  await detail.getByRole('button', { name: 'Edit', exact: true }).click();
  await form.getByLabel('Max hours / week').fill('20');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(detail.getByText('20 h')).toBeVisible();

  const id = new URL(page.url()).searchParams.get('id');
  await page.goto(`/resources?kind=external&q=${last}`);
  await expect(page.locator(`[data-resource="${id}"]:visible`)).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("an announcement reaches another signed-in user's broadcast slide-over live", async ({
  page,
  browser,
}) => {
  const title = `Depot closed ${unique()}`;
  const other = await browser.newContext();
  try {
    const resourcePage = await other.newPage();
    await enterApp(resourcePage, USERS.resource, '/');
    await expect(resourcePage.getByRole('banner')).toBeVisible();

    await enterApp(page, USERS.dispatcher, '/announcements');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Message').fill('Use the north gate today.');
    await page.getByRole('button', { name: 'Send announcement' }).click();
    await expect(page.locator('[data-announcement]').filter({ hasText: title })).toBeVisible();

    const slideOver = resourcePage.getByTestId('broadcast');
    await expect(slideOver.getByText(title)).toBeVisible();
    await expect(slideOver.getByText('Use the north gate today.')).toBeVisible();
  } finally {
    await other.close();
  }
});

test('the calendar shows a seeded booking on its day', async ({ page }) => {
  await enterApp(page, USERS.dispatcher, '/calendar');
  const origin = new URL(page.url()).origin;
  const now = Math.floor(Date.now() / 1000);
  const res = await page.request.post('/api/v1/bookings/search', {
    data: { from: now - 14 * 86_400, to: now + 14 * 86_400, limit: 1 },
    headers: { origin },
  });
  expect(res.ok()).toBe(true);
  const [booking] = ((await res.json()) as { items: { _id: string; utc_begin_plus_tz: number }[] }).items;
  expect(booking, 'the seed has bookings around today').toBeTruthy();
  if (!booking) return;
  const month = new Date(booking.utc_begin_plus_tz * 1000).toISOString().slice(0, 7);
  await page.goto(`/calendar?month=${month}`);
  // A busy day shows a few chips and "+n more": the day's list (Enter on the day) has them all.
  const day = page.locator(`table button[data-day="${formatDate(booking.utc_begin_plus_tz)}"]`);
  await day.focus();
  await page.keyboard.press('Enter');
  const list = page.getByTestId('calendar-day');
  await expect(list.locator(`[data-calendar-item="${booking._id}"]`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  // Keyboard: the focused day moves with the arrows.
  const focused = page.locator('table button[tabindex="0"]');
  await focused.focus();
  const before = await focused.getAttribute('data-day');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('table button[tabindex="0"]')).not.toHaveAttribute('data-day', before ?? '');
});

test('a dispatcher plans a group event, a project task and a calendar event of that task', async ({
  page,
  browser,
}) => {
  const errors = watchConsole(page);
  const tag = unique();
  await enterApp(page, USERS.dispatcher, '/groupevents');
  await page.getByRole('button', { name: 'New group event' }).click();
  const ge = page.getByTestId('groupevent-form');
  await ge.getByLabel('Name', { exact: true }).fill(`Team day ${tag}`);
  await ge.getByLabel('Date', { exact: true }).fill('2031-02-14');
  await ge.getByLabel('Begin', { exact: true }).fill('12:00');
  await ge.getByLabel('End', { exact: true }).fill('12:00');
  await ge.getByRole('button', { name: 'Save' }).click();
  await expect(ge.getByText('The end must be after the beginning.')).toBeVisible();
  await ge.getByLabel('End', { exact: true }).fill('15:00');
  await ge.getByLabel('Location', { exact: true }).fill('Harbour park');
  await expect(ge.getByLabel('Resources').locator('option').first()).toBeAttached();
  await ge.getByLabel('Resources').selectOption({ index: 0 });
  await ge.getByRole('button', { name: 'Save' }).click();
  await expect(ge).toBeHidden();
  const geDetail = page.getByTestId('groupevent-detail');
  await expect(geDetail.getByRole('heading', { name: `Team day ${tag}` })).toBeVisible();
  await expect(geDetail.getByText('Harbour park')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search group events' }).fill(tag);
  await expect(page.locator('[data-groupevent]')).toHaveCount(1);

  await page.goto('/projecttasks');
  await page.getByRole('button', { name: 'New task' }).click();
  const task = page.getByTestId('task-form');
  await task.getByLabel('Name', { exact: true }).fill(`Fit rails ${tag}`);
  await task.getByLabel('Status', { exact: true }).fill('open');
  // The readers list is picked from the organisation's users.
  const taskReaders = task.getByTestId('readers-field');
  await taskReaders.getByRole('searchbox', { name: 'Find a user' }).fill(USERS.resource);
  await taskReaders.getByRole('checkbox').first().check();
  await expect(taskReaders.getByText('1 reader chosen')).toBeVisible();
  await task.getByRole('button', { name: 'Save' }).click();
  await expect(task).toBeHidden();
  const taskDetail = page.getByTestId('task-detail');
  await expect(taskDetail.getByRole('heading', { name: `Fit rails ${tag}` })).toBeVisible();
  const taskId = new URL(page.url()).searchParams.get('task_id');

  await page.goto('/calevents?type=meeting');
  await page.getByRole('button', { name: 'New calendar event' }).click();
  const ev = page.getByTestId('calevent-form');
  await ev.getByLabel('Name', { exact: true }).fill(`Rail visit ${tag}`);
  // A new event takes the screen's type, so that it is listed under /calevents?type=meeting.
  await expect(ev.getByLabel('Type', { exact: true })).toHaveValue('meeting');
  await expect(
    ev.getByLabel('Project task').locator('option', { hasText: `Fit rails ${tag}` }),
  ).toBeAttached();
  await ev.getByLabel('Project task').selectOption({ label: `Fit rails ${tag}` });
  // The task's reader (the resource) joins the event's readers.
  await expect(ev.getByTestId('readers-field').getByText('1 reader chosen')).toBeVisible();
  await ev.getByLabel('Date', { exact: true }).fill('2031-02-20');
  await ev.getByRole('button', { name: 'Save' }).click();
  await expect(ev).toBeHidden();
  await expect(
    page.getByTestId('calevent-detail').getByRole('heading', { name: `Rail visit ${tag}` }),
  ).toBeVisible();
  expect(new URL(page.url()).searchParams.get('type')).toBe('meeting');
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search calendar events' }).fill(tag);
  await expect(page.locator('[data-calevent]')).toHaveCount(1);
  await expect(page.locator('[data-calevent]').getByText('meeting', { exact: true })).toBeVisible();
  // Another type lists other events only.
  await page.goto(`/calevents?type=training&q=${tag}`);
  await expect(
    page.getByText('There are no calendar events yet.').or(page.getByText('No events on this page match.')),
  ).toBeVisible();
  await expect(page.locator('[data-calevent]')).toHaveCount(0);

  // The resource on the readers list sees the event; it was never theirs before.
  const other = await browser.newContext();
  const resourcePage = await other.newPage();
  await enterApp(resourcePage, USERS.resource, `/calevents?q=${tag}`);
  await expect(resourcePage.locator('[data-calevent]')).toHaveCount(1);
  await other.close();

  // The task lists its event.
  await page.goto(`/projecttasks?task_id=${taskId}`);
  await expect(
    page.getByTestId('task-detail').getByRole('link', { name: `Rail visit ${tag}` }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test('a dispatcher adds, renames and deletes an event of the default workflow group', async ({ page }) => {
  const errors = watchConsole(page);
  const tag = unique();
  await enterApp(page, USERS.dispatcher, '/events');
  await expect(page.locator('[data-event="team_meeting"]')).toBeVisible();
  await page.getByRole('button', { name: 'New event' }).click();
  const form = page.getByTestId('event-form');
  await form.getByLabel('Label', { exact: true }).fill(`Drill ${tag}`);
  await form.getByLabel('Key', { exact: true }).fill('team_meeting');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Another event already has this key.')).toBeVisible();
  await form.getByLabel('Key', { exact: true }).fill(`drill_${tag}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const row = page.locator(`[data-event="drill_${tag}"]`);
  await expect(row).toContainText(`Drill ${tag}`);

  await row.getByRole('button', { name: `Edit Drill ${tag}` }).click();
  await form.getByLabel('Label', { exact: true }).fill(`Fire drill ${tag}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(row).toContainText(`Fire drill ${tag}`);

  await row.getByRole('button', { name: `Delete Fire drill ${tag}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(row).toHaveCount(0);
  expect(errors).toEqual([]);
});
