import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_LABEL_KEY,
  activeMenuKey,
  buildLegacyMenu,
  buildMenu,
  canSeeAnalytics,
  DEFAULT_MENU_FLAGS,
  effectiveMenuFlags,
  GENERIC_MENU_KEYS,
  isMenuKey,
  MENU_ORDER,
  type MenuInput,
  menuFor,
  menuLabel,
  menuPath,
} from './menu.ts';
import type { ShellUser } from './roles.ts';
import { canOpenScreen } from './screen-access.ts';

const dispatcher: ShellUser = { role: 'dispatcher' };
const resource: ShellUser = { role: 'resource' };
const customer: ShellUser = { role: 'customer' };
const scheduler: ShellUser = { role: 'scheduler' };
const partner: ShellUser = { role: 'resource', duty: 'partner' };

const allOn = Object.fromEntries(MENU_ORDER.map((k) => [k, true]));
/** Menu flags with exactly `on` switched on and every other key explicitly off. */
const only = (...on: string[]) =>
  Object.fromEntries([...MENU_ORDER, ...GENERIC_MENU_KEYS].map((k) => [k, on.includes(k)]));
const input = (user: ShellUser, menu: MenuInput['menu'], extra: Partial<MenuInput> = {}): MenuInput => ({
  user,
  menu,
  cf: undefined,
  ds: undefined,
  ...extra,
});
const keys = (entries: { key: string }[]) => entries.map((e) => e.key);

describe('menu paths (§2 table)', () => {
  it('every entry has its own path, and that path leads back to the entry (the highlight follows it)', () => {
    for (const ds of [undefined, { timelinev2_menu: false }]) {
      const paths = [...MENU_ORDER, ...GENERIC_MENU_KEYS].map((k) => menuPath(k, ds));
      expect(new Set(paths).size).toBe(paths.length);
      for (const key of [...MENU_ORDER, ...GENERIC_MENU_KEYS]) {
        expect(menuPath(key, ds)).toMatch(/^\/[a-z0-9_]*$/);
        expect(activeMenuKey(menuPath(key, ds))).toBe(key);
      }
    }
  });

  it('timeline goes to /week2timeline when timelinev2_menu is off, /week2timelinev2 when on or unset (default on)', () => {
    expect(menuPath('timeline', { timelinev2_menu: false })).toBe('/week2timeline');
    expect(menuPath('timeline', { timelinev2_menu: true })).toBe('/week2timelinev2');
    expect(menuPath('timeline', {})).toBe('/week2timelinev2');
    expect(menuPath('timeline', undefined)).toBe('/week2timelinev2');
  });

  it('the generic keys planner, unsync, routes and map are known, with path /{key}', () => {
    for (const k of GENERIC_MENU_KEYS) {
      expect(isMenuKey(k)).toBe(true);
      expect(menuPath(k, undefined)).toBe(`/${k}`);
    }
    expect(isMenuKey('role')).toBe(false);
    expect(isMenuKey('toString')).toBe(false);
  });
});

describe('menu order is fixed', () => {
  it('whatever order the flags come in, entries follow the fixed order', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...MENU_ORDER], { minLength: 1 }), (subset) => {
        const menu = only(...subset);
        const shown = keys(buildMenu(input(dispatcher, menu)));
        expect(shown).toEqual(MENU_ORDER.filter((k) => subset.includes(k) && canOpenScreen(dispatcher, k)));
      }),
    );
  });
});

describe('menu labels', () => {
  it('come from m_{key} in the label config', () => {
    expect(menuLabel('bookings', { m_bookings: 'Jobs' })).toBe('Jobs');
  });

  it('fall back to the readable name when the label is missing, blank or not text', () => {
    expect(menuLabel('bookings', undefined)).toBe('Bookings');
    expect(menuLabel('bid_board', { m_bid_board: '' })).toBe('Bid board');
    expect(menuLabel('calevents', { m_calevents: '   ' })).toBe('Calendar events');
    expect(menuLabel('vehroutes', { m_vehroutes: 7 })).toBe('Vehicle routes');
  });

  it('no entry ever falls back to its raw key: every default is a capitalised name with no underscore', () => {
    for (const key of [...MENU_ORDER, ...GENERIC_MENU_KEYS]) {
      const label = menuLabel(key, {});
      expect(label, key).not.toBe(key);
      expect(label, key).toMatch(/^[A-Z][a-z]*( [a-z]+)*$/);
    }
  });

  it(`analytics takes the report label text (${ANALYTICS_LABEL_KEY}), not m_analytics`, () => {
    expect(menuLabel('analytics', { report_label: 'Insights', m_analytics: 'Other' })).toBe('Insights');
    expect(menuLabel('analytics', { m_analytics: 'Other' })).toBe('Analytics');
  });

  it('buildMenu entries carry key, path and label', () => {
    const entries = buildMenu(
      input(dispatcher, only('home', 'timeline'), {
        cf: { m_home: 'Start' },
        ds: { timelinev2_menu: false },
      }),
    );
    expect(entries).toEqual([
      { key: 'home', path: '/', label: 'Start' },
      { key: 'timeline', path: '/week2timeline', label: 'Timeline' },
    ]);
  });
});

