import { expect, type Page, test } from '@playwright/test';
import { DAY, dayStart, HOUR, toWallClock, toYmd, WEEK, weekStart } from '@rostra/core/time/calendar';
import { enterApp, USERS, watchPageErrors } from './helpers.ts';

/*
 * Issue 16 points 4–6 against the seeded server. Everything is made here through the API, 50–52
 * days ahead: a label, two resources ('0SA …', sorted first; Ana has the label and a shift, Ben
 * neither), a customer who has blacklisted Ben, and bookings of that customer that prefer Ben
 * (so Ben scores highest while failing).
 */

type Json = Record<string, unknown>;

async function setUp(page: Page) {
  await enterApp(page, USERS.dispatcher, '/');
  const origin = new URL(page.url()).origin;
  const api = async (method: string, path: string, data?: unknown) => {
    const res = await page.request.fetch(`/api/v1${path}`, {
      method,
      headers: { origin },
      ...(data === undefined ? {} : { data }),
    });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as Json;
  };
  const me = await api('GET', '/me');
  const zone = ((me.company as Json | null)?.time_zone as string | undefined) ?? 'Australia/Sydney';
  const today = dayStart(toWallClock(Date.now(), zone));
  const run = String(9_999_999_999_999 - Date.now()).padStart(13, '0');
  const skill = await api('POST', '/labels', { name: `SA-skill-${run}`, type: 'label' });
  const ana = await api('POST', '/resources', { name: `0SA ${run} Ana`, labels: [skill._id] });
  const ben = await api('POST', '/resources', { name: `0SA ${run} Ben`, labels: [] });
  const customer = await api('POST', '/customers', { name: `SA Customer ${run}`, phone: '0400 000 033' });
  await api('PUT', `/customers/${customer._id}/blacklist`, { resIds: [ben._id], version: 0 });
  const days = { su: true, mo: true, tu: true, we: true, th: true, fr: true, sa: true };
  for (let w = weekStart(today + 50 * DAY); w < today + 53 * DAY; w += WEEK) {
    const weekId = `${toYmd(w)}_${toYmd(w + 6 * DAY)}`;
    await api('PUT', `/resources/${ana._id}/shifts/${weekId}`, {
      ...days,
      beg: 6 * HOUR,
      end: 22 * HOUR,
      version: 0,
    });
  }
  const booking = (offset: number, hour: number) =>
    api('POST', '/timeline-records', {
      _key: 'booking',
      status: 'confirmed',
      reference: `SA-${run}-${offset}`,
      customerId: customer._id,
      all_location: '12 Harbour St, Sydney',
      utc_begin_plus_tz: today + offset * DAY + hour * HOUR,
      utc_end_plus_tz: today + offset * DAY + (hour + 1) * HOUR,
      labels: [skill._id],
      rs_preferred: [ben._id],
      resIds: [],
    });
  return { api, run, ana, ben, customer, today, booking };
}

