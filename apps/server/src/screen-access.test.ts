import type { AnyMenuKey } from '@rostra/core/shell/menu';
import { canOpenScreen } from '@rostra/core/shell/screen-access';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRoleAllowed, ROLES } from './http/access.ts';
import { createTestApp, type TestApp } from './testing/app.ts';

/*
 * The menu and the server read one table (core/shell/screen-access.ts). For each screen's data
 * routes (what the screen reads when it opens), the route admits a caller exactly when the menu
 * shows them the screen: every role and duty in the menu is served, and nobody the route serves
 * is left without the entry. A route several screens read admits whom any of them admits.
 */

const DATA_ROUTES: Readonly<Record<string, readonly [AnyMenuKey, ...AnyMenuKey[]]>> = {
  'GET /api/v1/directory/customers': ['customers'],
  'GET /api/v1/directory/customers/:id/overview': ['customers'],
  'GET /api/v1/directory/resources': ['resources'],
  'GET /api/v1/directory/resources/:id/overview': ['resources'],
  'GET /api/v1/reports/hours': ['reports'],
  'GET /api/v1/reports/jobs-by-status': ['reports'],
  'GET /api/v1/reports/exceptions': ['reports'],
  'GET /api/v1/analytics': ['analytics'],
  'GET /api/v1/ledger': ['quotes', 'invoices'],
  'GET /api/v1/timesheets': ['timesheets'],
  'GET /api/v1/equipments': ['equipments'],
  'GET /api/v1/pods': ['pods'],
  'GET /api/v1/forms': ['forms'],
  'GET /api/v1/job-board': ['job_board'],
  // A resource's own bids; a dispatcher follows a job's bid count from the job board to accept one.
  'GET /api/v1/bid-board': ['bid_board', 'job_board'],
  'GET /api/v1/resources/:id/shifts/:week_id': ['shifts'],
  'GET /api/v1/uploads': ['uploads'],
  'GET /api/v1/timeline': ['timeline'],
  'POST /api/v1/bookings/search': ['bookings'],
  'GET /api/v1/directory/calendar': ['calendar'],
  'GET /api/v1/directory/calendar-events': ['calevents'],
  'GET /api/v1/directory/project-tasks': ['projecttasks'],
  'GET /api/v1/directory/group-events': ['groupevents'],
  'GET /api/v1/announcements': ['announcements'],
  'GET /api/v1/map/jobs': ['maps'],
  'GET /api/v1/timeline-records': ['board', 'rostered_board', 'masterroster'],
};

const PERSONAS = [
  ...ROLES.map((role) => ({ label: role, role, duties: [] as string[] })),
  { label: 'partner', role: 'resource' as const, duties: ['partner'] },
  { label: 'customer with partner duty', role: 'customer' as const, duties: ['partner'] },
];

describe.each(testDatabaseKinds())('screen data routes follow the screen-access table on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it.each(Object.entries(DATA_ROUTES))('%s admits exactly whom the menu shows %s', (route, screens) => {
    const declared = t.app.declaredRoutes.find((r) => `${r.method} ${r.url}` === route);
    expect(declared, `${route} is not registered`).toBeDefined();
    if (!declared) return;
    for (const p of PERSONAS) {
      const user = { role: p.role, duties: p.duties };
      const inMenu = screens.some((s) => canOpenScreen(user, s));
      expect(
        isRoleAllowed(declared.access, { role: p.role, duties: p.duties }),
        `${route} for ${p.label}`,
      ).toBe(inMenu);
    }
  });
});
