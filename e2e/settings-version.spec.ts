import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { enterApp, expectToast, screenshot, USERS } from './helpers.ts';

/*
 * Lost updates in the settings sections. Every section's form keeps a person's edits while
 * others' changes arrive live (a `settings` event refetches the section), and every section's
 * document is versioned (stale → 409). A form must send the version its edits BEGAN from: with
 * the newest one, the second dispatcher's save was accepted and silently overwrote the first's.
 *
 * Two dispatchers (two browser contexts, two sessions) open the same section. A starts editing;
 * B changes something else and saves; A's page hears of it (its section is refetched); A saves:
 * A is told someone else changed the settings, A's edits stay, B's change is still what is
 * stored. Save again then deliberately replaces B's change.
 */

type Doc = Record<string, unknown>;
type Section = {
  /** The section's id (the address's hash). */
  id: string;
  /** The API path the section reads (GET), relative to /api/v1. */
  read: string;
  /** A's edit (a different field than B's). */
  editA: (page: Page) => Promise<void>;
  /** B's edit. */
  editB: (page: Page) => Promise<void>;
  /** Whether the stored document holds A's edit, and B's (beyond its differing from before). */
  hasA?: (doc: Doc) => boolean;
  hasB?: (doc: Doc) => boolean;
  /** Puts the document read before the test back, over `now` (for the other specs). */
  restore: (request: APIRequestContext, before: Doc, now: Doc, origin: string) => Promise<void>;
};

const form = (page: Page) => page.getByRole('tabpanel');
const nth = <T>(list: T[] | undefined, i: number) => list?.[i];
const shell = (doc: Doc, key: 'display' | 'captions') => (doc[key] ?? {}) as Record<string, unknown>;
const shellVersion = (doc: Doc, key: string) => (doc.versions as Record<string, number>)[key] ?? 0;
const put = async (request: APIRequestContext, path: string, data: unknown, origin: string) => {
  const answer = await request.put(`/api/v1${path}`, { data, headers: { origin } });
  expect(answer.status(), await answer.text()).toBe(200);
};
const statuses = (doc: Doc) => doc.statusConfig as { _key: string; _value: string }[];
const orgFlags = (doc: Doc) =>
  ((doc.scopes as { role: string; value: Record<string, unknown>; version: number }[]).find(
    (s) => s.role === '',
  ) ?? { role: '', value: {}, version: 0 }) as {
    role: string;
    value: Record<string, unknown>;
    version: number;
  };
const captionFields = (page: Page) => form(page).getByRole('textbox', { name: /\(m_\w+\)$/ });

// Marks each edit carries, so that the stored document shows whose change it holds.
const MARK_A = 'Edited by A';
const MARK_B = 'Edited by B';

