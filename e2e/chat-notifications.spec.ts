import { expect as baseExpect, test } from '@playwright/test';
import { apiCall, enterApp, screenshot, todaysJob, USERS } from './helpers.ts';

/** The machine is shared and slow at times: screens get 20 s to show what they should. */
const expect = baseExpect.configure({ timeout: 20_000 });

/*
 * Issue 16, point 10: a worker's chat message notifies the dispatchers (dot, live, the drawer),
 * and the drawer shows its time on the organisation's clock (Harbour Care: Australia/Sydney) in
 * its date format, not the browser's: the dispatcher's browser runs in New York, in en-US.
 */

/** An instant as `dd/Mmm/yyyy hh:MM:ss AM` in a zone, worked out here independently of the app. */
function sydneyText(epochSeconds: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Australia/Sydney',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(epochSeconds * 1000))
      .map((p) => [p.type, p.value]),
  );
  const hour = parts.hour === '00' ? '12' : parts.hour;
  return `${parts.day}/${parts.month?.slice(0, 3)}/${parts.year} ${hour}:${parts.minute}:${parts.second} ${String(parts.dayPeriod).toUpperCase()}`;
}

test("a worker's chat message reaches the dispatcher's bell; the drawer shows the organisation's time", async ({
  browser,
}) => {
  const baseURL = String(test.info().project.use.baseURL);
  const project = test.info().project.name;
  const deskContext = await browser.newContext({
    baseURL,
    timezoneId: 'America/New_York',
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const phoneContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 780 } });
  try {
    const desk = await deskContext.newPage();
    await enterApp(desk, USERS.dispatcher, '/customers');
    const me = (await apiCall(desk, 'GET', '/me')) as {
      company?: { time_zone?: string; date_format?: string };
    };
    expect(me.company?.time_zone).toBe('Australia/Sydney');
    expect(me.company?.date_format ?? 'dd/mmm/yyyy').toBe('dd/mmm/yyyy');
    // The browser really is elsewhere.
    expect(await desk.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      'America/New_York',
    );
    await apiCall(desk, 'POST', '/notifications/seen', {});
    await desk.reload();
    const bell = desk.getByTestId('notifications-bell');
    await expect(bell).toHaveAccessibleName('Notifications');
    const job = await todaysJob(desk);

    // The worker, on a phone, writes in the job's chat.
    const phone = await phoneContext.newPage();
    await enterApp(phone, USERS.resource, `/bookings?job_id=${job._id}`);
    const detail = phone.getByTestId('booking-detail');
    await detail.getByRole('tab', { name: 'Chats' }).click();
    const box = detail.getByRole('textbox', { name: 'Message' });
    await box.fill('Running 10 minutes late');
    await box.press('Enter');
    await expect(detail.getByTestId('chat-feed')).toContainText('Running 10 minutes late');

    // No reload: the dot lights live.
    await expect(desk.getByTestId('notification-dot')).toBeVisible();
    const list = (await apiCall(desk, 'GET', '/notifications')) as unknown as {
      items: { body: string; record_id: string; _qa_create_utc: number }[];
    };
    const note = list.items.find(
      (n) => n.record_id === job._id && n.body.endsWith('Running 10 minutes late'),
    );
    expect(note, JSON.stringify(list.items.slice(0, 3))).toBeDefined();
    const expected = sydneyText((note as { _qa_create_utc: number })._qa_create_utc);

    await bell.click();
    const drawer = desk.getByRole('dialog', { name: 'Notifications' });
    const item = drawer.getByRole('listitem').filter({ hasText: 'Running 10 minutes late' });
    await expect(item).toHaveCount(1);
    await expect(item.getByText('New message')).toBeVisible();
    await expect(item).toContainText(`on ${job.reference}: Running 10 minutes late`);
    await expect(item.getByTestId('notification-time')).toHaveText(expected);
    await screenshot(desk, 'chat-notification-drawer-1280', project);
  } finally {
    await deskContext.close();
    await phoneContext.close();
  }
});
