import { STATUS_ORDER } from '@rostra/core/exceptions/status-order';
import { exceptionReportDetail } from '@rostra/db/scheduling/exception-detail';
import {
  EXCEPTION_CONFIG_KEY,
  getExceptionReport,
  refreshExceptionReport,
} from '@rostra/db/scheduling/exception-report';
import { getSettingsDocument, putSettingsDocument } from '@rostra/db/scheduling/settings-documents';
import { z } from 'zod';
import { DISPATCHERS, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { expectedVersion, recordResponse, VERSION, withETag, written } from '../http/kit.ts';

const STATUSES = Object.keys(STATUS_ORDER) as [keyof typeof STATUS_ORDER, ...(keyof typeof STATUS_ORDER)[]];

export const exceptionConfigBody = z.strictObject({
  configs: z
    .array(
      z.strictObject({
        action_status: z.enum(STATUSES),
        action_attr: z
          .string()
          .max(60)
          .optional()
          .describe('job field with the reference time; default utc_end_plus_tz'),
        exception_min_amber: z.number().min(0).max(525_600),
      }),
    )
    .max(20),
  version: VERSION.optional(),
});

/**
 * The exception report (spec §4, §7): dispatchers only. The report itself is computed every
 * minute by a background job (once across instances); reading it never waits for that job,
 * except the first time, when it is computed on the spot.
 */
export function exceptionRoutes(app: App): void {
  const db = () => app.deps.db.db;

  app.get(
    `${API}/exception-report`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['exceptions'],
        summary: "The organisation's current exception report",
        response: {
          200: z.object({
            _id: z.string(),
            current_report: z.boolean(),
            entries: z.array(recordResponse),
            configs_map_ids: z.record(z.string(), z.array(z.string())),
            computed_for: z.number(),
            version: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return (
        (await getExceptionReport(db(), caller.orgId)) ??
        (await refreshExceptionReport(db(), caller.orgId, app.identity.now())).report
      );
    },
  );

  const person = z.object({ _id: z.string(), name: z.string() });
  app.get(
    `${API}/exception-report/detail`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['exceptions'],
        summary:
          "The current exception report with each entry's job: reference, customer, workers, times and status",
        response: {
          200: z.object({
            _id: z.string(),
            current_report: z.boolean(),
            entries: z.array(
              z.object({
                _id: z.string(),
                action_status: z.string(),
                curr_state: z.string(),
                curr_state_date: z.number().nullable(),
                labels: z.array(z.string()),
                matched: z.boolean(),
                job: z
                  .object({
                    reference: z.string().nullable(),
                    customer: person.nullable(),
                    workers: z.array(person),
                    utc_begin_plus_tz: z.number(),
                    utc_end_plus_tz: z.number(),
                    status: z.string(),
                  })
                  .nullable(),
              }),
            ),
            configs_map_ids: z.record(z.string(), z.array(z.string())),
            computed_for: z.number(),
            version: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return exceptionReportDetail(db(), caller.orgId, app.identity.now());
    },
  );

  app.get(
    `${API}/exception-report/config`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['exceptions'],
        summary: 'The exception report config',
        response: { 200: recordResponse },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const doc = await getSettingsDocument(db(), caller.orgId, EXCEPTION_CONFIG_KEY);
      return withETag(reply, { _key: EXCEPTION_CONFIG_KEY, configs: [], ...doc.value, version: doc.version });
    },
  );

  app.put(
    `${API}/exception-report/config`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['exceptions'],
        summary: 'Replace the exception report config (version 0 when never stored; stale → 409)',
        body: exceptionConfigBody,
        response: { 200: recordResponse },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { version, ...value } = request.body;
      const expected = expectedVersion(request, version);
      const doc = written(
        // Its readers are the dispatchers (GET above): the live event goes to them only.
        await putSettingsDocument(db(), caller.orgId, EXCEPTION_CONFIG_KEY, value, expected, {
          dispatchers: true,
        }),
      );
      return withETag(reply, { _key: EXCEPTION_CONFIG_KEY, ...doc.value, version: doc.version });
    },
  );
}