test.describe('safe assigns', () => {
  test('candidate panel: passing first, failing under a divider; a blacklisted worker needs Assign anyway with a reason', async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    const f = await setUp(page);
    const job = await f.booking(50, 9);
    await page.goto(`/week2timelinev2?view=day&date=${toYmd(f.today + 50 * DAY)}`);
    await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible({ timeout: 20_000 });
    // C on a focused bar opens its candidates (a click opens the booking's drawer).
    await page.locator(`button[data-id="${String(job._id)}"]`).focus();
    await page.keyboard.press('c');
    const panel = page.getByTestId('candidate-panel');
    // The head: time, customer, address and the labels every candidate must hold.
    const head = panel.getByTestId('candidate-head');
    await expect(head).toContainText(`SA Customer ${f.run}`);
    await expect(head).toContainText('12 Harbour St, Sydney');
    await expect(head.getByTestId('required-labels')).toContainText(`SA-skill-${f.run}`);
    // Ben is preferred (the highest score) but fails: Ana, who passes, is listed first; Ben
    // comes under the divider with his reasons.
    const passing = panel.locator('[data-group="passing"]');
    const failing = panel.locator('[data-group="failing"]');
    await expect(passing.locator('[data-candidate]').first()).toHaveAttribute(
      'data-candidate',
      String(f.ana._id),
    );
    await expect(panel.getByTestId('failing-divider')).toBeVisible();
    const ben = failing.locator(`[data-candidate="${String(f.ben._id)}"]`);
    await expect(failing.locator('[data-candidate]').first()).toHaveAttribute(
      'data-candidate',
      String(f.ben._id),
    );
    await expect(ben).toContainText(
      `is blacklisted by SA Customer ${f.run} and can't be scheduled for this Job`,
    );
    await expect(ben).toContainText(`Labels don't match. Missing: SA-skill-${f.run}`);

    // Assigning Ben asks first, naming each reason; Cancel leaves the booking as it was.
    await ben.getByRole('button', { name: 'Assign' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText(`0SA ${f.run} Ben fails the checks. Assign anyway?`);
    await expect(dialog.getByTestId('confirm-details')).toContainText(
      `0SA ${f.run} Ben: is blacklisted by SA Customer ${f.run} and can't be scheduled for this Job`,
    );
    await expect(dialog.getByTestId('confirm-details')).toContainText(
      `Labels don't match. Missing: SA-skill-${f.run}`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await f.api('GET', `/timeline-records/${String(job._id)}`)).resIds).toEqual([]);

    // Again: a blacklisted worker needs a reason before "Assign anyway" does anything.
    await ben.getByRole('button', { name: 'Assign' }).click();
    const anyway = dialog.getByRole('button', { name: 'Assign anyway' });
    await expect(anyway).toBeDisabled();
    await dialog
      .getByLabel(/Why assign a worker the customer has blacklisted/)
      .fill('Family asked for Ben by phone');
    await anyway.click();
    await expect(page.getByTestId('timeline-outcome')).toContainText(`assigned to 0SA ${f.run} Ben`);
    await expect
      .poll(async () => (await f.api('GET', `/timeline-records/${String(job._id)}`)).resIds)
      .toEqual([f.ben._id]);
    const states = (await f.api('GET', `/bookings/${String(job._id)}/states`)).items as Json[];
    expect(states.find((s) => s.action === 'blacklist_override')).toMatchObject({
      reason: 'Family asked for Ben by phone',
      resIds: [f.ben._id],
    });
    expect(errors).toEqual([]);
  });

  test('booking detail: Allocate opens the candidate picker, then says whom, with Undo', async ({ page }) => {
    const errors = watchPageErrors(page);
    const f = await setUp(page);
    const job = await f.booking(51, 10);
    await page.goto(`/bookings?job_id=${String(job._id)}`);
    const detail = page.getByTestId('booking-detail');
    await detail.getByRole('button', { name: 'Allocate' }).click();
    // Nothing is assigned by the click itself: the picker lists the candidates.
    const picker = page.getByTestId('allocate-picker');
    await expect(picker.getByTestId('candidate-panel')).toBeVisible();
    expect((await f.api('GET', `/timeline-records/${String(job._id)}`)).resIds).toEqual([]);
    const ana = picker.locator(`[data-group="passing"] [data-candidate="${String(f.ana._id)}"]`);
    await ana.getByRole('button', { name: 'Assign' }).click();
    await expect(picker).toHaveCount(0);
    await expect(detail.getByTestId('allocated')).toContainText(`Allocated to 0SA ${f.run} Ana`);
    await expect
      .poll(async () => (await f.api('GET', `/timeline-records/${String(job._id)}`)).resIds)
      .toEqual([f.ana._id]);
    await detail.getByTestId('allocated').getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(async () => (await f.api('GET', `/timeline-records/${String(job._id)}`)).resIds)
      .toEqual([]);
    await expect(detail.getByTestId('allocated')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('booking form: saving a blacklisted resource asks first and needs a reason', async ({ page }) => {
    const errors = watchPageErrors(page);
    const f = await setUp(page);
    const job = await f.booking(52, 11);
    await page.goto(`/bookings?job_id=${String(job._id)}`);
    const detail = page.getByTestId('booking-detail');
    await detail.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('listbox', { name: 'Resource', exact: true }).selectOption([String(f.ben._id)]);
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog.getByTestId('confirm-details')).toContainText(
      `0SA ${f.run} Ben: is blacklisted by SA Customer ${f.run} and can't be scheduled for this Job`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await f.api('GET', `/timeline-records/${String(job._id)}`)).resIds).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByLabel(/Why assign a worker the customer has blacklisted/)
      .fill('Agreed with the family');
    await dialog.getByRole('button', { name: 'Assign anyway' }).click();
    await expect
      .poll(async () => (await f.api('GET', `/timeline-records/${String(job._id)}`)).resIds)
      .toEqual([f.ben._id]);
    const states = (await f.api('GET', `/bookings/${String(job._id)}/states`)).items as Json[];
    expect(states.find((s) => s.action === 'blacklist_override')).toMatchObject({
      reason: 'Agreed with the family',
    });
    expect(errors).toEqual([]);
  });
});
