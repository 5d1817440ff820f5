/**
 * The sidebar menu (spec §2): entries, their paths and labels, which ones a user sees, the older
 * fixed role-condition layout, and which entry a route highlights.
 *
 * Inputs are the organisation's plain settings as read from storage: `menu` (the display-settings
 * menu flags), `cf` (caption overrides, `m_{key}` menu labels) and `ds` (display flags). Values of
 * unexpected types are treated as absent rather than trusted.
 */

import { isPlannerOn } from '../settings/flag-rules.ts';
import { isPartner, type ShellUser } from './roles.ts';
import { type Query, queryParam } from './routes.ts';
import { ANALYTICS_ROLES, canOpenScreen } from './screen-access.ts';

export type Settings = Readonly<Record<string, unknown>>;

/** Every menu entry, in the fixed menu order. */
export const MENU_ORDER = [
  'home',
  'timeline',
  'projecttasks',
  'calevents',
  'customers',
  'resources',
  'reports',
  'bookings',
  'groupevents',
  'vehroutes',
  'events',
  'quotes',
  'invoices',
  'maps',
  'timesheets',
  'calendar',
  'week',
  'masterroster',
  'scheduler',
  'equipments',
  'pods',
  'board',
  'job_board',
  'bid_board',
  'rostered_board',
  'shifts',
  'forms',
  'analytics',
  'announcements',
  'settings',
  'uploads',
] as const;
export type MenuKey = (typeof MENU_ORDER)[number];

/**
 * Keys the generic menu also knows. The spec gives them neither a path nor a place in the order:
 * their path is `/{key}` and, when their flag is on, they follow the fixed order in this order.
 */
export const GENERIC_MENU_KEYS = ['planner', 'unsync', 'routes', 'map'] as const;
export type GenericMenuKey = (typeof GENERIC_MENU_KEYS)[number];
export type AnyMenuKey = MenuKey | GenericMenuKey;

const ALL_KEYS: readonly string[] = [...MENU_ORDER, ...GENERIC_MENU_KEYS];

export function isMenuKey(value: unknown): value is AnyMenuKey {
  return typeof value === 'string' && ALL_KEYS.includes(value);
}

/** Display setting choosing the timeline path. */
export const TIMELINE_V2_FLAG = 'timelinev2_menu';

const MENU_PATHS: Readonly<Record<Exclude<AnyMenuKey, 'timeline'>, string>> = {
  home: '/',
  customers: '/customers',
  resources: '/resources',
  bookings: '/bookings',
  groupevents: '/groupevents',
  announcements: '/announcements',
  vehroutes: '/vehicleroutes',
  events: '/events',
  projecttasks: '/projecttasks',
  calevents: '/calevents',
  maps: '/maps',
  forms: '/forms',
  timesheets: '/timesheets',
  reports: '/reports',
  calendar: '/calendar',
  week: '/week2',
  scheduler: '/week2scheduler',
  masterroster: '/masterroster',
  equipments: '/equipments',
  pods: '/pods',
  board: '/board',
  job_board: '/job_board',
  bid_board: '/bid_board',
  rostered_board: '/rostered_board',
  shifts: '/resource_shifts',
  quotes: '/quotes',
  invoices: '/invoices',
  analytics: '/analytics',
  settings: '/settings',
  uploads: '/uploads',
  planner: '/planner',
  unsync: '/unsync',
  routes: '/routes',
  map: '/map',
};

/**
 * Path of a menu entry. Timeline goes to /week2timelinev2 unless the display setting
 * `timelinev2_menu` is exactly `false` (then /week2timeline): the spec's default for the
 * "timeline v2 menu" flag is on, so a missing setting means on.
 */
export function menuPath(key: AnyMenuKey, ds: Settings | undefined): string {
  if (key === 'timeline') return ds?.[TIMELINE_V2_FLAG] === false ? '/week2timeline' : '/week2timelinev2';
  return MENU_PATHS[key];
}

/**
 * Caption (`cf`) key holding the report label text, which analytics uses as its menu label.
 * The spec names no key; `report_label` follows the `{thing}_label` naming of captions.
 */
export const ANALYTICS_LABEL_KEY = 'report_label';

