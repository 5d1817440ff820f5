/** The demo sign-ins printed at start. All share one password. */
export const DEMO_PASSWORD = 'demo1234';

export type DemoMembership = {
  orgId: string;
  role: 'dispatcher' | 'scheduler' | 'resource' | 'customer';
  duties?: string[];
  /** Index into the organisation's generated resources / customers (linked record). */
  resourceIndex?: number;
  customerIndex?: number;
};

export type DemoUser = {
  id: string;
  email: string;
  name: string;
  phone: string;
  memberships: DemoMembership[];
};

export const HARBOUR_CARE = 'harbour-care';
export const METRO_MOVERS = 'metro-movers';

export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: 'user-hc-dispatcher',
    email: 'dispatcher@harbourcare.test',
    name: 'Dana Dispatcher',
    phone: '+61400000001',
    memberships: [{ orgId: HARBOUR_CARE, role: 'dispatcher' }],
  },
  {
    id: 'user-hc-scheduler',
    email: 'scheduler@harbourcare.test',
    name: 'Sam Scheduler',
    phone: '+61400000002',
    memberships: [{ orgId: HARBOUR_CARE, role: 'scheduler' }],
  },
  {
    id: 'user-hc-resource',
    email: 'resource@harbourcare.test',
    name: 'Olivia Smith',
    phone: '+61400000003',
    memberships: [{ orgId: HARBOUR_CARE, role: 'resource', resourceIndex: 0 }],
  },
  {
    id: 'user-hc-customer',
    email: 'customer@harbourcare.test',
    name: 'Connie Customer',
    phone: '+61400000004',
    memberships: [{ orgId: HARBOUR_CARE, role: 'customer', customerIndex: 0 }],
  },
  {
    id: 'user-hc-partner',
    email: 'partner@harbourcare.test',
    name: 'Pat Partner',
    phone: '+61400000005',
    memberships: [{ orgId: HARBOUR_CARE, role: 'resource', duties: ['partner'], resourceIndex: 1 }],
  },
  {
    id: 'user-multi',
    email: 'multi@rostra.test',
    name: 'Morgan Multi',
    phone: '+61400000006',
    memberships: [
      { orgId: HARBOUR_CARE, role: 'dispatcher' },
      { orgId: METRO_MOVERS, role: 'customer', customerIndex: 0 },
    ],
  },
];
