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
import {
  type CatalogueListQuery,
  customerListWhere,
  type LabelListQuery,
  labelListWhere,
  resourceListWhere,
  type ServicePlanListQuery,
  servicePlanListWhere,
} from '@rostra/db/scheduling/list-filters';
import { CUSTOMERS, LABELS, RESOURCES, SERVICE_PLANS } from '@rostra/db/scheduling/record-kinds';
import { withWeightageCost } from '@rostra/db/scheduling/resource-costs';
import { z } from 'zod';
import { CATALOGUE_READERS, type Caller, DISPATCHERS } from '../http/access.ts';
import type { App } from '../http/api.ts';
import { queryBoolean, SECONDS } from '../http/kit.ts';
import { recordRoutes } from './record-routes.ts';

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
    where: (q) => labelListWhere(q as LabelListQuery),
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
    where: async (q, caller) =>
      resourceListWhere(q as CatalogueListQuery, (await masterFilter(app, caller)).resources),
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
    where: async (q, caller) =>
      customerListWhere(q as CatalogueListQuery, (await masterFilter(app, caller)).customers),
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
    where: (q) => servicePlanListWhere(q as ServicePlanListQuery),
  });
}
