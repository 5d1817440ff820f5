import { findUserById } from '@rostra/db/identity/users';
import type { StoredRecord } from '@rostra/db/scheduling/mapping';
import { getTimelineRecord } from '@rostra/db/scheduling/read-timeline-records';
import { type Access, type Caller, readerOf } from '../http/access.ts';
import type { App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { notFound } from '../http/kit.ts';

/*
 * Who a caller is to a job (issue #9 contract): a dispatcher (every job of the organisation), one
 * of the job's resources (their resource is in `resIds`), the job's customer (their customer is
 * `customerId`), or someone else. Everyone reaches a job only through the readers-list rule: a
 * job they cannot read is 404, never 403, so its existence is not revealed.
 */

export type JobRole = 'dispatcher' | 'resource' | 'customer' | 'other';

const JOB = { table: 'timeline_records' } as const;

/** A job route open to dispatchers, resources and customers (each further checked per job). */
export const JOB_PEOPLE: Access = {
  kind: 'signedIn',
  roles: ['dispatcher', 'resource', 'customer'],
  record: JOB,
};
/** A job route for dispatchers and the job's resources. */
export const JOB_WORKERS: Access = { kind: 'signedIn', roles: ['dispatcher', 'resource'], record: JOB };
/** A job route for dispatchers only. */
export const JOB_DISPATCHERS: Access = { kind: 'signedIn', roles: ['dispatcher'], record: JOB };

/** The job, if the caller may read it (else 404). */
export async function readJob(app: App, caller: Caller, id: string): Promise<StoredRecord> {
  const record = await getTimelineRecord(app.deps.db.db, caller.orgId, id, readerOf(caller));
  if (!record) throw notFound();
  return record;
}

export function jobRoleOf(caller: Caller, job: StoredRecord): JobRole {
  if (caller.role === 'dispatcher') return 'dispatcher';
  if (caller.role === 'resource' && caller.resourceId && job.resIds.includes(caller.resourceId))
    return 'resource';
  if (caller.role === 'customer' && caller.customerId && job.customerId === caller.customerId)
    return 'customer';
  return 'other';
}

/** 403 unless the caller's role to the job is one of `allowed`. */
export function requireJobRole(
  caller: Caller,
  job: StoredRecord,
  allowed: readonly JobRole[],
  what: string,
): JobRole {
  const role = jobRoleOf(caller, job);
  if (!allowed.includes(role)) throw new HttpError(403, 'forbidden', `Only ${what}`);
  return role;
}

/** The name shown for the caller (their account's name, else their email's local part). */
export async function callerName(app: App, caller: Caller): Promise<string> {
  const user = await findUserById(app.deps.db.db, caller.uid);
  return user?.name?.trim() || user?.email?.split('@')[0] || '';
}

/** The app clock (moved by tests). */
export const now = (app: App): Date => app.identity.now();
