import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import { calendarEvents, quickViews } from '../schema/planning.ts';
import { customers, labels, resources, servicePlans } from '../schema/scheduling.ts';

/*
 * The list filters of the catalogue and planning records (`GET /labels?type=…` and the like), as
 * the conditions `listRecords` takes: the routes parse the query string and hand the values here,
 * so no query is written in a route.
 */

type Where = (SQL | undefined)[];

/** `updated_after` (epoch seconds) as the time it names. */
const since = (seconds: number | undefined) => (seconds === undefined ? undefined : new Date(seconds * 1000));

/** Filters of `GET /labels`. */
export type LabelListQuery = { type?: string | undefined; inactive?: boolean | undefined };

export function labelListWhere(q: LabelListQuery): Where {
  return [
    q.type === undefined ? undefined : eq(labels.type, q.type),
    q.inactive === undefined ? undefined : eq(labels.inactive, q.inactive),
  ];
}

/** Filters of `GET /resources` and `GET /customers`. */
export type CatalogueListQuery = {
  inactive?: boolean | undefined;
  external?: boolean | undefined;
  updated_after?: number | undefined;
};

/**
 * `GET /resources`: promoted dispatchers are dispatchers, not resources to schedule, so never in
 * the list; `narrow` is the dispatcher's master labels filter.
 */
export function resourceListWhere(q: CatalogueListQuery, narrow?: SQL): Where {
  const after = since(q.updated_after);
  return [
    eq(resources.promotedDispatcher, false),
    q.inactive === undefined ? undefined : eq(resources.inactive, q.inactive),
    q.external === undefined ? undefined : eq(resources.external, q.external),
    after ? gt(resources.updatedAt, after) : undefined,
    narrow,
  ];
}

/** `GET /customers`; `narrow` is the dispatcher's master labels filter. */
export function customerListWhere(q: CatalogueListQuery, narrow?: SQL): Where {
  const after = since(q.updated_after);
  return [
    q.inactive === undefined ? undefined : eq(customers.inactive, q.inactive),
    after ? gt(customers.updatedAt, after) : undefined,
    narrow,
  ];
}

/** Filters of `GET /service-plans`. */
export type ServicePlanListQuery = { UpdateType?: string | undefined; updated_after?: number | undefined };

export function servicePlanListWhere(q: ServicePlanListQuery): Where {
  const after = since(q.updated_after);
  return [
    q.UpdateType === undefined ? undefined : eq(servicePlans.updateType, q.UpdateType),
    after ? gt(servicePlans.updatedAt, after) : undefined,
  ];
}

/** `GET /quick-views`: the caller's own views (spec §7: by uid, cus_view false unless asked). */
export function quickViewListWhere(uid: string, cusView: boolean | undefined): Where {
  return [and(eq(quickViews.uid, uid), eq(quickViews.cusView, cusView ?? false))];
}

/** `GET /calendar-events?type=`: events of that type only (the type is a field of the event's data). */
export function calendarEventListWhere(type: string | undefined): Where {
  return [type === undefined ? undefined : sql`${calendarEvents.data}->>'type' = ${type}`];
}
