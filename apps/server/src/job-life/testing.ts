import { randomUUID } from 'node:crypto';
import { call, H, MONDAY, ok, type Personas } from '../scheduling/testing.ts';
import type { TestApp } from '../testing/app.ts';

/*
 * Fixtures of the job-life integration tests, over the scheduling personas: a dispatcher, resource
 * users r1 (Ann Lee) and r2 (Bob Ray), customer user c1 (Ada Lovelace).
 */

let n = 0;

/** A booking of r1 (and any others given) for customer c1; returns its id. */
export async function jobFor(t: TestApp, p: Personas, over: Record<string, unknown> = {}): Promise<string> {
  n++;
  const day = MONDAY + n * 86_400;
  const res = await call(t, p.dispatcher, 'POST', '/timeline-records', {
    _id: `job-${p.orgId}-${n}`,
    status: 'confirmed',
    customerId: 'c1',
    resIds: ['r1'],
    reference: `JOB-${n}`,
    utc_begin_plus_tz: day + 9 * H,
    utc_end_plus_tz: day + 10 * H,
    ...over,
  });
  return ok(res, 201)._id as string;
}

export const uuid = () => randomUUID();
