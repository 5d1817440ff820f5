import type { Blacklist } from '@rostra/core/records/blacklist';
import type { Customer } from '@rostra/core/records/customer';
import type { ServicePlan } from '@rostra/core/records/service-plan';
import { type SQL, sql } from 'drizzle-orm';
import { fromJsonRows } from '../json-rows.ts';
import { blacklists, customers, servicePlans } from '../schema/scheduling.ts';
import { toBlacklist, toCustomer, toServicePlan } from './mapping.ts';

/*
 * The customer side of an allocation scenario — the customers, their blacklists and the service
 * plans of the jobs' visit stems — read as three JSON columns of one statement (one round trip),
 * by whole allocations (`scenarioFor`) and by the candidate panel (`loadCandidates`) alike.
 */

export type CustomerPart = { customers: Customer[]; blacklists: Blacklist[]; servicePlans: ServicePlan[] };

/**
 * The select-list columns `customers`, `blacklists` and `plans`. `customerIs` and `stemIs`
 * complete a condition on the customer id and on the plan's visit stem id (e.g. sql`= j.customer_id`
 * or sql`in ('c1', 'c2')`); either may be sql`is null` to read none.
 */
export function customerPartColumns(orgId: string, customerIs: SQL, stemIs: SQL): SQL {
  return sql`
    (select coalesce(json_agg(c), '[]') from customers c where c.org_id = ${orgId} and c.id ${customerIs}) as customers,
    (select coalesce(json_agg(b), '[]') from blacklists b where b.org_id = ${orgId} and b.customer_id ${customerIs}) as blacklists,
    (select coalesce(json_agg(p), '[]') from service_plans p where p.org_id = ${orgId} and p.visit_stem_id ${stemIs}) as plans`;
}

export type CustomerPartRow = { customers: unknown; blacklists: unknown; plans: unknown };

export function toCustomerPart(row: CustomerPartRow | undefined): CustomerPart {
  type Json = Record<string, unknown>[] | string | null;
  return {
    customers: fromJsonRows(customers, row?.customers as Json).map(toCustomer),
    blacklists: fromJsonRows(blacklists, row?.blacklists as Json).map(toBlacklist),
    servicePlans: fromJsonRows(servicePlans, row?.plans as Json).map(toServicePlan),
  };
}

/** sql`in (…)` over a list of ids, or sql`is null` (matches nothing: ids are never null) when empty. */
export function inList(ids: readonly string[]): SQL {
  return ids.length
    ? sql`in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`is null`;
}
