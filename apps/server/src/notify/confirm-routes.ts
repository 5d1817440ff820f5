import {
  confirmLinkAnswer,
  decisionAnswer,
  decisionBody,
  myConfirmations,
} from '@rostra/core/notifications/confirm';
import { bookingTitle } from '@rostra/core/records/booking-rules';
import { dateFormatOf, formatDateTime } from '@rostra/core/time/calendar';
import { getCompany } from '@rostra/db/identity/company';
import { findUserById } from '@rostra/db/identity/users';
import {
  confirmationByLink,
  confirmationOf,
  decideConfirmation,
  listConfirmations,
  notifyDecline,
  pendingConfirmationsOf,
} from '@rostra/db/notifications/confirmations';
import { getTimelineRecord } from '@rostra/db/scheduling/read-timeline-records';
import { updateTimelineRecord } from '@rostra/db/scheduling/save-timeline-record';
import { z } from 'zod';
import { type Access, MEMBERS, PUBLIC, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { idParams, notFound } from '../http/kit.ts';
import { JOB_DISPATCHERS, now, readJob, requireJobRole } from '../job-life/job-access.ts';
import { LINK_TEXT, linkKey, readLink } from './confirm-link.ts';

/*
 * Confirm or decline (issue #19 point 3, the server half): from the signed single-use link of a
 * mail or SMS (no sign-in: the link is the proof), or in the app. A decline takes the worker off
 * the job (back to Unassigned when they were its only one) and tells the dispatchers why.
 */

const tokenParams = z.strictObject({ token: z.string().min(1).max(1000) });

/** The job's own workers only: a dispatcher answers for nobody. */
const JOB_OWN_WORKER: Access = {
  kind: 'signedIn',
  roles: ['resource'],
  record: { table: 'timeline_records' },
};

export function confirmRoutes(app: App): void {
  const db = () => app.deps.db.db;
  const ALL = (uid: string) => ({ uid, seesAll: true });

  /** Records the answer; a decline takes the worker off the job and tells the dispatchers. */
  const answer = async (
    orgId: string,
    c: { recordId: string; resourceId: string; linkId: string; uid: string },
    body: z.infer<typeof decisionBody>,
    via: 'link' | 'app',
    refused: HttpError,
  ) => {
    const state = body.decision === 'confirm' ? 'confirmed' : 'declined';
    const reason = body.reason?.trim() || null;
    const at = now(app);
    if (
      !(await decideConfirmation(
        db(),
        orgId,
        { recordId: c.recordId, resourceId: c.resourceId, linkId: c.linkId, state, reason, via },
        at,
      ))
    )
      throw refused;
    if (state === 'declined') {
      const job = await getTimelineRecord(db(), orgId, c.recordId, ALL(c.uid));
      if (job?.resIds.includes(c.resourceId)) {
        const resIds = job.resIds.filter((r) => r !== c.resourceId);
        await updateTimelineRecord(
          db(),
          orgId,
          job._id,
          { resIds, resourceId: resIds[0] ?? null },
          undefined,
          // Their own change: not a roster draft, and not told to them.
          { uid: c.uid, now: at, byWorker: c.resourceId },
        );
      }
      const user = await findUserById(db(), c.uid);
      await notifyDecline(
        db(),
        orgId,
        {
          recordId: c.recordId,
          who: user?.name?.trim() || 'A worker',
          job: job ? bookingTitle(job) : c.recordId,
          reason,
        },
        at,
      );
    }
    return { state } as const;
  };

  /** The link's request and its job, or the clear refusal the link page shows. */
  const link = async (token: string) => {
    const claims = readLink(await linkKey(db()), token);
    if (!claims) throw new HttpError(404, 'link_invalid', LINK_TEXT.invalid);
    // Signed by us but no longer current: answered and gone, or asked again since.
    const row = await confirmationByLink(db(), claims.orgId, claims.linkId);
    if (!row) throw new HttpError(409, 'link_used', LINK_TEXT.used);
    if (now(app).getTime() >= row.expiresAt.getTime())
      throw new HttpError(410, 'link_expired', LINK_TEXT.expired);
    if (row.state !== 'pending') throw new HttpError(409, 'link_used', LINK_TEXT.used);
    const job = await getTimelineRecord(db(), claims.orgId, row.recordId, ALL(row.uid));
    if (!job) throw new HttpError(409, 'link_used', LINK_TEXT.used);
    return { orgId: claims.orgId, job, row };
  };

  app.get(
    `${API}/confirm/:token`,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['notifications'],
        summary: 'What a confirm link asks about (no sign-in: the signed link is the proof)',
        params: tokenParams,
        response: { 200: confirmLinkAnswer },
      },
    },
    async (request) => {
      const { orgId, job, row } = await link(request.params.token);
      const format = dateFormatOf((await getCompany(app.deps.db.db, orgId))?.date_format);
      return {
        job: bookingTitle(job),
        when: formatDateTime(job.utc_begin_plus_tz, format),
        state: row.state,
      };
    },
  );

  app.post(
    `${API}/confirm/:token`,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['notifications'],
        summary:
          'Confirm or decline a job from the link in its mail or SMS (works once, until the job starts)',
        params: tokenParams,
        body: decisionBody,
        response: { 200: decisionAnswer },
      },
    },
    async (request) => {
      const { orgId, row } = await link(request.params.token);
      return answer(orgId, row, request.body, 'link', new HttpError(409, 'link_used', LINK_TEXT.used));
    },
  );

  app.post(
    `${API}/bookings/:id/confirmation`,
    {
      config: { access: JOB_OWN_WORKER },
      schema: {
        tags: ['notifications'],
        summary: 'Confirm or decline my job in the app',
        params: idParams,
        body: decisionBody,
        response: { 200: decisionAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      requireJobRole(caller, job, ['resource'], "the job's workers confirm or decline it");
      const c = await confirmationOf(db(), caller.orgId, job._id, caller.uid);
      if (!c) throw notFound();
      return answer(
        caller.orgId,
        c,
        request.body,
        'app',
        new HttpError(409, 'already_answered', 'You have already answered for this job.'),
      );
    },
  );

  app.get(
    `${API}/me/confirmations`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['notifications'],
        summary: 'The jobs I am still asked to confirm or decline (before each starts)',
        response: { 200: myConfirmations },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const rows = await pendingConfirmationsOf(db(), caller.orgId, caller.uid, now(app));
      return {
        items: rows.map((r) => ({ record_id: r.recordId, expires_at: r.expiresAt.toISOString() })),
      };
    },
  );

  app.get(
    `${API}/bookings/:id/confirmations`,
    {
      config: { access: JOB_DISPATCHERS },
      schema: {
        tags: ['notifications'],
        summary: "Each worker's answer on the job: pending, confirmed or declined (with the reason)",
        params: idParams,
        response: {
          200: z.object({
            items: z.array(
              z.object({
                resource_id: z.string(),
                uid: z.string(),
                state: z.string(),
                reason: z.string().nullable(),
                via: z.string().nullable(),
                decided_at: z.string().nullable(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      const rows = await listConfirmations(db(), caller.orgId, job._id);
      return {
        items: rows.map((r) => ({
          resource_id: r.resourceId,
          uid: r.uid,
          state: r.state,
          reason: r.reason,
          via: r.via,
          decided_at: r.decidedAt?.toISOString() ?? null,
        })),
      };
    },
  );
}
