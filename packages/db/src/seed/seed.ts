import { STATUS_CONFIG_DEFAULTS } from '@rostra/core/settings/defaults';
import { toWallClock } from '@rostra/core/time/calendar';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { account, memberships, user } from '../schema/auth.ts';
import { orgDocuments } from '../schema/documents.ts';
import { organisations, orgSettings } from '../schema/organisations.ts';
import { calendarEvents, projectTasks } from '../schema/planning.ts';
import {
  blacklists,
  customers,
  labels,
  resources,
  servicePlans,
  shifts,
  timelineRecordResources,
  timelineRecords,
} from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { menuCaptions } from './captions-data.ts';
import { MELBOURNE, SYDNEY } from './demo-data.ts';
import { DEMO_PASSWORD, DEMO_USERS, HARBOUR_CARE, METRO_MOVERS } from './demo-users.ts';
import {
  DIRECTORY_MENU,
  directoryDocuments,
  directoryPlanning,
  directoryWorkflows,
} from './directory-data.ts';
import { exceptionRuleSettings } from './exception-rules.ts';
import { generateOrg, type OrgPlan } from './generate.ts';
import { OPERATIONS_MENU, operationsDocuments } from './operations-data.ts';

export const DEMO_ORGS: readonly OrgPlan[] = [
  {
    id: HARBOUR_CARE,
    name: 'Harbour Care',
    slug: 'harbour-care',
    timeZone: 'Australia/Sydney',
    kind: 'care',
    seed: 20_260_101,
    places: SYDNEY,
    emailDomain: 'harbourcare.test',
    resources: 60,
    customers: 40,
    bookings: 400,
  },
  {
    id: METRO_MOVERS,
    name: 'Metro Movers',
    slug: 'metro-movers',
    timeZone: 'Australia/Melbourne',
    kind: 'moving',
    seed: 20_260_202,
    places: MELBOURNE,
    emailDomain: 'metromovers.test',
    resources: 15,
    customers: 20,
    bookings: 60,
  },
];

export type SeedOptions = {
  /** The real instant the demo is built around (epoch ms). */
  nowMs: number;
  /** The identity library's password hasher, so demo users sign in like everyone else. */
  hashPassword: (password: string) => Promise<string>;
  onProgress?: (message: string) => void;
};

/** True when the demo organisations are already there (the seed runs on first start only). */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, HARBOUR_CARE));
  return rows.length > 0;
}

