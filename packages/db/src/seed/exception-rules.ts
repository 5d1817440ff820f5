import type { ExceptionConfig } from '@rostra/core/exceptions/report';
import { EXCEPTION_CONFIG_KEY } from '../scheduling/exception-report.ts';
import type { orgSettings } from '../schema/organisations.ts';

/**
 * The demo organisations' exception rules (issue 16, point 12), so the report has something to
 * say on the seeded day: a job should be started 15 minutes after its start time, and finished
 * 30 minutes after its end time. The seed leaves some jobs of today and of the past days
 * confirmed, dispatched or active (see generate.ts): they are the report's entries.
 */
export const DEMO_EXCEPTION_RULES: readonly ExceptionConfig[] = [
  { action_status: 'active', action_attr: 'utc_begin_plus_tz', exception_min_amber: 15 },
  { action_status: 'finished', action_attr: 'utc_end_plus_tz', exception_min_amber: 30 },
];

/** The settings row holding the rules (the document `PUT /exception-report/config` writes). */
export function exceptionRuleSettings(orgId: string): typeof orgSettings.$inferInsert {
  return {
    orgId,
    key: EXCEPTION_CONFIG_KEY,
    role: '',
    value: { configs: DEMO_EXCEPTION_RULES.map((c) => ({ ...c })) },
  };
}
