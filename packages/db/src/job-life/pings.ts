import { randomUUID } from 'node:crypto';
import type { PingKind } from '@rostra/core/api/job-life';
import { type PingPlace, pingPlace } from '@rostra/core/job-life/geo';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { jobPings } from '../schema/job-life.ts';
import { organisations } from '../schema/organisations.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { jobEvent, lockJob } from './job.ts';

/*
 * A resource's position on a job (issue #9 point 3): at start, at finish, or on demand. Whether it
 * was inside the company's geofence and near the job's address is the core's `pingPlace`.
 */

export type Ping = {
  _id: string;
  client_id: string;
  kind: PingKind;
  resource_id: string | null;
  uid: string;
  lat: number;
  lng: number;
  accuracy: number | null;
  at: number;
};

const toPing = (r: typeof jobPings.$inferSelect): Ping => ({
  _id: r.id,
  client_id: r.clientId,
  kind: r.kind,
  resource_id: r.resourceId,
  uid: r.uid,
  lat: r.lat,
  lng: r.lng,
  accuracy: r.accuracy,
  at: r.at,
});

/** A job's pings, oldest first, each with where it was. */
export async function listPings(db: Db, orgId: string, jobId: string): Promise<(Ping & PingPlace)[]> {
  return withOrg(db, orgId, async (tx) => {
    const rows = await tx
      .select()
      .from(jobPings)
      .where(and(eq(jobPings.orgId, orgId), eq(jobPings.jobId, jobId)))
      .orderBy(asc(jobPings.at), asc(jobPings.id));
    const [org] = await tx
      .select({ geofence: organisations.geofence, maxDistance: organisations.maxDistance })
      .from(organisations)
      .where(eq(organisations.id, orgId));
    const [job] = await tx
      .select({ lat: timelineRecords.lat, lng: timelineRecords.lng })
      .from(timelineRecords)
      .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, jobId)));
    const where = job && job.lat !== null && job.lng !== null ? { lat: job.lat, lng: job.lng } : null;
    return rows.map((r) => ({
      ...toPing(r),
      ...pingPlace({ lat: r.lat, lng: r.lng }, org?.geofence, where, org?.maxDistance ?? 20_000),
    }));
  });
}

/** Records a ping (idempotent by `client_id`). */
export async function addPing(
  db: Db,
  orgId: string,
  input: {
    jobId: string;
    clientId: string;
    kind: PingKind;
    resourceId: string | null;
    uid: string;
    lat: number;
    lng: number;
    accuracy?: number | undefined;
    now: Date;
  },
): Promise<{ ping: Ping; created: boolean } | undefined> {
  return withOrg(db, orgId, async (tx) => {
    const job = await lockJob(tx, orgId, input.jobId);
    if (!job) return undefined;
    const [existing] = await tx
      .select()
      .from(jobPings)
      .where(
        and(eq(jobPings.orgId, orgId), eq(jobPings.jobId, job.id), eq(jobPings.clientId, input.clientId)),
      );
    if (existing) return { ping: toPing(existing), created: false };
    const [row] = await tx
      .insert(jobPings)
      .values({
        orgId,
        id: randomUUID(),
        jobId: job.id,
        clientId: input.clientId,
        kind: input.kind,
        resourceId: input.resourceId,
        uid: input.uid,
        lat: input.lat,
        lng: input.lng,
        accuracy: input.accuracy ?? null,
        at: input.now.getTime(),
      })
      .returning();
    if (!row) throw new Error('ping insert returned nothing');
    const ping = toPing(row);
    await appendLiveEvents(tx, orgId, [jobEvent(job, 'ping', { ping })]);
    return { ping, created: true };
  });
}