/**
 * Seeds the demo organisations and users unless they exist. Each organisation is written in one
 * transaction, so an interrupted seed leaves either a whole organisation or none of it.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<{ seeded: boolean }> {
  const say = options.onProgress ?? (() => {});
  if (await isSeeded(db)) {
    say('Demo data already present: not seeding again.');
    return { seeded: false };
  }
  say('Seeding demo users…');
  const hash = await options.hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ email: user.email })
      .from(user)
      .where(
        inArray(
          user.email,
          DEMO_USERS.map((u) => u.email),
        ),
      );
    const have = new Set(existing.map((e) => e.email));
    const fresh = DEMO_USERS.filter((u) => !have.has(u.email));
    if (fresh.length === 0) return;
    await tx.insert(user).values(
      fresh.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        emailVerified: true,
        phoneNumber: u.phone,
        phoneNumberVerified: true,
      })),
    );
    await tx.insert(account).values(
      fresh.map((u) => ({
        id: `acct-${u.id}`,
        accountId: u.id,
        providerId: 'credential',
        userId: u.id,
        password: hash,
      })),
    );
  });

  for (const plan of DEMO_ORGS) {
    const now = toWallClock(options.nowMs, plan.timeZone);
    const data = generateOrg(plan, now, DEMO_USERS);
    await db.transaction(async (tx) => {
      await tx.insert(organisations).values({
        id: plan.id,
        name: plan.name,
        slug: plan.slug,
        timeZone: plan.timeZone,
        gstValue: 10,
        careplanType: plan.kind === 'care' ? ['Home Care Package', 'NDIS', 'Private'] : [],
        docStatuses: { draft: 1, sent: 2, paid: { order: 3, secondary_label: 'settled' } },
      });
    });
    await withOrg(db, plan.id, async (tx) => {
      const step = async (label: string, rows: unknown[], write: (chunk: never[]) => Promise<unknown>) => {
        for (let i = 0; i < rows.length; i += 250) {
          await write(rows.slice(i, i + 250) as never[]);
          say(`Seeding ${plan.name}: ${label} ${Math.min(i + 250, rows.length)}/${rows.length}`);
        }
      };
      await writeSettings(tx, plan);
      await tx.insert(orgSettings).values(exceptionRuleSettings(plan.id));
      await step('labels', data.labels, (c) => tx.insert(labels).values(c));
      await step('resources', data.resources, (c) => tx.insert(resources).values(c));
      await step('customers', data.customers, (c) => tx.insert(customers).values(c));
      await step('shifts', data.shifts, (c) => tx.insert(shifts).values(c));
      await step('timeline records', data.records, (c) =>
        tx.insert(timelineRecords).values(c as typeof data.records),
      );
      const links = data.records.flatMap((r) =>
        r.resIds.map((resourceId, position) => ({
          orgId: plan.id,
          recordId: r.id as string,
          resourceId,
          position,
        })),
      );
      await step('assignments', links, (c) => tx.insert(timelineRecordResources).values(c));
      await step('blacklists', data.blacklists, (c) => tx.insert(blacklists).values(c));
      await step('service plans', data.servicePlans, (c) => tx.insert(servicePlans).values(c));
      await step('operations documents', operationsDocuments(plan, data, now), (c) =>
        tx.insert(orgDocuments).values(c),
      );
      const planning = directoryPlanning(plan, data, now);
      await step('announcements', directoryDocuments(plan), (c) => tx.insert(orgDocuments).values(c));
      await step('project tasks', planning.tasks, (c) => tx.insert(projectTasks).values(c));
      await step('calendar events', planning.events, (c) => tx.insert(calendarEvents).values(c));
    });
    const members = DEMO_USERS.flatMap((u) =>
      u.memberships
        .filter((m) => m.orgId === plan.id)
        .map((m) => ({
          id: `mem-${u.id}-${plan.id}-${m.role}`,
          organizationId: plan.id,
          userId: u.id,
          role: m.role,
          duties: m.duties ?? [],
          resourceId: m.resourceIndex === undefined ? null : (data.resources[m.resourceIndex]?.id ?? null),
          customerId: m.customerIndex === undefined ? null : (data.customers[m.customerIndex]?.id ?? null),
        })),
    );
    if (members.length) await db.insert(memberships).values(members);
    say(
      `Seeded ${plan.name}: ${data.resources.length} resources, ${data.customers.length} customers, ${data.records.length} timeline records.`,
    );
  }
  return { seeded: true };
}

/** The demo organisations show more of the product than a new organisation's defaults do. */
async function writeSettings(tx: Tx, plan: OrgPlan): Promise<void> {
  const menu: Record<string, boolean> = {
    home: true,
    timeline: true,
    customers: true,
    resources: true,
    bookings: true,
    reports: true,
    calendar: true,
    masterroster: true,
    shifts: true,
    board: true,
    job_board: true,
    bid_board: true,
    rostered_board: true,
    analytics: true,
    settings: true,
    uploads: true,
    groupevents: plan.kind === 'care',
    timesheets: true,
    quotes: true,
    invoices: true,
    maps: true,
    ...OPERATIONS_MENU,
    ...DIRECTORY_MENU,
  };
  const rows = [
    { key: 'menu', value: menu },
    { key: 'display', value: {} },
    { key: 'captions', value: menuCaptions() },
    { key: 'job_status_config', value: { statusConfig: STATUS_CONFIG_DEFAULTS } },
    { key: 'workflows', value: directoryWorkflows(plan) },
  ];
  await tx.insert(orgSettings).values(rows.map((r) => ({ orgId: plan.id, role: '', ...r })));
}