describe('menu flags', () => {
  it('defaults: home, resources, customers, analytics and settings on; all others off', () => {
    expect(keys(buildMenu(input(dispatcher, undefined)))).toEqual([
      'home',
      'customers',
      'resources',
      'analytics',
      'settings',
    ]);
  });

  it('an empty menu is the defaults; a key the organisation did not set keeps its default', () => {
    expect(effectiveMenuFlags({})).toEqual(DEFAULT_MENU_FLAGS);
    expect(keys(buildMenu(input(dispatcher, { bookings: true })))).toEqual([
      'home',
      'customers',
      'resources',
      'bookings',
      'analytics',
      'settings',
    ]);
  });

  it('an organisation can switch a default-on entry off', () => {
    expect(keys(buildMenu(input(dispatcher, { home: false, analytics: false, settings: false })))).toEqual([
      'customers',
      'resources',
    ]);
    expect(effectiveMenuFlags({ home: false }).home).toBe(false);
  });

  it('only a boolean sets a flag; other values leave the default', () => {
    const menu = { ...only('forms'), reports: 'true', quotes: 1, home: 'false' };
    expect(keys(buildMenu(input(dispatcher, menu)))).toEqual(['home', 'forms']);
  });

  it('a role entry is never shown, nor any unknown key', () => {
    const menu = { ...only('home'), role: true, nonsense: true, toString: true };
    expect(keys(buildMenu(input(dispatcher, menu)))).toEqual(['home']);
  });

  it('generic keys show after the fixed order when their flag is on', () => {
    const menu = only('map', 'home', 'planner', 'uploads');
    expect(keys(buildMenu(input(dispatcher, menu)))).toEqual(['home', 'uploads', 'planner', 'map']);
  });

  it('planner_plan: the Planner shows to dispatchers while the flag is on (its default), never when it is off', () => {
    const menu = only('home', 'planner');
    expect(keys(buildMenu(input(dispatcher, menu, { ds: { planner_plan: true } })))).toEqual([
      'home',
      'planner',
    ]);
    expect(keys(buildMenu(input(dispatcher, menu, { ds: { planner_plan: false } })))).toEqual(['home']);
    expect(keys(buildMenu(input(resource, menu)))).toEqual(['home']);
  });

  it('for screens every role may open, the flags decide for every role alike', () => {
    const menu = only('home', 'bookings', 'calendar');
    for (const user of [dispatcher, resource, customer, scheduler]) {
      expect(keys(buildMenu(input(user, menu)))).toEqual(['home', 'bookings', 'calendar']);
    }
  });

  it('with every flag on, a dispatcher gets every fixed entry in order but the bid board (resources only, §6)', () => {
    expect(keys(buildMenu(input(dispatcher, allOn)))).toEqual(MENU_ORDER.filter((k) => k !== 'bid_board'));
  });
});

describe('analytics: dispatcher and resource only (§6), the same rule the server applies', () => {
  it('the roles are dispatcher and resource; scheduler is a role of its own and is not among them', () => {
    expect(canSeeAnalytics(dispatcher)).toBe(true);
    expect(canSeeAnalytics(resource)).toBe(true);
    expect(canSeeAnalytics(scheduler)).toBe(false);
    expect(canSeeAnalytics(customer)).toBe(false);
  });

  it('with the default flags (analytics on) a scheduler and a customer do not get analytics', () => {
    for (const user of [scheduler, customer]) {
      expect(keys(buildMenu(input(user, undefined)))).toEqual(['home']);
    }
    expect(keys(buildMenu(input(resource, undefined)))).toContain('analytics');
  });

  it('with every flag on, a scheduler gets the screens of what its readers lists hold, no catalogue, ledger, stock or settings', () => {
    expect(keys(buildMenu(input(scheduler, allOn)))).toEqual([
      'home',
      'timeline',
      'projecttasks',
      'calevents',
      'bookings',
      'groupevents',
      'vehroutes',
      'events',
      'maps',
      'calendar',
      'week',
      'masterroster',
      'scheduler',
      'board',
      'rostered_board',
      'announcements',
    ]);
  });

  it('partner duty does not add analytics to a role without it', () => {
    expect(keys(buildMenu(input({ role: 'customer', duty: 'partner' }, allOn)))).not.toContain('analytics');
    expect(keys(buildMenu(input({ role: 'scheduler', duties: ['partner'] }, allOn)))).not.toContain(
      'analytics',
    );
  });

  it('the flag still rules for the roles that may see it', () => {
    expect(keys(buildMenu(input(dispatcher, { analytics: false })))).not.toContain('analytics');
  });

  it('the older fixed layout follows the same rule', () => {
    expect(keys(buildLegacyMenu(input(scheduler, allOn)))).not.toContain('analytics');
    expect(keys(buildLegacyMenu(input(resource, allOn)))).toContain('analytics');
  });
});

