import { z } from 'zod';

/**
 * Building blocks shared by the record schemas. Seed-system records often carry `null` where a
 * value is simply not set, so optional fields accept `null` as well as absence (`nullish`).
 */

/** A point in degrees: `lat` −90…90, `lng` −180…180. */
export const geoPointSchema = z.looseObject({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type GeoPoint = z.infer<typeof geoPointSchema>;

/** A list of ids or names (labels, resources, customers). */
export const idListSchema = z.array(z.string());

/** A day flag of a shift; seed data writes `true`/`false` or `1`/`0`. Truthy means "works that day". */
export const dayFlagSchema = z.union([z.boolean(), z.number()], { error: 'expected a boolean or a number' });
