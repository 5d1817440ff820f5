import { MAX_ROLLOUT_DAYS, rolloutAnswer, rolloutBody } from '@rostra/core/api/roster';
import { rollOutRoster } from '@rostra/db/roster/roll-out-roster';
import { DISPATCHERS, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';

/*
 * The master roster (spec §2, §3, §4): template items are drafts of type `roster` on the template
 * fortnight, written through the timeline-record routes. The rollout to real bookings is the
 * use-case `rollOutRoster` (@rostra/db/roster); this route bounds the period, calls, answers, with
 * the schemas of `@rostra/core/api/roster`.
 */

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
      if (to - from > MAX_ROLLOUT_DAYS * 86_400) {
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
