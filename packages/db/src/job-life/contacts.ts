import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { customers, resources } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/*
 * The people of a job and their numbers, for the chat feed's buttons (shell spec §6): `tel:`
 * links come from the records (a resource's mobile, else phone; the customer's phone).
 */

export type JobPeople = {
  customer: { _id: string; name: string; phone: string | null } | null;
  resources: { _id: string; name: string; phone: string | null; rate_hr: number | null }[];
};

const phoneOf = (...values: (string | null | undefined)[]) =>
  values.find((v) => typeof v === 'string' && v.trim() !== '')?.trim() ?? null;

export async function jobPeople(
  db: Db,
  orgId: string,
  resIds: readonly string[],
  customerId: string | null | undefined,
): Promise<JobPeople> {
  return withOrg(db, orgId, async (tx) => {
    const res = resIds.length
      ? await tx
          .select({
            id: resources.id,
            name: resources.name,
            mobile: resources.mobile,
            phone: resources.phone,
            data: resources.data,
          })
          .from(resources)
          .where(and(eq(resources.orgId, orgId), inArray(resources.id, [...resIds])))
      : [];
    const [cus] = customerId
      ? await tx
          .select({ id: customers.id, name: customers.name, phone: customers.phone, data: customers.data })
          .from(customers)
          .where(and(eq(customers.orgId, orgId), eq(customers.id, customerId)))
      : [];
    const byId = new Map(res.map((r) => [r.id, r]));
    return {
      customer: cus
        ? { _id: cus.id, name: cus.name, phone: phoneOf(cus.phone, cus.data.mobile as string | undefined) }
        : null,
      resources: resIds.flatMap((id) => {
        const r = byId.get(id);
        if (!r) return [];
        const rate = r.data.rate_hr;
        return [
          {
            _id: r.id,
            name: r.name,
            phone: phoneOf(r.mobile, r.phone),
            rate_hr: typeof rate === 'number' && Number.isFinite(rate) ? rate : null,
          },
        ];
      }),
    };
  });
}