const SECTIONS: Section[] = [
  {
    id: 'company',
    read: '/company',
    editA: (page) => form(page).getByLabel('Max distance (metres)').fill('4321'),
    editB: (page) => form(page).getByLabel('Overlap buffer', { exact: false }).fill('17'),
    hasA: (doc) => doc.max_distance === 4321,
    hasB: (doc) => doc.overlap_buffer_minutes === 17,
    restore: (request, before, now, origin) =>
      put(
        request,
        '/company',
        {
          max_distance: before.max_distance,
          overlap_buffer_minutes: before.overlap_buffer_minutes,
          version: now.version,
        },
        origin,
      ),
  },
  {
    id: 'menu',
    read: '/menu-flags',
    editA: (page) => form(page).getByRole('checkbox').nth(0).click(),
    editB: (page) => form(page).getByRole('checkbox').nth(1).click(),
    restore: (request, before, now, origin) =>
      put(
        request,
        '/menu-flags',
        { role: '', value: orgFlags(before).value, version: orgFlags(now).version },
        origin,
      ),
  },
  {
    id: 'captions',
    read: '/settings?keys=display,menu,captions',
    editA: (page) => captionFields(page).nth(0).fill(MARK_A),
    editB: (page) => captionFields(page).nth(1).fill(MARK_B),
    hasA: (doc) => Object.values(shell(doc, 'captions')).includes(MARK_A),
    hasB: (doc) => Object.values(shell(doc, 'captions')).includes(MARK_B),
    restore: (request, before, now, origin) =>
      put(
        request,
        '/settings',
        { key: 'captions', value: shell(before, 'captions'), version: shellVersion(now, 'captions') },
        origin,
      ),
  },
  {
    id: 'features',
    read: '/settings?keys=display,menu,captions',
    editA: (page) => form(page).getByRole('checkbox', { name: 'Task quote' }).click(),
    editB: (page) => form(page).getByRole('checkbox', { name: 'Planner plan' }).click(),
    restore: (request, before, now, origin) =>
      put(
        request,
        '/settings',
        { key: 'display', value: shell(before, 'display'), version: shellVersion(now, 'display') },
        origin,
      ),
  },
  {
    id: 'allocation',
    read: '/allocation-settings',
    editA: async (page) => {
      await form(page).getByLabel('Week starts on').selectOption({ label: 'Thursday' });
    },
    editB: (page) => form(page).getByRole('checkbox', { name: 'Resource on a break' }).click(),
    hasA: (doc) => doc.week_start_day === 4,
    restore: (request, before, now, origin) =>
      put(
        request,
        '/allocation-settings',
        { week_start_day: before.week_start_day, switches: before.switches, version: now.version },
        origin,
      ),
  },
  {
    id: 'statuses',
    read: '/job-status-config',
    editA: (page) =>
      form(page)
        .getByRole('textbox', { name: /^Label of / })
        .nth(0)
        .fill(MARK_A),
    editB: (page) =>
      form(page)
        .getByRole('textbox', { name: /^Label of / })
        .nth(1)
        .fill(MARK_B),
    hasA: (doc) => nth(statuses(doc), 0)?._value === MARK_A,
    hasB: (doc) => nth(statuses(doc), 1)?._value === MARK_B,
    restore: (request, before, now, origin) =>
      put(request, '/job-status-config', { statusConfig: before.statusConfig, version: now.version }, origin),
  },
  {
    id: 'exceptions',
    read: '/exception-report/config',
    editA: async (page) => {
      await form(page).getByRole('button', { name: 'Add rule', exact: false }).click();
      await form(page).getByLabel('Minutes late before amber').last().fill('41');
    },
    editB: async (page) => {
      await form(page).getByRole('button', { name: 'Add rule', exact: false }).click();
      await form(page).getByLabel('Minutes late before amber').last().fill('42');
    },
    hasA: (doc) =>
      (doc.configs as { exception_min_amber: number }[]).some((c) => c.exception_min_amber === 41),
    hasB: (doc) =>
      (doc.configs as { exception_min_amber: number }[]).some((c) => c.exception_min_amber === 42),
    restore: (request, before, now, origin) =>
      put(request, '/exception-report/config', { configs: before.configs, version: now.version }, origin),
  },
];

/** A dispatcher in a browser context of their own, on the settings section. */
async function dispatcherOn(browser: Browser, sectionId: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await enterApp(page, USERS.dispatcher, `/settings#${sectionId}`);
  await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('id', `settings-tab-${sectionId}`);
  await expect(form(page).getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  return page;
}

for (const section of SECTIONS) {
  test(`settings ${section.id}: a change saved by another dispatcher meanwhile is a conflict, not overwritten`, async ({
    browser,
  }) => {
    const a = await dispatcherOn(browser, section.id);
    const b = await dispatcherOn(browser, section.id);
    const origin = new URL(a.url()).origin;
    const read = async () => (await (await a.request.get(`/api/v1${section.read}`)).json()) as Doc;
    const before = await read();
    const saveA = form(a).getByRole('button', { name: 'Save', exact: true });
    try {
      await section.editA(a);
      await expect(saveA).toBeEnabled();

      // B saves a change; A's section is refetched live (A's edits stay in the form).
      const refetched = a.waitForResponse(
        (r) =>
          r.request().method() === 'GET' &&
          new URL(r.url()).pathname === `/api/v1${section.read.split('?')[0]}` &&
          r.ok(),
      );
      await section.editB(b);
      await form(b).getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(b, 'Settings saved');
      await refetched;
      const theirs = await read();
      if (section.hasB) expect(section.hasB(theirs)).toBe(true);
      expect(theirs).not.toEqual(before);

      // A saves: told of the conflict, the edits kept, B's change still stored.
      const conflict = form(a).getByText(/Someone else changed these settings while you were editing/);
      await saveA.click();
      await expect(conflict.or(a.getByText('Settings saved'))).toBeVisible();
      expect(await read(), "A's save must not silently overwrite B's change").toEqual(theirs);
      await expect(conflict).toBeVisible();
      await expect(saveA).toBeEnabled();
      await conflict.scrollIntoViewIfNeeded();
      await screenshot(a, `settings-conflict-${section.id}-1280`, test.info().project.name);

      // Save again replaces B's change, knowingly.
      await saveA.click();
      await expectToast(a, 'Settings saved');
      await expect.poll(async () => JSON.stringify(await read()) !== JSON.stringify(theirs)).toBe(true);
      if (section.hasA) expect(section.hasA(await read())).toBe(true);
    } finally {
      await section.restore(a.request, before, await read(), origin);
      await a.context().close();
      await b.context().close();
    }
  });
}
