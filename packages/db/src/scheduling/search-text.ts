import { type SQL, sql } from 'drizzle-orm';
import { orgDocuments } from '../schema/documents.ts';
import { customers, labels, resources, timelineRecords } from '../schema/scheduling.ts';

/*
 * The search text of each kind: lower-cased fields joined by spaces, built only from immutable
 * operators so that PostgreSQL can index it. Each expression must stay identical to its index
 * in migration 0008_search.sql (a trigram GIN index on the expression), or the planner will not
 * use the index and a search reads the whole organisation.
 */

/** Resources: name, first_name, last_name, email, mobile (spec §7). Labels are matched by name apart. */
export const resourceText: SQL = sql`lower(${resources.name} || ' ' || ${resources.firstName} || ' ' || ${resources.lastName} || ' ' || coalesce(${resources.email}, '') || ' ' || coalesce(${resources.mobile}, ''))`;

/** Customers: name, first_name, last_name, email, phone. */
export const customerText: SQL = sql`lower(${customers.name} || ' ' || ${customers.firstName} || ' ' || ${customers.lastName} || ' ' || coalesce(${customers.email}, '') || ' ' || coalesce(${customers.phone}, ''))`;

/** Labels: name. */
export const labelText: SQL = sql`lower(${labels.name})`;

const d = timelineRecords.data;
/** Timeline records: id, reference, name, customer and resource names, address. */
export const timelineText: SQL = sql`lower(${timelineRecords.id} || ' ' || coalesce(${d}->>'reference', '') || ' ' || coalesce(${d}->>'name', '') || ' ' || coalesce(${d}->>'customer_first_name', '') || ' ' || coalesce(${d}->>'customer_last_name', '') || ' ' || coalesce(${d}->>'resource_first_name', '') || ' ' || coalesce(${d}->>'resource_last_name', '') || ' ' || coalesce(${d}->>'all_location', ''))`;

/** Forms (form templates in `org_documents`): name. Not indexed: a handful per organisation. */
export const formText: SQL = sql`lower(${orgDocuments.name})`;
