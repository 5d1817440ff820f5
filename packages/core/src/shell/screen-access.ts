/**
 * Who may open each screen of the menu (spec §2, §6): one table, read by the web menu (an entry
 * shows only to whom may open it) and by the server (each screen's data routes admit exactly
 * these roles and duties), so an entry in a menu always opens and a role the server serves always
 * finds its screen. Either list admits: a role in `roles`, or a holder of a duty in `duties`.
 *
 * Decisions where the spec is silent (docs/screens.md "Who sees what"):
 * - 'scheduler' is a role of its own, not the dispatcher (who is captioned "scheduler"). Spec §6
 *   gives it no booking actions and lets only dispatchers read records keyed by the organisation,
 *   so a scheduler reads what its readers lists hold (bookings, timeline, tasks, events) and none
 *   of the organisation's catalogues, ledgers, reports, stock, shifts or settings.
 * - Customers, resources and the catalogue follow spec §2's older role layout and §6 (customers
 *   get no ledger; bid board resource only; analytics dispatcher and resource; settings and
 *   uploads dispatcher only); partners (a duty) also read the catalogue and the reports.
 */

import type { AnyMenuKey } from './menu.ts';
import { hasDuty, ROLES, type Role, type ShellUser } from './roles.ts';

export type ScreenReaders = { roles: readonly Role[]; duties?: readonly string[] };

const EVERYONE: ScreenReaders = { roles: ROLES };
const DISPATCHERS: ScreenReaders = { roles: ['dispatcher'] };
const STAFF: ScreenReaders = { roles: ['dispatcher', 'resource'] };
/** Dispatchers and partners: the organisation's catalogue and its reports. */
const CATALOGUE: ScreenReaders = { roles: ['dispatcher'], duties: ['partner'] };

/** Analytics: dispatcher and resource (spec §6 and §2's older layout). */
export const ANALYTICS_ROLES: readonly Role[] = ['dispatcher', 'resource'];

export const SCREEN_ACCESS: Readonly<Record<AnyMenuKey, ScreenReaders>> = {
  home: EVERYONE,
  timeline: EVERYONE,
  projecttasks: EVERYONE,
  calevents: EVERYONE,
  customers: CATALOGUE,
  resources: CATALOGUE,
  reports: CATALOGUE,
  bookings: EVERYONE,
  groupevents: EVERYONE,
  vehroutes: EVERYONE,
  events: EVERYONE,
  quotes: DISPATCHERS,
  invoices: DISPATCHERS,
  maps: EVERYONE,
  timesheets: STAFF,
  calendar: EVERYONE,
  week: EVERYONE,
  masterroster: EVERYONE,
  scheduler: EVERYONE,
  equipments: STAFF,
  pods: STAFF,
  board: EVERYONE,
  job_board: STAFF,
  bid_board: { roles: ['resource'] },
  rostered_board: EVERYONE,
  shifts: STAFF,
  forms: { roles: ['dispatcher', 'resource', 'customer'] },
  analytics: { roles: ANALYTICS_ROLES },
  announcements: EVERYONE,
  settings: DISPATCHERS,
  uploads: DISPATCHERS,
  planner: DISPATCHERS,
  unsync: EVERYONE,
  routes: EVERYONE,
  map: EVERYONE,
};

/** Whether `readers` admits the user: their role is listed, or they hold a listed duty. */
export function isAdmitted(readers: ScreenReaders, user: ShellUser): boolean {
  return readers.roles.includes(user.role) || (readers.duties?.some((d) => hasDuty(user, d)) ?? false);
}

/** Whether the user may open the screen of menu entry `key`. */
export function canOpenScreen(user: ShellUser, key: AnyMenuKey): boolean {
  return isAdmitted(SCREEN_ACCESS[key], user);
}

/**
 * Screens reached from another screen's flow as well as from the menu: the bid board, which is in
 * the menu of resources only (§6), is where a dispatcher lands from a job's bid count on the job
 * board to accept a bid.
 */
const REACHED_FROM: Partial<Readonly<Record<AnyMenuKey, readonly AnyMenuKey[]>>> = {
  bid_board: ['job_board'],
};

/** The screens whose readers may reach screen `key`: itself, and those it is reached from. */
export function screensReaching(key: AnyMenuKey): readonly [AnyMenuKey, ...AnyMenuKey[]] {
  return [key, ...(REACHED_FROM[key] ?? [])];
}

/**
 * Whether the user may be on the screen of `key` at all (typed address or a link inside another
 * screen): they may open it, or a screen it is reached from. The web shows other users a notice
 * instead of the screen, so it never asks the server for what it would refuse.
 */
export function canReachScreen(user: ShellUser, key: AnyMenuKey): boolean {
  return isAdmitted(screenReaders(...screensReaching(key)), user);
}

/**
 * Who may read data several screens share: everyone any of the screens admits (roles and duties
 * merged, in the order of {@link ROLES}).
 */
export function screenReaders(...keys: readonly AnyMenuKey[]): ScreenReaders {
  const roles = ROLES.filter((r) => keys.some((k) => SCREEN_ACCESS[k].roles.includes(r)));
  const duties = [...new Set(keys.flatMap((k) => SCREEN_ACCESS[k].duties ?? []))];
  return duties.length > 0 ? { roles, duties } : { roles };
}
