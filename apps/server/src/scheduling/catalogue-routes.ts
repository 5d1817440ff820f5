import { createCustomerBody, customerRecord, updateCustomerBody } from '@rostra/core/api/customers';
import { createLabelBody, labelFilters, labelRecord, updateLabelBody } from '@rostra/core/api/labels';
import { createResourceBody, resourceRecord, updateResourceBody } from '@rostra/core/api/resources';
import {
  createServicePlanBody,
  SERVICE_PLAN_UPDATE_TYPES,
  servicePlanRecord,
  updateServicePlanBody,
} from '@rostra/core/api/service-plans';
import { type MasterLabelFilters, masterLabelFilters } from '@rostra/db/scheduling/dispatcher-master-labels';
import { CUSTOMERS, LABELS, RESOURCES, SERVICE_PLANS } from '@rostra/db/scheduling/record-kinds';
import { withWeightageCost } from '@rostra/db/scheduling/resource-costs';
import { customers, labels, resources, servicePlans } from '@rostra/db/schema/scheduling';
import { eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { CATALOGUE_READERS, type Caller, DISPATCHERS } from '../http/access.ts';
import type { App } from '../http/api.ts';
import { queryBoolean, SECONDS } from '../http/kit.ts';
import { recordRoutes } from './record-routes.ts';

type Query = Record<string, unknown>;

const since = (v: unknown) => (typeof v === 'number' ? new Date(v * 1000) : undefined);

/** The dispatcher's published master labels narrow their lists (spec §5, §6). */
async function masterFilter(app: App, caller: Caller): Promise<MasterLabelFilters> {
  return caller.role === 'dispatcher' ? masterLabelFilters(app.deps.db.db, caller.orgId, caller.uid) : {};
}

/** Labels, resources, customers and service plans: the organisation's catalogue (spec §3). */
export function catalogueRoutes(app: App): void {
  recordRoutes(app, {
    path: '/labels',
    tag: 'records',
    noun: 'label',
    kind: LABELS,
    record: { table: 'labels' },
    read: CATALOGUE_READERS,
    write: DISPATCHERS,
    createBody: createLabelBody,
    updateBody: updateLabelBody,
    response: labelRecord,
    filters: labelFilters,
    where: (q: Query) => [
      q.type === undefined ? undefined : eq(labels.type, q.type as string),
      q.inactive === undefined ? undefined : eq(labels.inactive, q.inactive as boolean),
    ],
  });

  recordRoutes(app, {
    path: '/resources',
    tag: 'records',
    noun: 'resource',
    kind: RESOURCES,
    record: { table: 'resources' },
    read: CATALOGUE_READERS,
    write: DISPATCHERS,
    createBody: createResourceBody,
    updateBody: updateResourceBody,
    response: resourceRecord,
    filters: {
      inactive: queryBoolean.optional(),
      external: queryBoolean.optional(),
      updated_after: z.coerce.number().pipe(SECONDS).optional().describe('epoch seconds'),
    },
    // Promoted dispatchers are dispatchers, not resources to schedule: never in a resource list.
    where: async (q: Query, caller) => [
      eq(resources.promotedDispatcher, false),
      q.inactive === undefined ? undefined : eq(resources.inactive, q.inactive as boolean),
      q.external === undefined ? undefined : eq(resources.external, q.external as boolean),
      since(q.updated_after) ? gt(resources.updatedAt, since(q.updated_after) as Date) : undefined,
      (await masterFilter(app, caller)).resources,
    ],
    decorate: async (orgId, records) => {
      const costed = await withWeightageCost(app.deps.db.db, orgId, records);
      return { records: costed.records, extra: { maxCost: costed.maxCost, minCost: costed.minCost } };
    },
  });

  recordRoutes(app, {
    path: '/customers',
    tag: 'records',
    noun: 'customer',
    kind: CUSTOMERS,
    record: { table: 'customers' },
    read: CATALOGUE_READERS,
    write: DISPATCHERS,
    createBody: createCustomerBody,
    updateBody: updateCustomerBody,
    response: customerRecord,
    filters: {
      inactive: queryBoolean.optional(),
      updated_after: z.coerce.number().pipe(SECONDS).optional().describe('epoch seconds'),
    },
    where: async (q: Query, caller) => [
      q.inactive === undefined ? undefined : eq(customers.inactive, q.inactive as boolean),
      since(q.updated_after) ? gt(customers.updatedAt, since(q.updated_after) as Date) : undefined,
      (await masterFilter(app, caller)).customers,
    ],
  });

  recordRoutes(app, {
    path: '/service-plans',
    tag: 'records',
    noun: 'service plan',
    kind: SERVICE_PLANS,
    record: { table: 'service_plans', idColumn: 'visit_stem_id' },
    read: DISPATCHERS,
    write: DISPATCHERS,
    createBody: createServicePlanBody,
    updateBody: updateServicePlanBody,
    response: servicePlanRecord,
    filters: {
      UpdateType: z.enum(SERVICE_PLAN_UPDATE_TYPES).optional(),
      updated_after: z.coerce.number().pipe(SECONDS).optional().describe('epoch seconds'),
    },
    where: (q: Query) => [
      q.UpdateType === undefined ? undefined : eq(servicePlans.updateType, q.UpdateType as string),
      since(q.updated_after) ? gt(servicePlans.updatedAt, since(q.updated_after) as Date) : undefined,
    ],
  });
}
