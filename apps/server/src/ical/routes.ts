import { createdIcalFeed, icalFeed, icalFeedBody, icalFeedsAnswer } from '@rostra/core/api/settings';
import { buildCalendar } from '@rostra/core/ical/calendar';
import { toWallClock } from '@rostra/core/time/calendar';
import {
  createFeed,
  type FeedSummary,
  feedTargetExists,
  getFeed,
  listFeeds,
  readFeedCalendar,
  revokeFeed,
} from '@rostra/db/ical/feeds';
import { z } from 'zod';
import { type Access, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { idParams, notFound } from '../http/kit.ts';

/*
 * Secret, revocable iCal feeds (issue 8). A dispatcher makes a feed for any resource (their jobs)
 * or label (a team: every job carrying it); a resource for themselves only. The create answer
 * holds the feed's URL — with its secret — once; lists and reads never do. The feed itself is
 * `GET /ical/{org_id}/{feed_id}/{secret}.ics`, outside /api and without a session (calendar apps
 * subscribe to a URL): unknown feed, wrong secret and revoked feed all answer the same 404.
 */

const FEED_MANAGERS: Access = { kind: 'signedIn', roles: ['dispatcher', 'resource'] };
const withFeed: Access = { ...FEED_MANAGERS, record: { table: 'ical_feeds' } };

export const ICAL_TEXT = {
  notYours: 'You can only make or revoke calendar feeds of your own jobs.',
  noTarget: 'There is no such resource or label.',
} as const;

/** The feed's public path: org and feed ids, then the secret. */
export const feedPath = (orgId: string, feedId: string, secret: string) =>
  `/ical/${encodeURIComponent(orgId)}/${encodeURIComponent(feedId)}/${secret}.ics`;

/** Ownership, not role: a role the declaration admits is never answered `forbidden`. */
const notYours = () => new HttpError(403, 'not_own_feed', ICAL_TEXT.notYours);

export function icalRoutes(app: App): void {
  const db = () => app.deps.db.db;
  /** A resource may only touch feeds of their own resource record. */
  const mayManage = (
    caller: ReturnType<typeof requireAuth>,
    feed: Pick<FeedSummary, 'scope' | 'target_id'>,
  ) =>
    caller.role === 'dispatcher' ||
    (caller.resourceId !== null && feed.scope === 'resource' && feed.target_id === caller.resourceId);

  app.get(
    `${API}/ical_feeds`,
    {
      config: { access: FEED_MANAGERS },
      schema: {
        tags: ['ical'],
        summary: 'iCal feeds (never their secrets): a dispatcher sees every feed, a resource their own',
        response: { 200: icalFeedsAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      if (caller.role !== 'dispatcher' && caller.resourceId === null) return { items: [] };
      const items = await listFeeds(
        db(),
        caller.orgId,
        caller.role === 'dispatcher' ? {} : { resourceId: caller.resourceId ?? '' },
      );
      return { items };
    },
  );

  app.post(
    `${API}/ical_feeds`,
    {
      config: { access: FEED_MANAGERS },
      schema: {
        tags: ['ical'],
        summary: 'Make a secret iCal feed URL; the answer is the only place the URL is ever shown',
        body: icalFeedBody,
        response: { 201: createdIcalFeed },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { scope, target_id } = request.body;
      if (!mayManage(caller, { scope, target_id })) throw notYours();
      if (!(await feedTargetExists(db(), caller.orgId, scope, target_id))) {
        throw new HttpError(400, 'validation_failed', `body.target_id: ${ICAL_TEXT.noTarget}`, [
          { path: 'body.target_id', message: ICAL_TEXT.noTarget },
        ]);
      }
      const { feed, secret } = await createFeed(db(), caller.orgId, {
        scope,
        targetId: target_id,
        createdBy: caller.uid,
      });
      const base = app.deps.config.publicUrl.replace(/\/+$/, '');
      reply.code(201);
      return { ...feed, url: `${base}${feedPath(caller.orgId, feed._id, secret)}` };
    },
  );

  app.delete(
    `${API}/ical_feeds/:id`,
    {
      config: { access: withFeed },
      schema: {
        tags: ['ical'],
        summary: 'Revoke an iCal feed for good: its URL answers 404 from now on',
        params: idParams,
        response: { 200: icalFeed },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const feed = await getFeed(db(), caller.orgId, request.params.id);
      // Another resource's feed is not theirs to know about: the same 404 as an unknown one.
      if (!feed || !mayManage(caller, feed)) throw notFound();
      const revoked = await revokeFeed(db(), caller.orgId, feed._id, new Date());
      if (!revoked) throw notFound();
      return revoked;
    },
  );

  // The feed itself: no session (calendar apps cannot sign in); the secret in the path is the key.
  app.get(
    '/ical/:org_id/:feed_id/:file',
    {
      schema: {
        tags: ['ical'],
        summary: 'A feed as text/calendar (RFC 5545); 404 for an unknown, revoked or wrong-secret URL',
        params: z.strictObject({
          org_id: z.string().min(1).max(100),
          feed_id: z.string().min(1).max(100),
          file: z.string().min(1).max(200).describe('{secret}.ics'),
        }),
      },
    },
    async (request, reply) => {
      const { org_id, feed_id, file } = request.params;
      const secret = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(file)?.[1];
      const calendar = secret
        ? await readFeedCalendar(db(), org_id, feed_id, secret, {
            ms: Date.now(),
            wallSeconds: (timeZone) => toWallClock(Date.now(), timeZone),
          })
        : null;
      if (!calendar) throw notFound();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="rostra.ics"')
        .send(buildCalendar(calendar));
    },
  );
}