describe('settings and uploads: dispatchers only; job board: dispatchers and resources (§6), whatever the flags', () => {
  it('a dispatcher gets all three with their flags on, and none with them off', () => {
    expect(keys(buildMenu(input(dispatcher, allOn)))).toEqual(
      expect.arrayContaining(['job_board', 'settings', 'uploads']),
    );
    expect(
      keys(buildMenu(input(dispatcher, { job_board: false, settings: false, uploads: false }))),
    ).not.toEqual(expect.arrayContaining(['settings']));
  });

  it('a resource gets the job board but not settings or uploads; a customer none of them', () => {
    const r = keys(buildMenu(input(resource, allOn)));
    expect(r).toContain('job_board');
    expect(r).not.toContain('settings');
    expect(r).not.toContain('uploads');
    const c = keys(buildMenu(input(customer, allOn)));
    for (const key of ['job_board', 'settings', 'uploads']) expect(c).not.toContain(key);
  });
});

describe('partner duty always gets timeline, resources, bookings and board', () => {
  it('even when those flags are off', () => {
    const menu = only('home');
    expect(keys(buildMenu(input(partner, menu)))).toEqual([
      'home',
      'timeline',
      'resources',
      'bookings',
      'board',
    ]);
  });

  it('partner duty given in duties works the same; without the duty the flags rule', () => {
    const menu = only('calendar');
    expect(keys(buildMenu(input({ role: 'customer', duties: ['partner'] }, menu)))).toEqual([
      'timeline',
      'resources',
      'bookings',
      'calendar',
      'board',
    ]);
    expect(keys(buildMenu(input({ role: 'customer', duties: ['driver'] }, menu)))).toEqual(['calendar']);
  });

  it('no entry is duplicated when the flags are also on', () => {
    const shown = keys(buildMenu(input(partner, allOn)));
    // A resource with partner duty: everything but the dispatchers' ledger, settings and uploads, once.
    const dispatcherOnly = ['quotes', 'invoices', 'settings', 'uploads'];
    expect(shown).toEqual(MENU_ORDER.filter((k) => !dispatcherOnly.includes(k)));
  });
});

describe('older fixed layout by role condition', () => {
  const withBookings = { bookings: true };

  it('dispatcher', () => {
    expect(keys(buildLegacyMenu(input(dispatcher, withBookings)))).toEqual([
      'projecttasks',
      'calevents',
      'customers',
      'resources',
      'reports',
      'bookings',
      'calendar',
      'equipments',
      'pods',
      'job_board',
      'analytics',
      'settings',
      'uploads',
    ]);
  });

  it('resource', () => {
    expect(keys(buildLegacyMenu(input(resource, withBookings)))).toEqual([
      'calevents',
      'bookings',
      'equipments',
      'pods',
      'job_board',
      'bid_board',
      'analytics',
    ]);
  });

  it('customer: project tasks and bookings only', () => {
    expect(keys(buildLegacyMenu(input(customer, withBookings)))).toEqual(['projecttasks', 'bookings']);
  });

  it('partner duty adds resources, reports and calendar', () => {
    expect(keys(buildLegacyMenu(input({ role: 'customer', duty: 'partner' }, withBookings)))).toEqual([
      'projecttasks',
      'resources',
      'reports',
      'bookings',
      'calendar',
    ]);
  });

  it('scheduler is not a dispatcher here: bookings only', () => {
    expect(keys(buildLegacyMenu(input(scheduler, withBookings)))).toEqual(['bookings']);
  });

  it('bookings needs its menu flag; the other entries ignore the flags', () => {
    expect(keys(buildLegacyMenu(input(customer, { bookings: false, home: true })))).toEqual(['projecttasks']);
    expect(keys(buildLegacyMenu(input(customer, allOn)))).toEqual(['projecttasks', 'bookings']);
    expect(keys(buildLegacyMenu(input(resource, { bookings: false })))).not.toContain('bookings');
    // Default flags (bookings off) still give a dispatcher customers, settings and uploads.
    expect(keys(buildLegacyMenu(input(dispatcher, undefined)))).toContain('uploads');
    expect(keys(buildLegacyMenu(input(dispatcher, undefined)))).not.toContain('bookings');
  });

  it('labels and paths follow the same rules as the generic menu', () => {
    const [first] = buildLegacyMenu(input(customer, withBookings, { cf: { m_projecttasks: 'Tasks' } }));
    expect(first).toEqual({ key: 'projecttasks', path: '/projecttasks', label: 'Tasks' });
  });
});

