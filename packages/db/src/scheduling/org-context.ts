import { type DateFormat, dateFormatOf, toWallClock } from '@rostra/core/time/calendar';
import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { organisations } from '../schema/organisations.ts';

/** What the scheduling rules read from the company document. */
export type OrgContext = {
  /** `overlap_buffer_minutes` as stored (the validator rounds it and defaults it). */
  overlapBufferMinutes: unknown;
  /** Metres. */
  maxDistance: number;
  timeZone: string;
  /** How the organisation prints dates (`date_format`; the spec's default when unknown). */
  dateFormat: DateFormat;
};

export async function loadOrgContext(tx: Tx, orgId: string): Promise<OrgContext> {
  const [org] = await tx
    .select({
      overlapBufferMinutes: organisations.overlapBufferMinutes,
      maxDistance: organisations.maxDistance,
      timeZone: organisations.timeZone,
      dateFormat: organisations.dateFormat,
    })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return {
    overlapBufferMinutes: org?.overlapBufferMinutes,
    maxDistance: org?.maxDistance ?? 20_000,
    timeZone: org?.timeZone ?? 'UTC',
    dateFormat: dateFormatOf(org?.dateFormat),
  };
}

/** A real instant on the organisation's wall clock (the spec's `utc_*_plus_tz` seconds). */
export function wallClockOf(ctx: OrgContext, now: Date): number {
  return toWallClock(now.getTime(), ctx.timeZone);
}
