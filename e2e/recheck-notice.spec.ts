import { expect, type Locator, type Page, test } from '@playwright/test';
import { EXCEPTION_BANNER_TEXT } from '@rostra/core/shell/messages';
import { DAY, toWallClock, toYmd, WEEK, weekStart } from '@rostra/core/time/calendar';
import { type ApiRecord, enterApp, screenshot, USERS } from './helpers.ts';

/*
 * Issue 16 point 2: a save that re-checks bookings tells the dispatcher which ones it put in
 * conflict (reference, time, customer, a link that opens the booking), on the screen they saved
 * from. Data: each test makes its own resource, customer, shifts and booking through the API
 * (a Monday `WEEKS_AHEAD` weeks from now, inside the resource's shift), so nothing seeded or
 * shared with other specs is touched.
 */

const TZ = 'Australia/Sydney';
const WEEKS_AHEAD = 3;
const H = 3600;

const origin = (page: Page) => new URL(page.url()).origin;

async function call(page: Page, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown) {
  const res = await page.request.fetch(`/api/v1${path}`, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { origin: origin(page) },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as ApiRecord;
}

/** 00:00 of the first day of the week `WEEKS_AHEAD` weeks from now, and its id. */
function weekAhead(): { start: number; id: string } {
  const start = weekStart(toWallClock(Date.now(), TZ)) + WEEKS_AHEAD * WEEK;
  return { start, id: `${toYmd(start)}_${toYmd(start + 6 * DAY)}` };
}

type Setup = {
  resource: ApiRecord;
  name: string;
  customer: ApiRecord;
  booking: ApiRecord;
  reference: string;
};

/**
 * A new resource working weekdays 08:00–18:00 that week, a new customer, and the customer's
 * booking on the Monday 10:00–12:00 with that resource: no conflict to begin with.
 */
async function setUp(page: Page, tag: string): Promise<Setup> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `Recheck ${tag} ${stamp}`;
  const resource = await call(page, 'POST', '/resources', {
    name,
    first_name: 'Recheck',
    last_name: `${tag} ${stamp}`,
  });
  const week = weekAhead();
  const day = { beg: 8 * H, end: 18 * H };
  await call(page, 'PUT', `/resources/${resource._id}/shifts/${week.id}`, {
    su: false,
    mo: true,
    tu: true,
    we: true,
    th: true,
    fr: true,
    sa: false,
    ...day,
    timings: { mo: [day], tu: [day], we: [day], th: [day], fr: [day] },
    version: 0,
  });
  const customer = await call(page, 'POST', '/customers', {
    name: `Recheck Customer ${stamp}`,
    phone: '0400 000 070',
  });
  const reference = `RC-${tag.toUpperCase()}-${stamp}`;
  const monday = week.start + DAY;
  const booking = await call(page, 'POST', '/timeline-records', {
    _key: 'booking',
    status: 'dispatched',
    reference,
    customerId: customer._id,
    customer_first_name: 'Rita',
    customer_last_name: `Recheck ${stamp}`,
    resIds: [resource._id],
    utc_begin_plus_tz: monday + 10 * H,
    utc_end_plus_tz: monday + 12 * H,
  });
  expect(booking.isConflict, JSON.stringify(booking.errors)).not.toBe(true);
  return { resource, name, customer, booking, reference };
}

/** Closes the seeded exception report's banner when there is one (it sits above the screens). */
async function closeExceptionBanner(page: Page): Promise<void> {
  const report = (await (await page.request.get('/api/v1/exception-report')).json()) as {
    entries?: unknown[];
  };
  const banner = page.getByRole('alert').filter({ hasText: EXCEPTION_BANNER_TEXT.body });
  if ((report.entries ?? []).length > 0)
    await banner.getByRole('button', { name: EXCEPTION_BANNER_TEXT.close }).click();
  await expect(banner).toHaveCount(0);
}

