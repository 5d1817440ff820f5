import { expect, type Page, test } from '@playwright/test';
import { apiCall, customerAllowing, enterApp, screenshot, todaysJob, USERS } from './helpers.ts';

/*
 * Issue 22 point 1 on the screens: each feature flag changes what the screens show, on and off
 * (what the server allows is apps/server/src/scheduling/feature-flags.test.ts). Each test puts
 * the organisation's display flags back as they were.
 */

type Display = { display?: Record<string, unknown>; versions?: Record<string, number> };

/** Sets these display flags (as the dispatcher signed in on `page`); answers a restore. */
async function setFlags(page: Page, flags: Record<string, boolean>): Promise<() => Promise<void>> {
  const read = async () => (await apiCall(page, 'GET', '/settings?keys=display')) as unknown as Display;
  const before = await read();
  await apiCall(page, 'PUT', '/settings', {
    key: 'display',
    value: { ...before.display, ...flags },
    version: before.versions?.display ?? 0,
  });
  return async () => {
    const now = await read();
    await apiCall(page, 'PUT', '/settings', {
      key: 'display',
      value: before.display ?? {},
      version: now.versions?.display ?? 0,
    });
  };
}

test.describe('feature flags', () => {
  test('the audit, time-entry and mileage cards: shown to the job resource with the flags off, gone with them on', async ({
    page,
    browser,
  }) => {
    const baseURL = String(test.info().project.use.baseURL);
    await enterApp(page, USERS.dispatcher, '/');
    const job = await todaysJob(page);
    const phoneContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 780 } });
    const restore = await setFlags(page, {
      hide_audit_card_resource: false,
      hide_timeentry_card_resource: false,
      hide_mileage_card_resource: false,
    });
    try {
      const phone = await phoneContext.newPage();
      await enterApp(phone, USERS.resource, `/bookings?job_id=${job._id}`);
      const detail = phone.getByTestId('booking-detail');
      await expect(detail.getByRole('heading', { name: job.reference })).toBeVisible();
      await detail.getByRole('tab', { name: 'Resource' }).click();
      await expect(detail.getByRole('heading', { name: 'Your time on this job' })).toBeVisible();
      await expect(detail.getByRole('heading', { name: 'Mileage' })).toBeVisible();
      await detail.getByRole('tab', { name: 'Details' }).click();
      await expect(detail.getByRole('heading', { name: 'Status history' })).toBeVisible();

      await setFlags(page, {
        hide_audit_card_resource: true,
        hide_timeentry_card_resource: true,
        hide_mileage_card_resource: true,
      });
      await phone.reload();
      await expect(detail.getByRole('heading', { name: job.reference })).toBeVisible();
      await detail.getByRole('tab', { name: 'Resource' }).click();
      await expect(detail.getByRole('heading', { name: 'Time per resource' })).toBeVisible();
      await expect(detail.getByRole('heading', { name: 'Your time on this job' })).toHaveCount(0);
      await expect(detail.getByRole('heading', { name: 'Mileage' })).toHaveCount(0);
      await screenshot(phone, 'flags-cards-hidden-375', test.info().project.name);
      await detail.getByRole('tab', { name: 'Details' }).click();
      await expect(
        detail.getByRole('heading', { name: 'Notes' }).or(detail.getByText('Notes')).first(),
      ).toBeVisible();
      await expect(detail.getByRole('heading', { name: 'Status history' })).toHaveCount(0);

      // The dispatcher still sees the job's history.
      await page.goto(`/bookings?job_id=${job._id}`);
      const desk = page.getByTestId('booking-detail');
      await desk.getByRole('tab', { name: 'Details' }).click();
      await expect(desk.getByRole('heading', { name: 'Status history' })).toBeVisible();
    } finally {
      await phoneContext.close();
      await restore();
    }
  });

  test('forcing resources: a new calendar event, group event and booking without one show the message with the flags on, and save with them off', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await enterApp(page, USERS.dispatcher, '/calevents');
    const tag = Date.now().toString(36);
    const restore = await setFlags(page, {
      force_resource_calevent: true,
      force_resource_groupevent: true,
      force_resource_booking: true,
    });
    try {
      await page.reload();
      await page.getByRole('button', { name: 'New calendar event' }).click();
      const ev = page.getByTestId('calevent-form');
      await ev.getByLabel('Name', { exact: true }).fill(`Forced ${tag}`);
      await ev.getByLabel('Date', { exact: true }).fill('2031-03-20');
      await ev.getByRole('button', { name: 'Save' }).click();
      await expect(
        ev.getByText(
          'Choose at least one resource: this organisation requires resources on calendar events.',
        ),
      ).toBeVisible();
      await screenshot(page, 'flags-calevent-forced-1280', test.info().project.name);
      await page.keyboard.press('Escape');

      await page.goto('/groupevents');
      await page.getByRole('button', { name: 'New group event' }).click();
      const ge = page.getByTestId('groupevent-form');
      await ge.getByLabel('Name', { exact: true }).fill(`Forced ${tag}`);
      await ge.getByLabel('Date', { exact: true }).fill('2031-03-21');
      await ge.getByRole('button', { name: 'Save' }).click();
      await expect(
        ge.getByText('Choose at least one resource: this organisation requires resources on group events.'),
      ).toBeVisible();
      await page.keyboard.press('Escape');

      await page.goto('/bookings');
      await page.getByRole('button', { name: 'New booking' }).click();
      const bk = page.getByTestId('booking-form');
      await bk.getByLabel('Date').fill('2031-03-22');
      await bk.getByLabel('Begins').fill('09:00');
      await bk.getByLabel('Ends', { exact: true }).fill('10:00');
      await bk.getByLabel('Customer', { exact: true }).selectOption('c001');
      await bk.getByRole('button', { name: 'Save' }).click();
      await expect(
        bk.getByText('Choose at least one resource: this organisation requires resources on new bookings.'),
      ).toBeVisible();
      await page.keyboard.press('Escape');

      // Off: the calendar event saves without a resource.
      await setFlags(page, { force_resource_calevent: false });
      await page.goto('/calevents');
      await page.getByRole('button', { name: 'New calendar event' }).click();
      await ev.getByLabel('Name', { exact: true }).fill(`Free ${tag}`);
      await ev.getByLabel('Date', { exact: true }).fill('2031-03-20');
      await ev.getByRole('button', { name: 'Save' }).click();
      await expect(ev).toBeHidden();
      await expect(
        page.getByTestId('calevent-detail').getByRole('heading', { name: `Free ${tag}` }),
      ).toBeVisible();
    } finally {
      await restore();
    }
  });

  test('24-hour date validation: on, a booking over 24 hours shows "you must enter a valid date"', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    await enterApp(page, USERS.dispatcher, '/bookings');
    const restore = await setFlags(page, { validate_24_hour_date: true });
    try {
      await page.reload();
      await page.getByRole('button', { name: 'New booking' }).click();
      const bk = page.getByTestId('booking-form');
      await bk.getByLabel('Date').fill('2031-03-23');
      await bk.getByLabel('Begins').fill('09:00');
      await bk.getByLabel('Ends', { exact: true }).fill('10:00');
      await bk.getByLabel('Ends next day').check();
      await bk.getByLabel('Customer', { exact: true }).selectOption('c001');
      await bk.getByRole('button', { name: 'Save' }).click();
      await expect(bk.getByText('you must enter a valid date')).toBeVisible();
      await screenshot(page, 'flags-24h-375', test.info().project.name);
      // 23 hours is a valid overnight job.
      await bk.getByLabel('Ends', { exact: true }).fill('08:00');
      await expect(bk.getByText('you must enter a valid date')).toHaveCount(0);
    } finally {
      await restore();
    }
  });

  test('task quote: on, a job offers New quote beside New invoice; off, New invoice only', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await enterApp(page, USERS.dispatcher, '/');
    const job = await todaysJob(page);
    // Started, the job has its Quotes And Invoices tab.
    await apiCall(page, 'POST', `/bookings/${job._id}/actions/start`, { version: job.version });
    const restore = await setFlags(page, { task_quote: true });
    try {
      const tab = async () => {
        await page.goto(`/bookings?job_id=${job._id}`);
        const detail = page.getByTestId('booking-detail');
        await detail.getByRole('tab', { name: 'Quotes And Invoices' }).click();
        await expect(detail.getByRole('button', { name: 'New invoice' })).toBeVisible();
        return detail;
      };
      await expect((await tab()).getByRole('button', { name: 'New quote' })).toBeVisible();
      await setFlags(page, { task_quote: false });
      const detail = await tab();
      await expect(detail.getByRole('button', { name: 'New quote' })).toHaveCount(0);
      await screenshot(page, 'flags-no-quote-1280', test.info().project.name);
    } finally {
      await restore();
    }
  });

  test('resource validation: on, a booking whose resource is busy is not saved and the form says why', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await enterApp(page, USERS.dispatcher, '/bookings');
    const begin = Date.parse('2031-04-01T09:00:00Z') / 1000;
    const customer = await customerAllowing(page, 'r060');
    await apiCall(page, 'POST', '/timeline-records', {
      _key: 'booking',
      status: 'confirmed',
      reference: `E2E-FLAGS-BUSY-${Date.now()}`,
      customerId: customer,
      resIds: ['r060'],
      utc_begin_plus_tz: begin,
      utc_end_plus_tz: begin + 3600,
    });
    const restore = await setFlags(page, { resource_validation: true });
    try {
      await page.reload();
      await page.getByRole('button', { name: 'New booking' }).click();
      const bk = page.getByTestId('booking-form');
      await bk.getByLabel('Date').fill('2031-04-01');
      await bk.getByLabel('Begins').fill('09:30');
      await bk.getByLabel('Ends', { exact: true }).fill('10:30');
      await bk.getByLabel('Customer', { exact: true }).selectOption(customer);
      await bk.getByLabel('Resource').selectOption(['r060']);
      await bk.getByRole('button', { name: 'Save' }).click();
      const confirm = page.getByTestId('confirm-dialog');
      await confirm.getByRole('button', { name: 'Assign anyway' }).click();
      await expect(
        bk.getByText(
          'This organisation does not save a job whose resources fail the checks: choose another resource',
        ),
      ).toBeVisible();
      await screenshot(page, 'flags-resource-validation-1280', test.info().project.name);
    } finally {
      await restore();
    }
  });
  test("disable edit: a resource's and a customer's profile edits are offered with the flags off, disabled with the reason with them on", async ({
    page,
    browser,
  }) => {
    const baseURL = String(test.info().project.use.baseURL);
    await enterApp(page, USERS.dispatcher, '/');
    const restore = await setFlags(page, { disable_edit_resource: false, disable_edit_customer: false });
    const phoneContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 780 } });
    const deskContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    try {
      const phone = await phoneContext.newPage();
      await enterApp(phone, USERS.resource, '/');
      const openMenu = async (p: Page) => {
        await p.getByRole('button', { name: 'Profile' }).click();
        return p.getByRole('menu', { name: 'Profile' });
      };
      // Off: the resource changes their photo and opens their profile.
      let menu = await openMenu(phone);
      await expect(menu.getByRole('menuitem', { name: 'Change photo' })).toBeEnabled();
      await menu.getByRole('menuitem', { name: 'Edit profile' }).click();
      const dialog = phone.getByRole('dialog', { name: 'Edit profile' });
      await expect(dialog.getByLabel('Display name')).toBeVisible();
      await phone.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      // On: both edits stay in the menu, disabled, with the reason the server gives.
      await setFlags(page, { disable_edit_resource: true, disable_edit_customer: true });
      await phone.reload();
      menu = await openMenu(phone);
      await expect(menu.getByTestId('profile-locked')).toHaveText(
        'This organisation does not let resources change their profile',
      );
      await expect(menu.getByRole('menuitem', { name: 'Change photo' })).toBeDisabled();
      await expect(menu.getByRole('menuitem', { name: 'Edit profile' })).toBeDisabled();
      await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeEnabled();
      await screenshot(phone, 'flags-profile-locked-375', test.info().project.name);
      await phone.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);

      const desk = await deskContext.newPage();
      await enterApp(desk, USERS.customer, '/');
      menu = await openMenu(desk);
      await expect(menu.getByTestId('profile-locked')).toHaveText(
        'This organisation does not let customers change their profile',
      );
      await expect(menu.getByRole('menuitem', { name: 'Edit profile' })).toBeDisabled();
      await screenshot(desk, 'flags-profile-locked-1280', test.info().project.name);

      // The customer's flag off: the customer edits again, whatever the resources' flag.
      await setFlags(page, { disable_edit_customer: false });
      await desk.keyboard.press('Escape');
      await desk.reload();
      menu = await openMenu(desk);
      await expect(menu.getByTestId('profile-locked')).toHaveCount(0);
      await expect(menu.getByRole('menuitem', { name: 'Edit profile' })).toBeEnabled();
    } finally {
      await phoneContext.close();
      await deskContext.close();
      await restore();
    }
  });
});
