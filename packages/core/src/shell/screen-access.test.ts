import { describe, expect, it } from 'vitest';
import { GENERIC_MENU_KEYS, MENU_ORDER } from './menu.ts';
import { ROLES, type ShellUser } from './roles.ts';
import {
  canOpenScreen,
  canReachScreen,
  isAdmitted,
  SCREEN_ACCESS,
  screenReaders,
  screensReaching,
} from './screen-access.ts';

const dispatcher: ShellUser = { role: 'dispatcher' };
const scheduler: ShellUser = { role: 'scheduler' };
const resource: ShellUser = { role: 'resource' };
const customer: ShellUser = { role: 'customer' };
const partner: ShellUser = { role: 'resource', duties: ['partner'] };

const opens = (user: ShellUser) => MENU_ORDER.filter((k) => canOpenScreen(user, k));

describe('the screen-access table (spec §2, §6)', () => {
  it('has a row for every menu key, generic ones included, and only known roles', () => {
    expect(Object.keys(SCREEN_ACCESS).sort()).toEqual([...MENU_ORDER, ...GENERIC_MENU_KEYS].sort());
    for (const row of Object.values(SCREEN_ACCESS)) {
      for (const role of row.roles) expect(ROLES).toContain(role);
    }
  });

  it('bid board: resources only (a partner is a resource); job board: resources and dispatchers', () => {
    expect(
      [dispatcher, scheduler, resource, customer, partner].map((u) => canOpenScreen(u, 'bid_board')),
    ).toEqual([false, false, true, false, true]);
    expect([dispatcher, scheduler, resource, customer].map((u) => canOpenScreen(u, 'job_board'))).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('a resource opens no catalogue, report or ledger; a partner adds the catalogue and reports', () => {
    for (const key of ['customers', 'resources', 'reports', 'quotes', 'invoices'] as const) {
      expect(canOpenScreen(resource, key)).toBe(false);
    }
    for (const key of ['customers', 'resources', 'reports'] as const)
      expect(canOpenScreen(partner, key)).toBe(true);
    for (const key of ['quotes', 'invoices', 'settings', 'uploads'] as const) {
      expect(canOpenScreen(partner, key)).toBe(false);
    }
  });

  it('a customer opens their own jobs, tasks, events and forms; no catalogue, ledger, timesheets, stock, shifts or roster editing tools of staff', () => {
    const shown = opens(customer);
    for (const key of [
      'customers',
      'resources',
      'timesheets',
      'pods',
      'equipments',
      'shifts',
      'quotes',
      'invoices',
    ]) {
      expect(shown).not.toContain(key);
    }
    expect(shown).toEqual(expect.arrayContaining(['home', 'bookings', 'projecttasks', 'forms']));
  });

  it('a scheduler (not a dispatcher) opens no catalogue, ledger, report, stock, shifts, settings or analytics', () => {
    const shown = opens(scheduler);
    for (const key of [
      'customers',
      'resources',
      'reports',
      'quotes',
      'invoices',
      'timesheets',
      'equipments',
      'pods',
      'shifts',
      'forms',
      'analytics',
      'settings',
      'uploads',
      'job_board',
      'bid_board',
    ]) {
      expect(shown).not.toContain(key);
    }
    expect(shown).toEqual(expect.arrayContaining(['bookings', 'timeline', 'board']));
  });

  it('a dispatcher opens every screen but the bid board', () => {
    expect(opens(dispatcher)).toEqual(MENU_ORDER.filter((k) => k !== 'bid_board'));
  });
});

describe('screenReaders: data several screens share', () => {
  it('one screen: its row', () => {
    expect(screenReaders('customers')).toEqual({ roles: ['dispatcher'], duties: ['partner'] });
    expect(screenReaders('bid_board')).toEqual({ roles: ['resource'] });
  });

  it('several screens: roles and duties merged, roles in the order of ROLES, no duplicates', () => {
    expect(screenReaders('bid_board', 'job_board')).toEqual({ roles: ['dispatcher', 'resource'] });
    expect(screenReaders('reports', 'customers', 'quotes')).toEqual({
      roles: ['dispatcher'],
      duties: ['partner'],
    });
  });

  it('isAdmitted: a listed role, or a listed duty given either way', () => {
    const readers = screenReaders('customers');
    expect(isAdmitted(readers, dispatcher)).toBe(true);
    expect(isAdmitted(readers, { role: 'customer', duty: 'partner' })).toBe(true);
    expect(isAdmitted(readers, partner)).toBe(true);
    expect(isAdmitted(readers, resource)).toBe(false);
  });
});

describe('canReachScreen: the menu, or a link inside another screen', () => {
  it("a dispatcher reaches the bid board from the job board's bid counts, though it is not in their menu", () => {
    expect(screensReaching('bid_board')).toEqual(['bid_board', 'job_board']);
    expect(canOpenScreen(dispatcher, 'bid_board')).toBe(false);
    expect(canReachScreen(dispatcher, 'bid_board')).toBe(true);
    expect(canReachScreen(scheduler, 'bid_board')).toBe(false);
    expect(canReachScreen(customer, 'bid_board')).toBe(false);
  });

  it('every other screen is reached exactly by whom may open it', () => {
    for (const key of MENU_ORDER.filter((k) => k !== 'bid_board')) {
      for (const user of [dispatcher, scheduler, resource, customer, partner]) {
        expect(canReachScreen(user, key)).toBe(canOpenScreen(user, key));
      }
    }
  });
});
