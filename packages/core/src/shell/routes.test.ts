import { describe, expect, it } from 'vitest';
import {
  errorPage,
  isSearchBoxHidden,
  isSignInPath,
  normalisePath,
  openedTask,
  queryParam,
  routeActions,
  SCHEDULER_SEARCH_FLAG,
  showsBarcodeScan,
  showView,
  signInPageAction,
} from './routes.ts';

describe('query parameters', () => {
  it('queryParam takes the first non-empty value; empty counts as absent', () => {
    expect(queryParam({ a: 'x' }, 'a')).toBe('x');
    expect(queryParam({ a: ['', 'y', 'z'] }, 'a')).toBe('y');
    expect(queryParam({ a: '' }, 'a')).toBeUndefined();
    expect(queryParam({ a: null }, 'a')).toBeUndefined();
    expect(queryParam({}, 'a')).toBeUndefined();
    expect(queryParam({}, 'toString')).toBeUndefined();
  });

  it('normalisePath drops trailing slashes but keeps the root', () => {
    expect(normalisePath('/bookings/')).toBe('/bookings');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('')).toBe('/');
  });
});

describe('sign-in pages', () => {
  it('/login, /login/ and /reset are sign-in pages; others are not', () => {
    expect(isSignInPath('/login')).toBe(true);
    expect(isSignInPath('/login/')).toBe(true);
    expect(isSignInPath('/reset')).toBe(true);
    expect(isSignInPath('/loginx')).toBe(false);
    expect(isSignInPath('/')).toBe(false);
  });

  it('signed in with an organisation → home; without one → signed out; not signed in → stay', () => {
    expect(signInPageAction({ isSignedIn: true, orgId: 'org1' })).toBe('go-home');
    expect(signInPageAction({ isSignedIn: true, orgId: '' })).toBe('sign-out');
    expect(signInPageAction({ isSignedIn: true, orgId: undefined })).toBe('sign-out');
    expect(signInPageAction({ isSignedIn: false, orgId: 'org1' })).toBe('stay');
  });
});

describe('routeActions: query parameters on any route', () => {
  it('signout=y or logout=y signs out and goes to /login, and nothing else runs', () => {
    const signOut = [{ type: 'sign-out', redirectTo: '/login' }];
    expect(routeActions('/bookings', { signout: 'y', job_id: 'j1' })).toEqual(signOut);
    expect(routeActions('/', { logout: 'y', token: 't' })).toEqual(signOut);
  });

  it('only the value y signs out', () => {
    expect(routeActions('/', { signout: 'yes' })).toEqual([]);
    expect(routeActions('/', { logout: 'Y' })).toEqual([]);
    expect(routeActions('/', { signout: '' })).toEqual([]);
  });

  it('token → custom sign-in; link → short link', () => {
    expect(routeActions('/', { token: 'abc' })).toEqual([{ type: 'token-login', token: 'abc' }]);
    expect(routeActions('/x', { link: 'L1' })).toEqual([{ type: 'short-link', linkId: 'L1' }]);
    expect(routeActions('/', { token: '' })).toEqual([]);
  });

  it('code plus state completes payment onboarding; either alone does nothing', () => {
    expect(routeActions('/settings', { code: 'c', state: 's' })).toEqual([
      { type: 'complete-registration', code: 'c', state: 's' },
    ]);
    expect(routeActions('/settings', { code: 'c' })).toEqual([]);
    expect(routeActions('/settings', { state: 's' })).toEqual([]);
  });

  it('job_id or id on the bookings route sets the current booking (job_id wins)', () => {
    expect(routeActions('/bookings', { job_id: 'j1' })).toEqual([
      { type: 'set-current-booking', bookingId: 'j1' },
    ]);
    expect(routeActions('/bookings/', { id: 'b2' })).toEqual([
      { type: 'set-current-booking', bookingId: 'b2' },
    ]);
    expect(routeActions('/bookings', { id: 'b2', job_id: 'j1' })).toEqual([
      { type: 'set-current-booking', bookingId: 'j1' },
    ]);
  });

  it('job_id or id on another route does nothing', () => {
    expect(routeActions('/groupevents', { job_id: 'j1', id: 'b2' })).toEqual([]);
    expect(routeActions('/bookingsx', { id: 'b2' })).toEqual([]);
  });

  it('task_id alone sets the current task; with calevent_id it sets the current event too', () => {
    expect(routeActions('/projecttasks', { task_id: 't1' })).toEqual([
      { type: 'set-current-task', taskId: 't1' },
    ]);
    expect(routeActions('/calevents', { task_id: 't1', calevent_id: 'e1' })).toEqual([
      { type: 'set-current-task', taskId: 't1' },
      { type: 'set-current-event', eventId: 'e1' },
    ]);
  });

  it('calevent_id without task_id does nothing', () => {
    expect(routeActions('/calevents', { calevent_id: 'e1' })).toEqual([]);
  });

  it('show sets the incoming view state', () => {
    expect(routeActions('/week2', { show: 'week' })).toEqual([{ type: 'set-view-state', show: 'week' }]);
  });

  it('several parameters give their actions in a fixed order', () => {
    expect(
      routeActions('/bookings', { show: 'v', id: 'b', link: 'l', token: 't' }).map((a) => a.type),
    ).toEqual(['token-login', 'short-link', 'set-current-booking', 'set-view-state']);
  });

  it('no parameters: no actions', () => {
    expect(routeActions('/bookings', {})).toEqual([]);
  });
});

