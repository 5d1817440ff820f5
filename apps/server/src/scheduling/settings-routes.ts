import {
  emptyMasterLabels,
  jobStatusConfigBody,
  masterLabelsAnswer,
  masterLabelsBody,
  statusConfigAnswer,
  workflowsAnswer,
  workflowsBody,
} from '@rostra/core/api/settings';
import { STATUS_CONFIG_DEFAULTS } from '@rostra/core/settings/defaults';
import { getMasterLabels, putMasterLabels } from '@rostra/db/scheduling/dispatcher-master-labels';
import { getSettingsDocument, putSettingsDocument } from '@rostra/db/scheduling/settings-documents';
import type { z } from 'zod';
import { type Access, DISPATCHERS, MEMBERS, requireAuth, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { CONFLICT, expectedVersion, idParams, notFound, withETag, written } from '../http/kit.ts';

/**
 * Organisation settings served as versioned documents: the job status config (`statusConfig`),
 * the workflows, and each dispatcher's master labels.
 */
export function settingsRoutes(app: App): void {
  const db = () => app.deps.db.db;

  const document = (
    path: string,
    key: string,
    body: z.ZodObject,
    answer: z.ZodObject,
    summary: string,
    defaults: Record<string, unknown>,
  ) => {
    app.get(
      `${API}${path}`,
      {
        config: { access: MEMBERS },
        schema: { tags: ['settings'], summary, response: { 200: answer } },
      },
      async (request, reply) => {
        const caller = requireAuth(request);
        const doc = await getSettingsDocument(db(), caller.orgId, key);
        return withETag(reply, { _key: key, ...defaults, ...doc.value, version: doc.version });
      },
    );
    app.put(
      `${API}${path}`,
      {
        config: { access: DISPATCHERS },
        schema: {
          tags: ['settings'],
          summary: `Replace: ${summary} (version 0 when never stored; stale → 409)`,
          body,
          response: { ...CONFLICT, 200: answer },
        },
      },
      async (request, reply) => {
        const caller = requireAuth(request);
        const { version, ...value } = request.body as Record<string, unknown> & { version?: number };
        const expected = expectedVersion(request, version);
        const doc = written(await putSettingsDocument(db(), caller.orgId, key, value, expected));
        return withETag(reply, { _key: key, ...doc.value, version: doc.version });
      },
    );
  };

  document(
    '/job-status-config',
    'job_status_config',
    jobStatusConfigBody,
    statusConfigAnswer,
    'The job status config (statusConfig)',
    {
      statusConfig: STATUS_CONFIG_DEFAULTS,
    },
  );
  document(
    '/workflows',
    'workflows',
    workflowsBody,
    workflowsAnswer,
    'The workflows (workflow_calevents, workflow_groups)',
    {
      workflow_calevents: [],
      workflow_groups: [],
    },
  );

  const own: Access = DISPATCHERS;
  app.get(
    `${API}/dispatcher-master-labels`,
    {
      config: { access: own },
      schema: {
        tags: ['settings'],
        summary: "The caller's master labels",
        response: { 200: masterLabelsAnswer },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const doc = await getMasterLabels(db(), caller.orgId, caller.uid);
      return withETag(reply, doc ?? emptyMasterLabels(caller.uid));
    },
  );
  const byUid = withRecord(DISPATCHERS, { table: 'dispatcher_master_labels' });
  app.get(
    `${API}/dispatcher-master-labels/:id`,
    {
      config: { access: byUid },
      schema: {
        tags: ['settings'],
        summary: "A dispatcher's master labels (id: their user id)",
        params: idParams,
        response: { 200: masterLabelsAnswer },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const doc = await getMasterLabels(db(), caller.orgId, request.params.id);
      if (!doc) throw notFound();
      return withETag(reply, doc);
    },
  );
  app.put(
    `${API}/dispatcher-master-labels/:id`,
    {
      config: { access: byUid },
      schema: {
        tags: ['settings'],
        summary:
          "Set a dispatcher's master labels (a member of the organisation; version 0 when none yet; stale → 409)",
        params: idParams,
        body: masterLabelsBody,
        response: { ...CONFLICT, 200: masterLabelsAnswer },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { version, ...input } = request.body;
      const existing = await getMasterLabels(db(), caller.orgId, request.params.id);
      const expected = existing ? expectedVersion(request, version) : (version ?? 0);
      const clean = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      return withETag(
        reply,
        written(await putMasterLabels(db(), caller.orgId, request.params.id, clean, expected)),
      );
    },
  );
}
