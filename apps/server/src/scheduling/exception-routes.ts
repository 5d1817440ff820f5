import {
  exceptionConfig,
  exceptionConfigBody,
  exceptionReport,
  exceptionReportDetail,
} from '@rostra/core/api/exceptions';
import { exceptionReportDetail as readReportDetail } from '@rostra/db/scheduling/exception-detail';
import {
  EXCEPTION_CONFIG_KEY,
  getExceptionReport,
  refreshExceptionReport,
} from '@rostra/db/scheduling/exception-report';
import { getSettingsDocument, putSettingsDocument } from '@rostra/db/scheduling/settings-documents';
import { DISPATCHERS, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { CONFLICT, expectedVersion, withETag, written } from '../http/kit.ts';

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
        response: { 200: exceptionReport },
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

  app.get(
    `${API}/exception-report/detail`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['exceptions'],
        summary:
          "The current exception report with each entry's job: reference, customer, workers, times and status",
        response: { 200: exceptionReportDetail },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return readReportDetail(db(), caller.orgId, app.identity.now());
    },
  );

  app.get(
    `${API}/exception-report/config`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['exceptions'],
        summary: 'The exception report config',
        response: { 200: exceptionConfig },
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
        response: { ...CONFLICT, 200: exceptionConfig },
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
      return withETag(reply, { _key: EXCEPTION_CONFIG_KEY, configs: [], ...doc.value, version: doc.version });
    },
  );
}
