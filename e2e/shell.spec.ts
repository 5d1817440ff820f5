import { expect, type Page, test } from '@playwright/test';
import { buildMenu } from '@rostra/core/shell/menu';
import {
  ALERT_TEXT,
  EXCEPTION_BANNER_TEXT,
  IDENTITY_MESSAGES,
  LOGO_TEXT,
  OVERLAY_TEXT,
  ROUTE_TEXT,
  SIGN_IN_TEXT,
  whatsNewLabel,
} from '@rostra/core/shell/messages';
import type { Role } from '@rostra/core/shell/roles';
import {
  apiCall,
  DEMO_PASSWORD,
  enterApp,
  expectToast,
  menuEntries,
  moveServerClock,
  orgSettings,
  screenshot,
  solveCaptcha,
  USERS,
  watchPageErrors,
} from './helpers.ts';

/** The menu a user should see, by core's rule, from the organisation's settings as the server gives them to this role. */
async function expectedMenu(page: Page, user: { role: Role; duties?: string[] }): Promise<string[]> {
  const settings = await orgSettings(page);
  return buildMenu({ user, menu: settings.menu, cf: settings.captions, ds: settings.display }).map(
    (e) => e.label,
  );
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
/** The highlighted entry; by CSS, as an open drawer hides the menu from assistive technology. */
const current = (page: Page) => page.locator('nav[aria-label="Main menu"] [aria-current="page"]');

test.describe('menu', () => {
  test('dispatcher: the entries whose flag is on, in the fixed order', async ({ page }) => {
    await enterApp(page, USERS.dispatcher, '/customers');
    const expected = await expectedMenu(page, { role: 'dispatcher' });
    // The spec's defaults show if the settings take over 500 ms; the organisation's follow.
    await expect.poll(() => menuEntries(page)).toEqual(expected);
    expect(expected).toContain('Job board');
    expect(expected).not.toContain('role');
    await screenshot(page, 'menu-dispatcher-1280', test.info().project.name);
  });

  test("customer: the same flags, never a role entry, no What's New", async ({ page }) => {
    await enterApp(page, USERS.customer, '/customers');
    const expected = await expectedMenu(page, { role: 'customer' });
    await expect.poll(() => menuEntries(page)).toEqual(expected);
    expect(expected).not.toContain('role');
    await expect(page.getByRole('button', { name: "What's New" })).toHaveCount(0);
    await page.getByRole('button', { name: 'Profile' }).click();
    await expect(page.getByRole('menuitem', { name: /See what's new/ })).toHaveCount(0);
  });

  test('partner duty always gets timeline, resources, bookings and board', async ({ page }) => {
    await enterApp(page, USERS.partner, '/resources');
    const expected = await expectedMenu(page, { role: 'resource', duties: ['partner'] });
    await expect.poll(() => menuEntries(page)).toEqual(expected);
    for (const key of ['timeline', 'resources', 'bookings', 'board']) {
      await expect(nav(page).locator(`[data-menu-key="${key}"]`)).toHaveCount(1);
    }
    await expect(nav(page).locator('[data-menu-key="timeline"]')).toHaveAttribute('href', '/week2timelinev2');
  });
});

test.describe('settings-driven menu', () => {
  test('a dispatcher turning a menu flag on shows the entry to members at once; a caption renames it', async ({
    page,
  }) => {
    // Turns the organisation's `projecttasks` menu flag on (off in the seed, and no other spec
    // uses it) with a caption, then puts the menu and captions documents back as they were.
    await enterApp(page, USERS.dispatcher, '/customers');
    const origin = new URL(page.url()).origin;
    const read = async () =>
      (await (await page.request.get('/api/v1/settings?keys=menu,captions')).json()) as {
        menu: Record<string, boolean>;
        captions: Record<string, string>;
        versions: { menu: number; captions: number };
      };
    const put = async (key: string, value: Record<string, unknown>, version: number) => {
      const res = await page.request.put('/api/v1/settings', {
        headers: { origin },
        data: { key, value, version },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    const before = await read();
    expect(before.menu.projecttasks).not.toBe(true);
    const entry = nav(page).locator('[data-menu-key="projecttasks"]');
    await menuEntries(page);
    await expect(entry).toHaveCount(0);
    try {
      await put('menu', { ...before.menu, projecttasks: true }, before.versions.menu);
      // No reload: the live settings event brings the new menu.
      await expect(entry).toHaveCount(1);
      // The seeded caption (issue 16 point 13: never the raw key), then the dispatcher's own.
      await expect(entry).toHaveAccessibleName('Project tasks');
      await put(
        'captions',
        { ...before.captions, m_projecttasks: 'Client projects' },
        before.versions.captions,
      );
      await expect(entry).toHaveAccessibleName('Client projects');
      expect(await menuEntries(page)).toEqual(await expectedMenu(page, { role: 'dispatcher' }));
    } finally {
      const now = await read();
      await put('menu', before.menu, now.versions.menu);
      await put('captions', before.captions, now.versions.captions);
    }
    await expect(entry).toHaveCount(0);
  });
});

test.describe('active entry', () => {
  test('the current route is marked; the older timeline route and calevents?type= highlight their entries', async ({
    page,
  }) => {
    await enterApp(page, USERS.partner, '/resources');
    await expect(current(page)).toHaveCount(1);
    await expect(current(page)).toHaveAttribute('data-menu-key', 'resources');

    await nav(page).locator('[data-menu-key="bookings"]').click();
    await expect(page).toHaveURL(/\/bookings$/);
    await expect(current(page)).toHaveAttribute('data-menu-key', 'bookings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^bookings$/i);

    await page.goto('/week2timeline');
    await expect(current(page)).toHaveAttribute('data-menu-key', 'timeline');
    await page.goto('/calevents?type=board');
    await expect(current(page)).toHaveAttribute('data-menu-key', 'board');
    // The calendar events screen itself, whichever entry the type highlights.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('This screen is coming in a later release.')).toHaveCount(0);
  });
});

test.describe('layout', () => {
  test('desktop: the menu collapses to icons and stays so; labels remain the accessible names', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await enterApp(page, USERS.dispatcher, '/customers');
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    const link = nav(page).locator('[data-menu-key="resources"]');
    await expect(link).toHaveAccessibleName('Resources');
    await expect(link.getByText('Resources', { exact: true })).toHaveClass(/sr-only/);
    await screenshot(page, 'shell-collapsed-1280', test.info().project.name);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect(link.getByText('Resources', { exact: true })).not.toHaveClass(/sr-only/);
  });

  test('narrow screens: the menu slides in, Escape closes it, a link navigates and closes it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    await enterApp(page, USERS.dispatcher, '/customers');
    // Below 770 px there is no sidebar until it is opened.
    await expect(nav(page)).toHaveCount(0);
    await screenshot(page, 'shell-375', test.info().project.name);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav(page)).toBeVisible();
    await screenshot(page, 'shell-375-menu', test.info().project.name);
    await page.keyboard.press('Escape');
    await expect(nav(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav(page).locator('[data-menu-key="resources"]').click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect(nav(page)).toHaveCount(0);
  });

  test('landmarks: banner, navigation and main, with a skip link', async ({ page }) => {
    await enterApp(page, USERS.dispatcher, '/customers');
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  });

  test("profile menu: details, What's New, help, and keyboard dismissal; screenshots", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors = watchPageErrors(page);
    await enterApp(page, USERS.dispatcher, '/customers');
    await menuEntries(page);
    await screenshot(page, 'shell-1280', test.info().project.name);
    await page.getByRole('button', { name: 'Profile' }).click();
    const profile = page.getByRole('menu', { name: 'Profile' });
    await expect(profile.getByText('Dana Dispatcher')).toBeVisible();
    await expect(profile.getByText(USERS.dispatcher)).toBeVisible();
    await expect(profile.getByText('+61400000001')).toBeVisible();
    await expect(page.getByTestId('profile-company')).toHaveText('Harbour Care');
    await screenshot(page, 'shell-1280-profile', test.info().project.name);
    await page.keyboard.press('Escape');
    await expect(profile).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Profile' })).toBeFocused();

    // The newest published release (3.5.0 on a fresh database; whats-new.spec.ts publishes more).
    const newest = String(
      ((await apiCall(page, 'GET', '/versions')).items as { version: string }[])[0]?.version,
    );
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: whatsNewLabel(newest) }).click();
    await expect(page.getByRole('dialog', { name: whatsNewLabel(newest) })).toBeVisible();
    await screenshot(page, 'whats-new-1280', test.info().project.name);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible();
    await screenshot(page, 'shell-1280-help', test.info().project.name);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.setViewportSize({ width: 375, height: 780 });
    await page.getByRole('button', { name: 'Profile' }).click();
    await screenshot(page, 'shell-375-profile', test.info().project.name);
    await page.getByRole('menuitem', { name: whatsNewLabel(newest) }).click();
    await expect(page.getByRole('dialog', { name: whatsNewLabel(newest) })).toBeVisible();
    await screenshot(page, 'whats-new-375', test.info().project.name);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible();
    await screenshot(page, 'help-375', test.info().project.name);
    expect(errors).toEqual([]);
  });
});

test.describe('search box and barcode', () => {
  test('hidden on reports, cleared on route change', async ({ page }) => {
    await enterApp(page, USERS.dispatcher, '/customers');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search', exact: true });
    await search.fill('Olivia');
    await nav(page).locator('[data-menu-key="resources"]').click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect(search).toHaveValue('');
    await page.goto('/reports');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search', exact: true })).toHaveCount(
      0,
    );
  });

  test('equipments has the scan button; an image without a barcode says so', async ({ page }) => {
    await page.addInitScript('delete window.BarcodeDetector');
    await enterApp(page, USERS.dispatcher, '/customers');
    await expect(page.getByRole('button', { name: 'Scan a barcode image' })).toHaveCount(0);
    await page.goto('/equipments');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Scan a barcode image' }).click();
    await (await chooser).setFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: await png(page, 40, 40),
    });
    await expect(page.getByText(ALERT_TEXT.noBarcode)).toBeVisible();
  });

  test('a barcode found in the image fills the search box', async ({ page }) => {
    await page.addInitScript(
      "window.BarcodeDetector = class { async detect() { return [{ rawValue: 'EQ-0042' }]; } }",
    );
    await enterApp(page, USERS.dispatcher, '/pods');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Scan a barcode image' }).click();
    await (await chooser).setFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: await png(page, 40, 40),
    });
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search', exact: true })).toHaveValue(
      'EQ-0042',
    );
  });
});

