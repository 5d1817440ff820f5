import type { JobContext } from './job-context.ts';
import { type GeoTerms, haversineKm, type ResolvedConfig, type TravelStop } from './scenario-index.ts';

/**
 * Rostra's travel time rule (issue 20 point 3d): between two consecutive counted jobs of a
 * resource that both have a place, the gap must allow the straight-line distance × the road
 * factor ÷ the average speed, rounded up to whole minutes.
 */

/** Rostra's travel part of the score (`TRAVEL_TIME_NOT_CHECK: false`): per minute from the previous job. */
export const PENALTY_TRAVEL_MINUTE = -1;

/** Whole minutes to travel `km` straight-line kilometres under the organisation's settings. */
export function travelMinutes(km: number, config: Pick<ResolvedConfig, 'roadFactor' | 'speedKmh'>): number {
  return Math.ceil((km * config.roadFactor * 60) / config.speedKmh);
}

/** Travel minutes between two places. */
export function travelMinutesBetween(
  a: GeoTerms,
  b: GeoTerms,
  config: Pick<ResolvedConfig, 'roadFactor' | 'speedKmh'>,
): number {
  const km = haversineKm(
    a.sinHalfLat,
    a.cosHalfLat,
    a.sinHalfLng,
    a.cosHalfLng,
    a.cosLat,
    b.sinHalfLat,
    b.cosHalfLat,
    b.sinHalfLng,
    b.cosHalfLng,
    b.cosLat,
  );
  return travelMinutes(km, config);
}

/** Resource r's previous and next counted jobs around the job (without the job's own copy). */
export function neighbours(
  ctx: JobContext,
  r: number,
): { prev: TravelStop | undefined; next: TravelStop | undefined } {
  let prev: TravelStop | undefined;
  let next: TravelStop | undefined;
  const stops = ctx.ix.stops?.[r];
  if (stops === undefined) return { prev, next };
  for (const s of stops) {
    if (s.ord >= 0 && ctx.own.includes(s.ord)) continue;
    // The latest end at or before the job begins; the earliest begin at or after it ends (ties: the first).
    if (s.end <= ctx.begin) {
      if (prev === undefined || s.end > prev.end) prev = s;
    } else if (s.begin >= ctx.end && (next === undefined || s.begin < next.begin)) next = s;
  }
  return { prev, next };
}

/**
 * The travel the job leaves too little time for on resource r: from its previous counted job
 * (first), or to its next one, with the minutes needed; undefined when the gaps suffice or a place
 * is missing. Linear in the resource's jobs: the rule is off by default and for the benchmark.
 */
export function travelClash(
  ctx: JobContext,
  r: number,
): { other: TravelStop; minutes: number; after: boolean } | undefined {
  const g = ctx.geo;
  if (g === undefined || ctx.ix.stops === undefined) return undefined;
  const { prev, next } = neighbours(ctx, r);
  const config = ctx.ix.config;
  // The gaps are real time in the organisation's zone (a change night's hour counts as it passes).
  if (prev?.geo) {
    const minutes = travelMinutesBetween(prev.geo, g, config);
    if (ctx.ix.duration(prev.end, ctx.begin) < minutes * 60) return { other: prev, minutes, after: false };
  }
  if (next?.geo) {
    const minutes = travelMinutesBetween(g, next.geo, config);
    if (ctx.ix.duration(ctx.end, next.begin) < minutes * 60) return { other: next, minutes, after: true };
  }
  return undefined;
}

/**
 * The score's travel part for resource r: −1 per travel minute from its previous counted job to
 * the job (0 without a previous job, a place on either side, or while the rule is off). Small
 * beside the contract's parts: an hour's drive weighs 60, one preferred place 100,000.
 */
export function travelPart(ctx: JobContext, r: number): number {
  const g = ctx.geo;
  if (g === undefined || ctx.ix.stops === undefined) return 0;
  const prev = neighbours(ctx, r).prev;
  if (prev?.geo === undefined) return 0;
  const minutes = travelMinutesBetween(prev.geo, g, ctx.ix.config);
  return minutes === 0 ? 0 : PENALTY_TRAVEL_MINUTE * minutes;
}
