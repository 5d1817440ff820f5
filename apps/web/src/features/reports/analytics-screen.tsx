import type { DateRange } from '@rostra/core/api/reports';
import { canSeeAnalytics, menuLabel } from '@rostra/core/shell/menu';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useOrgDates } from '../../lib/org-dates.ts';
import { errorText, wallNow } from '../../lib/roster.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import {
  ConflictsByReason,
  HoursAgainstLimits,
  JobsOverTime,
  UtilisationByLabel,
  UtilisationByResource,
} from './analytics-charts.tsx';
import { PeriodPicker, screenTitle } from './report-parts.tsx';
import { REPORT_TEXT as T } from './report-text.ts';
import { fetchAnalytics, REPORT_KEYS, weekOf } from './reports.ts';

/**
 * Analytics (/analytics, dispatchers and resources; a resource sees only their own numbers):
 * utilisation per resource and per label, jobs by status over time, allocation conflicts by reason
 * and hours against limits, for a period. Titled with the report label text (spec §2). Other roles
 * (schedulers, customers) reach it only by typing the address: the core's rule, which the menu and
 * the server share, tells them so instead of asking for a refusal.
 */
export function AnalyticsScreen() {
  const dates = useOrgDates();
  const { me, settings, role, user } = useShell();
  const isAllowed = canSeeAnalytics(user);
  const thisWeek = () => weekOf(wallNow(me.company?.time_zone), dates.weekStartDay);
  const [range, setRange] = useState<DateRange>(thisWeek);
  const analytics = useQuery({
    queryKey: REPORT_KEYS.analytics(range),
    queryFn: () => fetchAnalytics(range),
    enabled: isAllowed,
  });

  if (!isAllowed) {
    return (
      <Page title={screenTitle(menuLabel('analytics', settings?.cf))}>
        <EmptyState title={T.analyticsNotForRole} hint={T.analyticsNotForRoleHint} />
      </Page>
    );
  }

  return (
    <Page
      title={screenTitle(menuLabel('analytics', settings?.cf))}
      actions={<PeriodPicker value={range} onChange={setRange} onThisWeek={() => setRange(thisWeek())} />}
    >
      {role !== 'dispatcher' ? <p className="mb-3 text-sm text-neutral-600">{T.ownNumbers}</p> : null}
      {analytics.isPending ? (
        <Skeleton rows={4} className="h-48" />
      ) : analytics.isError ? (
        <ErrorState message={errorText(analytics.error)} onRetry={() => void analytics.refetch()} />
      ) : (
        <div className="grid gap-5 xl:grid-cols-2">
          <UtilisationByResource data={analytics.data} />
          <UtilisationByLabel data={analytics.data} />
          <JobsOverTime data={analytics.data} />
          <ConflictsByReason data={analytics.data} />
          <div className="xl:col-span-2">
            <HoursAgainstLimits data={analytics.data} />
          </div>
        </div>
      )}
    </Page>
  );
}