const noticeIn = (scope: Page | Locator) =>
  scope.getByRole('status').filter({ hasText: 'This change puts 1 booking in conflict:' });

/** The notice names the booking (reference, customer, why) and its link opens the booking. */
async function expectNoticeOpensBooking(page: Page, notice: Locator, s: Setup, why: string): Promise<void> {
  await expect(notice).toContainText(s.reference);
  await expect(notice).toContainText(`Rita Recheck`);
  await expect(notice).toContainText(why);
  await notice.getByRole('link', { name: s.reference }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings\\?.*job_id=${s.booking._id}`));
  await expect(page.getByTestId('booking-detail').getByRole('heading', { level: 2 })).toHaveText(s.reference);
}

/** Screenshots at 1280 and 375 px wide, the notice scrolled into view. */
async function shots(page: Page, notice: Locator, name: string): Promise<void> {
  const project = test.info().project.name;
  await page.setViewportSize({ width: 1280, height: 800 });
  await notice.scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-1280`, project);
  await page.setViewportSize({ width: 375, height: 780 });
  await notice.scrollIntoViewIfNeeded();
  await expect(notice).toBeInViewport();
  // Nothing of it is cut off or spills sideways at phone width.
  const box = await notice.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  expect(await notice.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await screenshot(page, `${name}-375`, project);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await enterApp(page, USERS.dispatcher, '/');
  await closeExceptionBanner(page);
});

test("removing a worker's shift on a day they have a booking names that booking, and its link opens it", async ({
  page,
}) => {
  const s = await setUp(page, 'shift');
  await page.goto('/resource_shifts');
  await page.getByRole('searchbox', { name: 'Search resources' }).fill(s.name);
  await page.getByRole('navigation', { name: 'Resource' }).getByRole('button', { name: s.name }).click();
  for (let i = 0; i < WEEKS_AHEAD; i++)
    await page.getByRole('button', { name: 'Next week', exact: true }).click();
  const editor = page.getByRole('region', { name: new RegExp(`Weekly availability · ${s.name}`) });
  await expect(editor.getByRole('checkbox', { name: 'Monday worked' })).toBeChecked();
  await editor.getByRole('checkbox', { name: 'Monday worked' }).uncheck();
  await editor.getByRole('button', { name: 'Save week' }).click();

  // By the Save button, in the week's editor.
  const notice = noticeIn(editor);
  await expect(notice).toBeVisible();
  await shots(page, notice, 'recheck-notice-shift');
  await expectNoticeOpensBooking(page, notice, s, 'No shift set up for Monday');
});

test("marking a worker inactive names the booking they are on, in the worker's drawer", async ({ page }) => {
  const s = await setUp(page, 'inactive');
  await page.goto(`/resources?id=${s.resource._id}`);
  const drawer = page.getByTestId('resource-detail');
  await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByTestId('resource-form');
  await form.getByRole('checkbox', { name: /^Inactive/ }).check();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toHaveCount(0);

  // The edit form has closed: the notice is in the worker's drawer, where the dispatcher is.
  const notice = noticeIn(drawer);
  await expect(notice).toBeVisible();
  await shots(page, notice, 'recheck-notice-resource');
  await expectNoticeOpensBooking(page, notice, s, 'Resource is inactive');
});

test("blacklisting a worker for a customer names the customer's booking they are on", async ({ page }) => {
  const s = await setUp(page, 'blacklist');
  await page.goto(`/customers?id=${s.customer._id}`);
  const drawer = page.getByTestId('customer-detail');
  await drawer.getByRole('button', { name: 'Edit blacklist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Blacklisted resources' });
  await dialog.getByRole('listbox', { name: 'Blacklisted resources' }).selectOption([s.resource._id]);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // Under the blacklist in the customer's drawer.
  const notice = noticeIn(drawer);
  await expect(notice).toBeVisible();
  await shots(page, notice, 'recheck-notice-blacklist');
  await expectNoticeOpensBooking(page, notice, s, 'is blacklisted by');
});