describe('top bar', () => {
  it('route names equipments and pods show the barcode-scan button; others do not', () => {
    expect(showsBarcodeScan('equipments')).toBe(true);
    expect(showsBarcodeScan('pods')).toBe(true);
    expect(showsBarcodeScan('bookings')).toBe(false);
    expect(showsBarcodeScan('Equipments')).toBe(false);
  });

  it('the search box is hidden on reports routes', () => {
    expect(isSearchBoxHidden('/reports', undefined)).toBe(true);
    expect(isSearchBoxHidden('/reports/', undefined)).toBe(true);
    expect(isSearchBoxHidden('/reports/weekly', {})).toBe(true);
  });

  it('the search box shows on other routes, including look-alikes of /reports', () => {
    expect(isSearchBoxHidden('/bookings', undefined)).toBe(false);
    expect(isSearchBoxHidden('/reportsx', undefined)).toBe(false);
    expect(isSearchBoxHidden('/', {})).toBe(false);
  });

  it(`the search box is hidden when display setting ${SCHEDULER_SEARCH_FLAG} is false, shown when true or unset`, () => {
    expect(SCHEDULER_SEARCH_FLAG).toBe('scheduler_search');
    expect(isSearchBoxHidden('/bookings', { scheduler_search: false })).toBe(true);
    expect(isSearchBoxHidden('/bookings', { scheduler_search: true })).toBe(false);
    expect(isSearchBoxHidden('/bookings', { scheduler_search: 0 })).toBe(false);
  });
});

describe('error page', () => {
  it("404 is 'Page not found'", () => {
    expect(errorPage(404)).toEqual({
      title: 'Page not found',
      linkText: 'Click here to go back to the default page',
    });
  });

  it("every other status is 'An error occurred'", () => {
    for (const status of [400, 403, 405, 500, 0]) {
      expect(errorPage(status)).toEqual({
        title: 'An error occurred',
        linkText: 'Click here to go back to the default page',
      });
    }
  });
});

describe('task_id and calevent_id on any route (spec §2)', () => {
  it('task_id alone opens the task over any screen; with calevent_id, its event too', () => {
    expect(openedTask('/customers', { task_id: 't1' })).toEqual({ taskId: 't1' });
    expect(openedTask('/', { task_id: 't1', calevent_id: 'e1' })).toEqual({ taskId: 't1', eventId: 'e1' });
    expect(openedTask('/bookings/', { task_id: 't1', calevent_id: '' })).toEqual({ taskId: 't1' });
  });
  it('calevent_id without a task, or nothing, opens nothing', () => {
    expect(openedTask('/customers', { calevent_id: 'e1' })).toBeUndefined();
    expect(openedTask('/customers', {})).toBeUndefined();
  });
  it('the task and calendar event screens open them themselves', () => {
    expect(openedTask('/projecttasks', { task_id: 't1' })).toBeUndefined();
    expect(openedTask('/calevents/', { task_id: 't1', calevent_id: 'e1' })).toBeUndefined();
  });
  it('signing out wins over any task', () => {
    expect(openedTask('/customers', { task_id: 't1', signout: 'y' })).toBeUndefined();
  });
});

describe('show names a view of the shell (spec §2)', () => {
  it('opens the named view; an unknown value opens nothing', () => {
    expect(showView('notifications', 'resource')).toBe('notifications');
    expect(showView('help', 'customer')).toBe('help');
    expect(showView('profile', 'dispatcher')).toBe('profile');
    expect(showView('week', 'dispatcher')).toBeUndefined();
  });
  it("What's New never for a customer", () => {
    expect(showView('whats-new', 'dispatcher')).toBe('whats-new');
    expect(showView('whats-new', 'customer')).toBeUndefined();
  });
});