describe('active entry highlighting', () => {
  it('a route named like a key highlights that key', () => {
    expect(activeMenuKey('bookings')).toBe('bookings');
    expect(activeMenuKey('job_board')).toBe('job_board');
  });

  it('calevents: the type query parameter selects the entry', () => {
    expect(activeMenuKey('calevents', { type: 'events' })).toBe('events');
    expect(activeMenuKey('calevents', { type: ['projecttasks'] })).toBe('projecttasks');
  });

  it('calevents without a type, or with a type that is no menu key, highlights calevents', () => {
    expect(activeMenuKey('calevents', {})).toBe('calevents');
    expect(activeMenuKey('calevents', { type: '' })).toBe('calevents');
    expect(activeMenuKey('calevents', { type: 'role' })).toBe('calevents');
  });

  it('type is read on calevents only', () => {
    expect(activeMenuKey('bookings', { type: 'events' })).toBe('bookings');
  });

  it('mascustomer counts as masterroster', () => {
    expect(activeMenuKey('mascustomer')).toBe('masterroster');
  });

  it('week2timeline and week2custimeline (and the v2 path) count as timeline', () => {
    expect(activeMenuKey('week2timeline')).toBe('timeline');
    expect(activeMenuKey('week2custimeline')).toBe('timeline');
    expect(activeMenuKey('week2timelinev2')).toBe('timeline');
  });

  it('route names taken from paths map back to their key', () => {
    expect(activeMenuKey('week2')).toBe('week');
    expect(activeMenuKey('week2scheduler')).toBe('scheduler');
    expect(activeMenuKey('vehicleroutes')).toBe('vehroutes');
    expect(activeMenuKey('resource_shifts')).toBe('shifts');
    expect(activeMenuKey('/bookings/abc')).toBe('bookings');
    expect(activeMenuKey('/')).toBe('home');
    expect(activeMenuKey('index')).toBe('home');
  });

  it('routes of no entry highlight nothing', () => {
    expect(activeMenuKey('terms')).toBeUndefined();
    expect(activeMenuKey('exception-detail')).toBeUndefined();
    expect(activeMenuKey('constructor')).toBeUndefined();
    expect(activeMenuKey('role')).toBeUndefined();
  });

  it('every menu path highlights its own entry', () => {
    for (const key of MENU_ORDER) {
      expect(activeMenuKey(menuPath(key, undefined))).toBe(key);
      expect(activeMenuKey(menuPath(key, { timelinev2_menu: false }))).toBe(key);
    }
  });
});

describe('which layout the shell shows (menuFor)', () => {
  const flags = { bookings: true, home: true, analytics: true, settings: true, timeline: true };

  it('by the menu flags unless the organisation chose the older layout', () => {
    expect(keys(menuFor(input(resource, flags)))).toEqual(keys(buildMenu(input(resource, flags))));
    expect(keys(menuFor(input(resource, flags, { ds: { legacy_menu_layout: false } })))).toContain(
      'timeline',
    );
  });

  it('the older layout by role: the flags other than bookings no longer decide', () => {
    const legacy = { ds: { legacy_menu_layout: true } };
    // Home and timeline are on in the flags but not part of the older layout; job board, pods and
    // equipments are off in the flags but shown to resources there.
    expect(keys(menuFor(input(resource, flags, legacy)))).toEqual(
      keys(buildLegacyMenu(input(resource, flags))),
    );
    expect(keys(menuFor(input(resource, flags, legacy)))).not.toContain('timeline');
    expect(keys(menuFor(input(resource, flags, legacy)))).toContain('job_board');
    expect(keys(menuFor(input(customer, flags, legacy)))).toEqual(['projecttasks', 'bookings']);
  });
});