function caption(cf: Settings | undefined, key: string): string | undefined {
  const value = cf?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The readable name of each entry when the organisation gives it no caption. The spec's fallback
 * is "the key itself"; we show the key as a person would say it (calevents → "Calendar events"),
 * never the raw key, which read as "Calevents" or "Bid_board" in the menu (issue #16 point 13).
 */
export const DEFAULT_MENU_LABELS: Readonly<Record<AnyMenuKey, string>> = {
  home: 'Home',
  timeline: 'Timeline',
  projecttasks: 'Project tasks',
  calevents: 'Calendar events',
  customers: 'Customers',
  resources: 'Resources',
  reports: 'Reports',
  bookings: 'Bookings',
  groupevents: 'Group events',
  vehroutes: 'Vehicle routes',
  events: 'Events',
  quotes: 'Quotes',
  invoices: 'Invoices',
  maps: 'Maps',
  timesheets: 'Timesheets',
  calendar: 'Calendar',
  week: 'Week',
  masterroster: 'Master roster',
  scheduler: 'Scheduler',
  equipments: 'Equipment',
  pods: 'Pods',
  board: 'Board',
  job_board: 'Job board',
  bid_board: 'Bid board',
  rostered_board: 'Rostered board',
  shifts: 'Shifts',
  forms: 'Forms',
  analytics: 'Analytics',
  announcements: 'Announcements',
  settings: 'Settings',
  uploads: 'Uploads',
  planner: 'Planner',
  unsync: 'Unsynced',
  routes: 'Routes',
  map: 'Map',
};

/**
 * Label of a menu entry: the caption `m_{key}`, or for analytics the caption
 * {@link ANALYTICS_LABEL_KEY}; a missing, non-text or blank caption falls back to the entry's
 * readable name ({@link DEFAULT_MENU_LABELS}).
 */
export function menuLabel(key: AnyMenuKey, cf: Settings | undefined): string {
  const captionKey = key === 'analytics' ? ANALYTICS_LABEL_KEY : `m_${key}`;
  return caption(cf, captionKey) ?? DEFAULT_MENU_LABELS[key];
}

/** Default menu flags: home, resources, customers, analytics and settings on; all others off. */
export const DEFAULT_MENU_FLAGS: Readonly<Record<AnyMenuKey, boolean>> = Object.fromEntries(
  ALL_KEYS.map((key) => [key, ['home', 'resources', 'customers', 'analytics', 'settings'].includes(key)]),
) as Record<AnyMenuKey, boolean>;

/**
 * The menu flags in force: each key the organisation set to a boolean keeps that value; every
 * other key (unset, or set to something that is not a boolean) takes its default. This matches
 * the settings store, which keeps only what an organisation changed.
 */
export function effectiveMenuFlags(menu: Settings | undefined): Readonly<Record<AnyMenuKey, boolean>> {
  return Object.fromEntries(ALL_KEYS.map((key) => [key, isMenuFlagOn(menu, key as AnyMenuKey)])) as Record<
    AnyMenuKey,
    boolean
  >;
}

/** Whether `key` is on in the menu flags in force. */
export function isMenuFlagOn(menu: Settings | undefined, key: AnyMenuKey): boolean {
  const value = menu?.[key];
  return typeof value === 'boolean' ? value : DEFAULT_MENU_FLAGS[key];
}

/** Entries a partner-duty user always gets, whatever the flags. */
export const PARTNER_MENU_KEYS: readonly MenuKey[] = ['timeline', 'resources', 'bookings', 'board'];

/** Analytics: dispatcher and resource (spec §6); the one list lives in the screen-access table. */
export { ANALYTICS_ROLES };

/** Whether the user may see analytics (menu entry and data): their role is in {@link ANALYTICS_ROLES}. */
export function canSeeAnalytics(user: ShellUser): boolean {
  return canOpenScreen(user, 'analytics');
}

export type MenuEntry = { key: AnyMenuKey; path: string; label: string };

export type MenuInput = {
  user: ShellUser;
  /** The organisation's display-settings menu flags; unset keys take their defaults. */
  menu: Settings | undefined;
  /** Caption overrides. */
  cf: Settings | undefined;
  /** Display flags. */
  ds: Settings | undefined;
};

function entry(key: AnyMenuKey, input: Pick<MenuInput, 'cf' | 'ds'>): MenuEntry {
  return { key, path: menuPath(key, input.ds), label: menuLabel(key, input.cf) };
}

/**
 * The menu a user sees: the fixed order, then the generic keys, keeping only entries whose flag
 * is on, plus timeline, resources, bookings and board for partner duty. A 'role' flag (or any
 * other unknown key) never becomes an entry. Whatever the flags, an entry shows only to whom may
 * open its screen (the screen-access table, spec §6), which is what the server's routes of that
 * screen admit: a menu never leads into "Access denied". The Planner shows only while the
 * organisation's `planner_plan` display flag is on (core `settings/flag-rules`).
 */
export function buildMenu(input: MenuInput): MenuEntry[] {
  const partner = isPartner(input.user);
  const keys: readonly AnyMenuKey[] = [...MENU_ORDER, ...GENERIC_MENU_KEYS];
  return keys
    .filter(
      (key) =>
        isMenuFlagOn(input.menu, key) || (partner && (PARTNER_MENU_KEYS as readonly string[]).includes(key)),
    )
    .filter((key) => canOpenScreen(input.user, key))
    .filter((key) => key !== 'planner' || isPlannerOn(input.ds))
    .map((key) => entry(key, input));
}

/**
 * The older fixed layout, by role condition (in the fixed menu order). Only bookings depends on
 * a menu flag; every other entry depends on role or partner duty alone. "Dispatcher" here means
 * the role 'dispatcher' only. Entries the spec does not list for this layout (home among them)
 * are not part of it.
 */
export function buildLegacyMenu(input: MenuInput): MenuEntry[] {
  const { role } = input.user;
  const dispatcher = role === 'dispatcher';
  const resource = role === 'resource';
  const partner = isPartner(input.user);
  const shows: Partial<Record<MenuKey, boolean>> = {
    resources: dispatcher || partner,
    customers: dispatcher,
    settings: dispatcher,
    uploads: dispatcher,
    bookings: isMenuFlagOn(input.menu, 'bookings'),
    projecttasks: dispatcher || role === 'customer',
    calevents: dispatcher || resource,
    reports: dispatcher || partner,
    calendar: dispatcher || partner,
    equipments: dispatcher || resource,
    pods: dispatcher || resource,
    job_board: dispatcher || resource,
    analytics: canSeeAnalytics(input.user),
    bid_board: resource,
  };
  return MENU_ORDER.filter((key) => shows[key] === true && canOpenScreen(input.user, key)).map((key) =>
    entry(key, input),
  );
}

/**
 * The menu the shell shows: the older fixed layout by role when the organisation turned on the
 * `legacy_menu_layout` display flag, else the layout by menu flags ({@link buildMenu}).
 */
export function menuFor(input: MenuInput): MenuEntry[] {
  return input.ds?.legacy_menu_layout === true ? buildLegacyMenu(input) : buildMenu(input);
}

/** Route names that highlight an entry other than their own name. */
const ROUTE_ALIASES: ReadonlyMap<string, AnyMenuKey> = new Map<string, AnyMenuKey>([
  ['index', 'home'],
  ['mascustomer', 'masterroster'],
  ['week2timeline', 'timeline'],
  ['week2custimeline', 'timeline'],
  // The timeline entry links here when timeline v2 is on, so it must highlight timeline too.
  ['week2timelinev2', 'timeline'],
]);

const KEY_BY_PATH_SEGMENT: ReadonlyMap<string, AnyMenuKey> = new Map(
  (Object.entries(MENU_PATHS) as [AnyMenuKey, string][]).map(([key, path]) => [path.slice(1), key]),
);

/**
 * The highlighted menu entry for a route, or undefined when the route belongs to no entry.
 * `routeName` may be a route name ('week2timeline') or a path ('/bookings/abc'); only its first
 * segment counts, and '' or 'index' is home.
 *
 * - calevents: the `type` query parameter names the entry when it is a menu key, else calevents.
 * - mascustomer → masterroster; week2timeline, week2custimeline (and week2timelinev2) → timeline.
 * - otherwise the key of that name, or the key whose path is that segment (week2 → week).
 */
export function activeMenuKey(routeName: string, query: Query = {}): AnyMenuKey | undefined {
  const segment = routeName.replace(/^\/+/, '').split('/')[0] ?? '';
  if (segment === '') return 'home';
  if (segment === 'calevents') {
    const type = queryParam(query, 'type');
    return isMenuKey(type) ? type : 'calevents';
  }
  const alias = ROUTE_ALIASES.get(segment);
  if (alias !== undefined) return alias;
  if (isMenuKey(segment)) return segment;
  return KEY_BY_PATH_SEGMENT.get(segment);
}
