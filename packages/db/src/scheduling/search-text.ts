import { type SQL, sql } from 'drizzle-orm';
import { orgDocuments } from '../schema/documents.ts';
import { customers, labels, resources, timelineRecords } from '../schema/scheduling.ts';

/*
 * The search text of each kind: lower-cased fields joined by spaces. For timeline records,
 * resources and customers it is a stored generated column (migration 0013: computed once per
 * write, trigram-indexed), so a search never rebuilds it from the row; labels and forms are
 * short enough to lower() on the fly.
 */

/**
 * Resources: name, first_name, last_name, email, mobile (spec §7). Labels are matched by name apart.
 * The stored generated column `resources.search_text` of migration 0013.
 */
export const resourceText: SQL = sql`${resources}.search_text`;

/** Customers: name, first_name, last_name, email, phone (`customers.search_text`, 0013). */
export const customerText: SQL = sql`${customers}.search_text`;

/** Labels: name. */
export const labelText: SQL = sql`lower(${labels.name})`;

/**
 * Timeline records: id, reference, name, customer and resource names, address
 * (`timeline_records.search_text`, 0013).
 */
export const timelineText: SQL = sql`${timelineRecords}.search_text`;

/** Forms (form templates in `org_documents`): name. Not indexed: a handful per organisation. */
export const formText: SQL = sql`lower(${orgDocuments.name})`;
