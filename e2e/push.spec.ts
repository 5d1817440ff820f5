import { expect, test } from '@playwright/test';
import { DAY, dayStart, HOUR, toYmd } from '@rostra/core/time/calendar';
import { browserSubscription, decryptPush, pushService } from '../apps/server/src/notify/testing.ts';
import { apiCall, enterApp, orgNow, screenshot, USERS, workerJob } from './helpers.ts';

/*
 * Issue #19 points 1 and 3 with Web Push in the browser: the worker's phone asks for permission
 * only from "Get notified", subscribes, and the server keeps the subscription; a new job's push
 * is encrypted by the server and sent to a push service on loopback (in this test process), which
 * decrypts it with the subscription's keys; the message is handed to the app's service worker,
 * which shows it with Confirm and Decline; Confirm is answered from the service worker and the
 * dispatcher's timeline shows the confirmation live.
 *
 * The one part played here is the browser vendor's push service (the edge of the world: headless
 * Chromium has none): the page's PushManager.subscribe answers a subscription whose endpoint is
 * the loopback service and whose keys this test holds, and a received message is delivered to
 * the service worker as a push event, as the vendor's service would.
 */

const WORKER = 'resource@harbourcare.test';

test.use({ serviceWorkers: 'allow' });

test('a worker turns on push; a new job arrives as an encrypted push, is confirmed from the notification, and the dispatcher sees it live', async ({
  page,
  browser,
}, info) => {
  const service = await pushService();
  const subscription = browserSubscription(`${service.base}/push/${Math.floor(Math.random() * 1e9)}`);
  const phone = await browser.newContext({
    baseURL: String(info.project.use.baseURL),
    viewport: { width: 375, height: 740 },
    serviceWorkers: 'allow',
  });
  try {
    // The vendor's push service, played: subscribe answers the loopback endpoint and the test's keys.
    // (A script of the page's own: these tests are typed without the DOM.)
    await phone.addInitScript({
      content: `(() => {
        const sub = ${JSON.stringify(subscription.body)};
        window.__permissionAsked = 0;
        const ask = Notification.requestPermission.bind(Notification);
        Notification.requestPermission = (...args) => {
          window.__permissionAsked += 1;
          return ask(...args);
        };
        PushManager.prototype.getSubscription = async () => null;
        PushManager.prototype.subscribe = async () => ({ endpoint: sub.endpoint, toJSON: () => sub });
      })();`,
    });
    const worker = await phone.newPage();
    await enterApp(worker, WORKER, '/bookings');
    await expect
      .poll(() => worker.evaluate<boolean>('navigator.serviceWorker.controller !== null'), {
        timeout: 20_000,
      })
      .toBe(true);

    // Not asked at load: only the offer shows.
    const offer = worker.getByRole('region', { name: 'Get notified' });
    await expect(offer.getByRole('button', { name: 'Get notified' })).toBeVisible({ timeout: 20_000 });
    expect(await worker.evaluate('window.__permissionAsked')).toBe(0);
    await screenshot(worker, 'push-offer-375', info.project.name);

    // The worker says yes (the browser's prompt answered "Allow"): asked once, subscribed.
    await phone.grantPermissions(['notifications']);
    await offer.getByRole('button', { name: 'Get notified' }).click();
    await expect(
      worker.getByRole('status').filter({ hasText: 'Notifications are on for this device.' }),
    ).toBeVisible();
    expect(await worker.evaluate('window.__permissionAsked')).toBe(1);

    // The dispatcher assigns a new job to the worker and watches its day.
    await enterApp(page, USERS.dispatcher, '/');
    // 10:00 three days ahead: the day view opens on the working day, and a job at the hour the
    // test happens to run (an evening one, say) would lie past its right edge, not drawn.
    const job = await workerJob(page, 'E2E-PUSH', dayStart((await orgNow(page)) + 3 * DAY) + 10 * HOUR);
    const name = String(((await apiCall(page, 'GET', '/resources/r001')) as { name?: string }).name ?? '');
    await page.goto(
      `/week2timelinev2?view=day&date=${toYmd(dayStart(job.begin))}&q=${encodeURIComponent(name)}`,
    );
    const bar = page.locator(`button[data-id="${job.id}"]`).first();
    await expect(bar).toHaveAttribute('aria-label', /Not yet confirmed/, { timeout: 20_000 });

    // The server's push reaches the loopback service, VAPID-signed and encrypted to the test's keys.
    let message: { title?: string; body?: string; record_id?: string; confirm_token?: string } = {};
    await expect
      .poll(
        () => {
          for (const r of service.received) {
            const m = JSON.parse(decryptPush(r.body, subscription.ecdh, subscription.auth)) as typeof message;
            if (m.record_id === job.id) message = m;
          }
          return message.record_id;
        },
        // The app's notification runner sends every 5 seconds.
        { timeout: 30_000 },
      )
      .toBe(job.id);
    expect(message.title).toContain('New job');
    expect(message.confirm_token).toBeTruthy();

    // Delivered to the service worker, which shows it with Confirm and Decline.
    // (The service worker's globals, which the page's DOM types do not describe.)
    type Shown = { title: string; actions: { action: string }[] };
    type SwScope = typeof globalThis & {
      dispatchEvent(event: Event): boolean;
      registration: { getNotifications(): Promise<Shown[]> };
      PushEvent: new (type: string, init: { data: string }) => Event;
      NotificationEvent: new (type: string, init: { notification: Shown; action: string }) => Event;
    };
    const sw = phone.serviceWorkers()[0] ?? (await phone.waitForEvent('serviceworker'));
    await sw.evaluate((data) => {
      const scope = globalThis as SwScope;
      scope.dispatchEvent(new scope.PushEvent('push', { data }));
    }, JSON.stringify(message));
    const shown = () =>
      sw.evaluate(async () =>
        (await (globalThis as SwScope).registration.getNotifications()).map((n) => ({
          title: n.title,
          actions: (n.actions ?? []).map((a) => a.action),
        })),
      );
    await expect.poll(shown).toContainEqual({ title: message.title, actions: ['confirm', 'decline'] });

    // The worker taps Confirm: answered from the service worker, no app opened, no sign-in needed.
    await sw.evaluate(async (title) => {
      const scope = globalThis as SwScope;
      const notification = (await scope.registration.getNotifications()).find((n) => n.title === title);
      if (!notification) throw new Error('the notification is not shown');
      scope.dispatchEvent(
        new scope.NotificationEvent('notificationclick', { notification, action: 'confirm' }),
      );
    }, String(message.title));
    await expect.poll(async () => (await shown()).map((n) => n.title)).toContain('Job confirmed');

    // Live on the dispatcher's timeline, and in the job's answers.
    await expect(bar).toHaveAttribute('aria-label', /Confirmed by the worker/);
    const answers = (await apiCall(page, 'GET', `/bookings/${job.id}/confirmations`)) as unknown as {
      items: { state: string }[];
    };
    expect(answers.items).toMatchObject([{ state: 'confirmed' }]);
    await screenshot(page, 'push-confirmed-timeline-1280', info.project.name);

    // Push off for this device: later jobs are not sent to a service that is gone.
    await apiCall(worker, 'POST', '/me/push-subscriptions/remove', { endpoint: subscription.body.endpoint });
  } finally {
    await phone.close();
    await service.close();
  }
});