/** A PNG of the given size, drawn by the page's own canvas. */
async function png(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate<string>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = ${width};
    canvas.height = ${height};
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#0369a1';
    ctx.fillRect(0, 0, ${width}, ${height});
    return canvas.toDataURL('image/png').split(',')[1];
  })()`);
  return Buffer.from(base64, 'base64');
}

test.describe('company switch', () => {
  test('multi@rostra.test switches from Harbour Care (scheduler) to Metro Movers (customer)', async ({
    page,
  }) => {
    await enterApp(page, USERS.multi, '/customers');
    await expect(page.getByRole('button', { name: "What's New" })).toBeVisible();
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Switch company or role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch company or role' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Your email')).toHaveValue(USERS.multi);
    await screenshot(page, 'switch-dialog-1280', test.info().project.name);

    await dialog.getByRole('radio', { name: /Metro Movers/ }).check();
    await dialog.getByLabel('Your email').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Switch' }).click();
    await expect(dialog.getByText(SIGN_IN_TEXT.emailInvalid)).toBeVisible();
    await dialog.getByLabel('Your email').fill(USERS.dispatcher);
    await dialog.getByRole('button', { name: 'Switch' }).click();
    await expect(dialog.getByText('You can only switch your own account.')).toBeVisible();

    await dialog.getByLabel('Your email').fill(USERS.multi);
    await dialog.getByRole('button', { name: 'Switch' }).click();
    await expect(dialog).toHaveCount(0);
    // The switch is over once the shell shows the new company and the new role's shell (a
    // customer has no What's New); a menu opened before that would close as the shell re-renders.
    await expect(page.getByRole('complementary').getByText('Metro Movers')).toBeVisible();
    await expect(page.getByRole('button', { name: "What's New" })).toHaveCount(0);
    await page.getByRole('button', { name: 'Profile' }).click();
    await expect(page.getByTestId('profile-company')).toHaveText('Metro Movers');
    await expect(page.getByTestId('profile-role')).toHaveText('Customer');
    const me = (await (await page.request.get('/api/v1/me')).json()) as { org_id: string; role: string };
    expect(me).toMatchObject({ org_id: 'metro-movers', role: 'customer' });
  });
});

test.describe('sign-out and errors', () => {
  test('signout=y and logout=y sign out from any route and go to sign-in', async ({ page }) => {
    await enterApp(page, USERS.dispatcher, '/customers');
    await page.goto('/resources?signout=y');
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/v1/me')).status()).toBe(401);

    await enterApp(page, USERS.dispatcher, '/customers');
    await page.goto('/customers?logout=y');
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/v1/me')).status()).toBe(401);
  });

  test('an unknown page shows the 404 error page on an empty layout', async ({ page }) => {
    await enterApp(page, USERS.dispatcher, '/customers');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: ROUTE_TEXT.pageNotFound })).toBeVisible();
    await expect(nav(page)).toHaveCount(0);
    await screenshot(page, 'error-page-1280', test.info().project.name);
    await page.setViewportSize({ width: 375, height: 780 });
    await screenshot(page, 'error-page-375', test.info().project.name);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: ROUTE_TEXT.backToDefaultPage }).click();
    await expect(nav(page)).toBeVisible();
  });
});

test.describe('company logo', () => {
  async function chooseLogo(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
    await page.getByRole('button', { name: /^Company logo/ }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'Change logo' }).click();
    await (await chooser).setFiles(file);
  }

  test('refuses a file of 500000 bytes or more and a square image; previews a wide one', async ({ page }) => {
    await enterApp(page, USERS.dispatcher, '/customers');
    await chooseLogo(page, { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(500_000, 1) });
    await expect(page.getByText(LOGO_TEXT.tooLarge)).toBeVisible();

    await chooseLogo(page, { name: 'square.png', mimeType: 'image/png', buffer: await png(page, 200, 200) });
    await expect(page.getByText(LOGO_TEXT.badDimensions)).toBeVisible();
    await expect(page.getByRole('dialog', { name: LOGO_TEXT.confirmUpdate })).toHaveCount(0);

    await chooseLogo(page, { name: 'wide.png', mimeType: 'image/png', buffer: await png(page, 340, 200) });
    const preview = page.getByRole('dialog', { name: LOGO_TEXT.confirmUpdate });
    await expect(preview).toBeVisible();
    await expect(preview.getByRole('img', { name: 'The new logo' })).toBeVisible();
    await screenshot(page, 'logo-preview-1280', test.info().project.name);
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await expect(preview).toHaveCount(0);
  });

  test('submitting uploads under the wait modal, then shows the new logo', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let logo = '';
    // The upload call arrives with the settings issue: until then it is answered here.
    await page.route('**/api/v1/company/logo', async (route) => {
      await held;
      await route.fulfill({ json: { status: true, logo_url: '/logo.png' } });
    });
    await page.route('**/api/v1/me', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { company: { logo: string | null } };
      body.company.logo = logo || body.company.logo;
      await route.fulfill({ response: res, json: body });
    });
    await enterApp(page, USERS.dispatcher, '/customers');
    const wide = await png(page, 340, 200);
    await page.route('**/logo.png', (route) => route.fulfill({ body: wide, contentType: 'image/png' }));
    await chooseLogo(page, { name: 'wide.png', mimeType: 'image/png', buffer: wide });
    await page
      .getByRole('dialog', { name: LOGO_TEXT.confirmUpdate })
      .getByRole('button', { name: 'Submit' })
      .click();
    const wait = page.getByRole('dialog', { name: OVERLAY_TEXT.waitTitle });
    await expect(wait).toBeVisible();
    await expect(wait.getByText(OVERLAY_TEXT.waitBody)).toBeVisible();
    logo = '/logo.png';
    release();
    await expect(wait).toHaveCount(0);
    await expect(page.locator('aside img[src="/logo.png"]')).toHaveCount(1);
  });

  test('an upload the server cannot take says so', async ({ page }) => {
    await page.route('**/api/v1/company/logo', (route) =>
      route.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'No such API route' } } }),
    );
    await enterApp(page, USERS.dispatcher, '/customers');
    await chooseLogo(page, { name: 'wide.png', mimeType: 'image/png', buffer: await png(page, 340, 200) });
    await page
      .getByRole('dialog', { name: LOGO_TEXT.confirmUpdate })
      .getByRole('button', { name: 'Submit' })
      .click();
    await expect(page.getByText(ALERT_TEXT.somethingWentWrong)).toBeVisible();
  });
});

test.describe('unsaved changes', () => {
  test('the geofence dialog asks before closing, before in-app navigation and before a reload', async ({
    page,
  }) => {
    await enterApp(page, USERS.dispatcher, '/customers');
    await nav(page).locator('[data-menu-key="resources"]').click();
    await expect(page).toHaveURL(/\/resources$/);
    await page.getByRole('button', { name: /^Company logo/ }).click();
    await page.getByRole('menuitem', { name: 'Edit geofence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Company geofence' });
    await dialog.getByLabel('Latitude').fill('-33.9');
    const question = page.getByRole('alertdialog');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveAccessibleName(OVERLAY_TEXT.unsavedChanges);
    await expect(question.getByText(OVERLAY_TEXT.unsavedChanges)).toBeVisible();
    await screenshot(page, 'unsaved-1280', test.info().project.name);
    await question.getByRole('button', { name: 'No' }).click();
    await expect(dialog.getByLabel('Latitude')).toHaveValue('-33.9');

    await page.goBack();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect(dialog.getByLabel('Latitude')).toHaveValue('-33.9');

    const prompt = page.waitForEvent('dialog');
    void page.evaluate('location.reload()');
    const beforeUnload = await prompt;
    expect(beforeUnload.type()).toBe('beforeunload');
    await beforeUnload.dismiss();
    await expect(dialog.getByLabel('Latitude')).toHaveValue('-33.9');

    await page.goBack();
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(dialog).toHaveCount(0);
  });

  test('invalid coordinates are refused in place', async ({ page }) => {
    await enterApp(page, USERS.dispatcher, '/customers');
    await page.getByRole('button', { name: /^Company logo/ }).click();
    await page.getByRole('menuitem', { name: 'Edit geofence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Company geofence' });
    await dialog.getByLabel('Latitude').fill('123');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter a latitude between -90 and 90.')).toBeVisible();
    await screenshot(page, 'geofence-1280', test.info().project.name);
  });
});

test.describe('notifications', () => {
  test('a new notification lights the dot live; opening the drawer clears it and stores last seen', async ({
    page,
    request,
  }) => {
    await enterApp(page, USERS.dispatcher, '/customers');
    const origin = new URL(page.url()).origin;
    const bell = page.getByTestId('notifications-bell');
    // Start from "everything seen" (earlier specs may have left notifications for dispatchers).
    await bell.click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await expect(drawer).toBeVisible();
    await expect(page.getByTestId('notification-dot')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(bell).toHaveAccessibleName('Notifications');

    // A booking this test alone uses (its own id, far ahead, so no other spec's data moves), for
    // r001; the resource (another browser's session: the `request` fixture) says it is on the way,
    // which notifies the dispatchers.
    const reference = `E2E-NOTE-${Date.now().toString(36)}`;
    const begin = Math.floor(Date.now() / 1000) + 400 * 86_400;
    const created = await page.request.post('/api/v1/timeline-records', {
      headers: { origin },
      data: {
        _id: reference.toLowerCase(),
        status: 'confirmed',
        customerId: 'c001',
        resIds: ['r001'],
        reference,
        utc_begin_plus_tz: begin,
        utc_end_plus_tz: begin + 3600,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const signIn = await request.post('/api/auth/sign-in/email', {
      headers: { origin },
      data: { email: USERS.resource, password: DEMO_PASSWORD },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    expect((await request.post('/api/v1/terms/accept', { headers: { origin }, data: {} })).status()).toBe(
      200,
    );
    const acted = await request.post(`/api/v1/bookings/${reference.toLowerCase()}/actions/dispatch`, {
      headers: { origin },
      data: {},
    });
    expect(acted.status(), await acted.text()).toBe(200);

    // No reload: the live socket brings it.
    await expect(page.getByTestId('notification-dot')).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications, new items');
    await screenshot(page, 'notification-dot-1280', test.info().project.name);

    const seen = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/notifications/seen',
    );
    await bell.click();
    await expect(drawer.getByText(reference, { exact: false })).toBeVisible();
    await expect(drawer.getByText('Resource on the way').first()).toBeVisible();
    await expect(page.getByTestId('notification-dot')).toHaveCount(0);
    await seen;
    await screenshot(page, 'notification-drawer-1280', test.info().project.name);
    await page.keyboard.press('Escape');

    // Stored on the server: a new page load has no dot.
    const state = await page.request.get('/api/v1/notifications/state');
    expect(((await state.json()) as { dot: boolean }).dot).toBe(false);
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(page.getByTestId('notification-dot')).toHaveCount(0);
  });

  test('the drawer at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    await enterApp(page, USERS.dispatcher, '/customers');
    await page.getByTestId('notifications-bell').click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('[aria-busy="true"]')).toHaveCount(0);
    await screenshot(page, 'notification-drawer-375', test.info().project.name);
  });
});

/** The exception report config, as a dispatcher page's session writes it. */
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

const reportEntries = async (page: Page) =>
  ((await (await page.request.get('/api/v1/exception-report')).json()) as { entries: unknown[] }).entries
    .length;

/** The exception report job's period (apps/server/src/jobs/jobs.ts): once a minute. */
const REPORT_PERIOD_SECONDS = 60;

test.describe('exception banner', () => {
  test('appears live when the report changes, hides after 120 s, Close and View Details; never for customers', async ({
    page,
    browser,
  }) => {
    // The organisation's exception report config is shared: the demo ships two rules (see
    // exception-detail.spec.ts). This test adds one ("every current job past its end should have
    // feedback"), which changes the report, and puts the seeded rules back, waiting until the
    // report is as before, so no other spec sees its change.
    await page.clock.install();
    await enterApp(page, USERS.dispatcher, '/customers');
    const banner = page.getByRole('alert').filter({ hasText: EXCEPTION_BANNER_TEXT.body });
    const before = (await (await page.request.get('/api/v1/exception-report/config')).json()) as {
      configs: Record<string, unknown>[];
    };
    const hasAdded = async () =>
      (
        (await (await page.request.get('/api/v1/exception-report')).json()) as {
          entries: { action_status: string }[];
        }
      ).entries.some((e) => e.action_status === 'feedback');
    expect(await hasAdded()).toBe(false);
    // The seeded report's banner, dismissed first (a dismissal holds for that report).
    if (await reportEntries(page))
      await banner.getByRole('button', { name: EXCEPTION_BANNER_TEXT.close }).click();
    await expect(banner).toHaveCount(0);
    // Where the screen's content is before the banner comes: it must not move when the banner
    // shows up (a dispatcher may be dragging on the timeline at that moment).
    const content = page.locator('#main');
    const contentBefore = await content.boundingBox();
    try {
      await putExceptionConfig(page, [
        ...before.configs,
        { action_status: 'feedback', exception_min_amber: 0 },
      ]);
      // A minute later on the server's clock, its computation announces the change on the live
      // socket: no reload.
      await moveServerClock(page, REPORT_PERIOD_SECONDS);
      await expect(banner).toBeVisible();
      // The screen keeps its place (only its scrolling area gets shorter), and the banner covers
      // none of it: it has its own strip below.
      const contentAfter = await content.boundingBox();
      expect(contentAfter?.x).toBe(contentBefore?.x);
      expect(contentAfter?.y).toBe(contentBefore?.y);
      const strip = await banner.boundingBox();
      expect(contentAfter && strip && strip.y >= contentAfter.y + contentAfter.height - 1).toBe(true);
      await screenshot(page, 'exception-banner-1280', test.info().project.name);
      expect(await hasAdded()).toBe(true);

      const pageNow = await page.evaluate(() => Date.now());
      await page.clock.pauseAt(pageNow + 1_000);
      await page.clock.runFor(110_000);
      await expect(banner).toBeVisible();
      await page.clock.runFor(10_000);
      await expect(banner).toHaveCount(0);
      await page.clock.resume();

      // Hidden by time is not dismissed: a page load shows it again; Close dismisses it, and a
      // reload keeps it dismissed (issue 16, point 12; more in exception-detail.spec.ts).
      await page.reload();
      await expect(banner).toBeVisible();
      await banner.getByRole('button', { name: EXCEPTION_BANNER_TEXT.close }).click();
      await expect(banner).toHaveCount(0);

      // At 375 px, in a browser that has not dismissed it (the dismissal is this browser's).
      await page.setViewportSize({ width: 375, height: 780 });
      await page.evaluate('localStorage.clear()');
      await page.reload();
      await expect(banner).toBeVisible();
      await screenshot(page, 'exception-banner-375', test.info().project.name);
      await banner.getByRole('button', { name: EXCEPTION_BANNER_TEXT.viewDetails }).click();
      await expect(page).toHaveURL(/\/exception-detail$/);
      await expect(banner).toHaveCount(0);
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();

      // Customers never get it, whatever the report says.
      const customer = await browser.newPage();
      try {
        await enterApp(customer, USERS.customer, '/customers');
        await expect(customer.getByText(EXCEPTION_BANNER_TEXT.body)).toHaveCount(0);
      } finally {
        await customer.close();
      }
    } finally {
      await putExceptionConfig(page, before.configs);
      await moveServerClock(page, REPORT_PERIOD_SECONDS);
      expect(await hasAdded()).toBe(false);
    }
  });
});

test.describe('query parameters', () => {
  test('link= opens the short link target; the address loses the link id', async ({ page }) => {
    await enterApp(page, USERS.dispatcher, '/customers');
    const res = await page.request.post('/api/v1/shortlinks', {
      data: { target: '/resources?id=r-3' },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { id } = (await res.json()) as { id: string };
    await page.goto(`/customers?link=${id}`);
    await expect(page).toHaveURL(/\/resources\?id=r-3$/);
    await expect(current(page)).toHaveAttribute('data-menu-key', 'resources');
  });

  test('code with state completes the payment registration with state as the bearer', async ({ page }) => {
    await enterApp(page, USERS.dispatcher, '/customers');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v2/complete_registration'));
    await page.goto('/settings?code=c-1&state=s-1');
    const request = await sent;
    expect(request.method()).toBe('POST');
    expect(request.headers().authorization).toBe('Bearer s-1');
    // The spec asks for "a card payment provider" and names none: the app's is Stripe.
    expect(request.postDataJSON()).toEqual({ code: 'c-1', state: 's-1', provider: 'stripe' });
    await expect(page).toHaveURL(/\/settings$/);
  });
});

test.describe('connectivity', () => {
  test('the indicator follows the connection', async ({ page, context }) => {
    await enterApp(page, USERS.dispatcher, '/customers');
    await menuEntries(page);
    const status = page.getByRole('banner').getByRole('status');
    await expect(status).toHaveText('Online');
    await context.setOffline(true);
    await expect(status).toHaveText('Offline');
    await screenshot(page, 'offline-1280', test.info().project.name);
    await context.setOffline(false);
    await expect(status).toHaveText('Online');
  });
});

test.describe('profile', () => {
  test('a photo, the display name and a proved phone number change from the profile menu', async ({
    page,
  }) => {
    await enterApp(page, USERS.multi, '/customers');
    const before = (await (await page.request.get('/api/v1/me')).json()) as {
      user_details: { displayName: string };
    };
    // The photo: one image, shown as the avatar at once.
    await page.getByRole('button', { name: 'Profile' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'Change photo' }).click();
    await (await chooser).setFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await png(page, 40, 40),
    });
    await expect(page.getByRole('button', { name: 'Profile' }).locator('img')).toHaveAttribute(
      'src',
      /\/api\/v1\/me\/photo\?v=/,
    );

    // The name: required (the sign-in form's words), then saved and shown in the menu.
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.getByLabel('Display name').fill('   ');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await expect(dialog.getByText('Enter your account name')).toBeVisible();
    await dialog.getByLabel('Display name').fill('Morgan Multi');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await expectToast(page, 'Your name is saved');
    await screenshot(page, 'profile-dialog-1280', test.info().project.name);

    // The phone: a code goes to the new number; a wrong one changes nothing.
    await dialog.getByRole('button', { name: 'Change phone number' }).click();
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('0400 000 321');
    const since = Date.now();
    await solveCaptcha(dialog);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    let code = '';
    await expect
      .poll(async () => {
        const res = await page.request.get('/api/v1/dev/outbox', {
          params: { recipient: '+61400000321', purpose: 'phone-code' },
        });
        const sent = (await res.json()) as { code?: string; createdAt: string }[];
        code = sent.find((m) => Date.parse(m.createdAt) >= since - 1_000)?.code ?? '';
        return code;
      })
      .not.toBe('');
    await dialog.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByText(IDENTITY_MESSAGES['invalid-verification-code'])).toBeVisible();
    await dialog.getByLabel('6-digit code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByTestId('profile-phone-number')).toHaveText('+61400000321');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Profile' }).click();
    await expect(page.getByRole('menu')).toContainText('Morgan Multi');
    await expect(page.getByRole('menu')).toContainText('+61400000321');
    await page.keyboard.press('Escape');

    // Others' tests see the seeded name again.
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Edit profile' }).click();
    await dialog.getByLabel('Display name').fill(before.user_details.displayName);
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await expect
      .poll(async () => ((await (await page.request.get('/api/v1/me')).json()) as typeof before).user_details)
      .toMatchObject({ displayName: before.user_details.displayName });
  });
});

test.describe('profile photo', () => {
  test('takes one image file only', async ({ page }) => {
    await enterApp(page, USERS.dispatcher, '/customers');
    await page.getByRole('button', { name: 'Profile' }).click();
    const input = page.getByTestId('photo-file');
    await expect(input).toHaveAttribute('accept', 'image/*');
    await expect(input).not.toHaveAttribute('multiple', /.*/);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'Change photo' }).click();
    await (await chooser).setFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(page.getByText(ALERT_TEXT.somethingWentWrong)).toBeVisible();
  });
});
