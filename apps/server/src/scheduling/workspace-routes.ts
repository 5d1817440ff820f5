import { workspaceAnswer, workspaceBody, workspaceRecord } from '@rostra/core/api/timeline';
import { clearWorkspace, readWorkspaces, setWorkspace } from '@rostra/db/scheduling/timeline-workspace';
import { z } from 'zod';
import { type Access, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { nowSeconds } from '../http/kit.ts';

/** The timeline's users: dispatchers and partners. */
const TIMELINE_EDITORS: Access = { kind: 'signedIn', roles: ['dispatcher'], duties: ['partner'] };

/**
 * The caller's timeline workspace (spec §3, §4): set, read and cleared by its owner; everyone on
 * the timeline sees which items others hold locked (a lock counts for 60 s after its document was
 * set; documents expire after 7 days), and hears of changes on the live `workspace` topic.
 */
export function workspaceRoutes(app: App): void {
  const db = () => app.deps.db.db;
  const url = `${API}/timeline-workspace`;

  app.get(
    url,
    {
      config: { access: TIMELINE_EDITORS },
      schema: {
        tags: ['timeline'],
        summary: "The caller's workspace document and the items others hold locked",
        response: { 200: workspaceAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return readWorkspaces(db(), caller.orgId, caller.uid, nowSeconds(app.identity.now()));
    },
  );

  app.put(
    url,
    {
      config: { access: TIMELINE_EDITORS },
      schema: {
        tags: ['timeline'],
        summary: "Set the caller's workspace document",
        body: workspaceBody,
        response: { 200: workspaceRecord },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return setWorkspace(db(), caller.orgId, caller.uid, request.body, nowSeconds(app.identity.now()));
    },
  );

  app.delete(
    url,
    {
      config: { access: TIMELINE_EDITORS },
      schema: {
        tags: ['timeline'],
        summary: "Clear the caller's workspace document",
        response: { 200: z.object({ cleared: z.boolean() }) },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return { cleared: await clearWorkspace(db(), caller.orgId, caller.uid) };
    },
  );
}
