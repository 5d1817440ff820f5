import { MAX_ROLLOUT_PERIOD, rollOutRoster } from '@rostra/db/roster/roll-out-roster';
import { z } from 'zod';
import { DISPATCHERS, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { ID, SECONDS } from '../http/kit.ts';

/*
 * The master roster (spec §2, §3, §4): template items are drafts of type `roster` on the template
 * fortnight, written through the timeline-record routes. The rollout to real bookings is the
 * use-case `rollOutRoster` (@rostra/db/roster); this route bounds the period, calls, answers.
 */

export const rolloutBody = z.strictObject({
  from: SECONDS.describe('first moment of the period (wall-clock seconds)'),
  to: SECONDS.describe('end of the period, exclusive (wall-clock seconds)'),
  template_id: ID.optional().describe('only the items of this template (default: every item)'),
  dry_run: z.boolean().optional().describe('count what would be written, write nothing'),
});

const conflictOut = z.object({
  _id: z.string(),
  template_item_id: z.string(),
  utc_begin_plus_tz: z.number(),
  utc_end_plus_tz: z.number(),
  errors: z.array(z.looseObject({})),
});

export const rolloutAnswer = z.object({
  from: z.number(),
  to: z.number(),
  dry_run: z.boolean(),
  /** Template items considered. */
  items: z.number(),
  /** Bookings the period gets from them. */
  placements: z.number(),
  /** Written now: rostered + drafts (always 0 on a dry run). */
  created: z.number(),
  rostered: z.number(),
  drafts: z.number(),
  /** Placements whose booking an earlier rollout already wrote. */
  existing: z.number(),
  conflicts: z.array(conflictOut),
  issues: z.array(z.looseObject({ code: z.string(), message: z.string() })),
});

export function rosterRoutes(app: App): void {
  const db = () => app.deps.db.db;

  app.post(
    `${API}/master-roster/rollout`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['roster'],
        summary:
          'Roll the master roster out to real bookings for [from, to) in one transaction (rostered, or draft without resources when in conflict); dry_run counts only',
        body: rolloutBody,
        response: { 200: rolloutAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { from, to, template_id, dry_run = false } = request.body;
      if (to <= from) throw new HttpError(400, 'invalid_period', 'to must be after from');
      if (to - from > MAX_ROLLOUT_PERIOD) {
        throw new HttpError(400, 'invalid_period', 'A rollout covers at most 62 days');
      }
      const result = await rollOutRoster(db(), caller.orgId, {
        from,
        to,
        templateId: template_id,
        dryRun: dry_run,
        uid: caller.uid,
        now: app.identity.now(),
      });
      if (!result.ok) throw new HttpError(400, result.code, result.message);
      return result.answer;
    },
  );
}
