import type { ResourceOverview, ResourceRecord } from '@rostra/core/api/resources';
import { formatTime, weekdayName } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useOrgDates } from '../../../lib/org-dates.ts';
import { columnsFor } from '../../../ui/data-table.tsx';
import { RecheckedNotice } from '../../../ui/rechecked-notice.tsx';
import { displayName, type Label, overviewQuery } from '../api.ts';
import { ActiveBadge, Facts, LabelChips, ListOr, Section } from '../parts.tsx';
import {
  CatalogueCard,
  CatalogueDirectory,
  type DirectoryFilterDef,
  useCatalogue,
} from '../record-directory.tsx';
import type { ResourcesSearch } from '../search.ts';
import { RESOURCES_TEXT as R, DIRECTORY_TEXT as T } from '../texts.ts';
import { HOUR_FIELDS, ResourceForm } from './resource-form.tsx';

const hours = (v: number | null | undefined) => (typeof v === 'number' ? `${v} h` : R.notSet);

function KindBadge({ isExternal }: { isExternal: boolean }) {
  return (
    <span className="inline-flex rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700">
      {isExternal ? R.external : R.internal}
    </span>
  );
}

const kindColumn = columnsFor<ResourceRecord>().display({
  id: 'kind',
  header: R.kind,
  cell: ({ row: { original: r } }) => <KindBadge isExternal={r.external === true} />,
});

const badges = (r: ResourceRecord) => (
  <>
    <ActiveBadge isInactive={r.inactive === true} />
    <KindBadge isExternal={r.external === true} />
  </>
);

/** Internal or external (`?kind=`, sent as `external`). */
const KIND_FILTER: DirectoryFilterDef = {
  key: 'kind',
  param: 'external',
  values: { internal: false, external: true },
  label: R.kind,
  options: [
    ['', T.all],
    ['internal', R.internal],
    ['external', R.external],
  ],
};

/**
 * Resources (/resources, issue 8): search, active, internal/external and label filters, numbered
 * pages; `?id=` opens one with its labels, hour limits, this week's shifts (read-only, linking to
 * /resource_shifts), the customers who blacklisted it and its leaves. Dispatchers create and
 * edit. Promoted dispatchers are never listed (the API leaves them out).
 */
export function ResourcesScreen() {
  // The bookings the last change of a resource put in or took out of conflict (issue 16 point 2):
  // in the resource's drawer while it is open, else above the list, until dismissed.
  const catalogue = useCatalogue<ResourcesSearch, ResourceRecord>({
    search: useSearch({ from: '/shell/resources' }),
    list: '/directory/resources',
    kind: 'resources',
    middle: [KIND_FILTER],
  });
  const { labels, rechecked } = catalogue;
  return (
    <CatalogueDirectory
      catalogue={catalogue}
      text={R}
      contact={{ header: T.email, phone: (r) => r.mobile || r.phone }}
      columns={[kindColumn]}
      card={(r) => <CatalogueCard r={r} badges={badges(r)} contact={[r.mobile, r.email]} />}
      dataName="resource"
      drawer={{
        collection: '/resources',
        title: (r) => displayName(r, r._id),
        top: <RecheckedNotice {...rechecked.props} className="mx-4 mt-3" />,
        badges,
        sections: (r) => <ResourceSections r={r} labels={labels} />,
      }}
      form={(resource, handlers) => (
        <ResourceForm resource={resource} labels={labels} take={rechecked.take} {...handlers} />
      )}
    />
  );
}

/** A resource's drawer: contact, labels, hour limits, this week's shifts, blacklists, leaves. */
function ResourceSections({ r, labels }: { r: ResourceRecord; labels: Label[] }) {
  const dates = useOrgDates();
  const overview = useQuery(overviewQuery<ResourceOverview>('/directory/resources', r._id));
  return (
    <>
      <Section title={T.email}>
        <Facts
          rows={[
            [T.email, r.email],
            [T.mobile, r.mobile],
            [T.phone, r.phone],
            [R.employeeType, r.employee_type],
            [R.rate, typeof r.rate_hr === 'number' ? String(r.rate_hr) : ''],
            [R.inactiveFrom, typeof r.InactiveDate === 'number' ? dates.date(r.InactiveDate) : ''],
          ]}
        />
      </Section>
      <Section title={T.labels}>
        <LabelChips ids={r.labels ?? []} labels={labels} />
      </Section>
      <Section title={R.hourLimits}>
        <Facts rows={HOUR_FIELDS.map(([key, text]) => [text, hours(r[key])] as const)} />
      </Section>
      <Section
        title={R.shiftsThisWeek}
        action={
          <Link
            to="/resource_shifts"
            className="text-sm font-medium text-sky-800 underline-offset-2 hover:underline"
          >
            {R.editShifts}
          </Link>
        }
      >
        <ListOr
          items={overview.data?.week.shifts}
          isPending={overview.isPending}
          error={overview.error}
          none={R.noShifts}
          className="space-y-0.5 tabular-nums"
        >
          {(s) => {
            const b = s.utc_begin_plus_tz ?? 0;
            return (
              <li key={s.unique_id || `${b}`}>
                {weekdayName(b)} {dates.date(b)} · {formatTime(b)} – {formatTime(s.utc_end_plus_tz ?? 0)}
              </li>
            );
          }}
        </ListOr>
      </Section>
      <Section title={R.blacklistedBy}>
        <ListOr items={overview.data?.blacklisted_by} none={R.noBlacklist} className="flex flex-wrap gap-1">
          {(c) => (
            <li key={c._id}>
              <Link
                to="/customers"
                search={{ id: c._id }}
                className="rounded-full bg-red-50 px-2 py-0.5 text-xs text-red-800 underline-offset-2 hover:underline"
              >
                {c.name}
              </Link>
            </li>
          )}
        </ListOr>
      </Section>
      <Section title={R.leaves}>
        <ListOr items={overview.data?.leaves} none={R.noLeaves} className="space-y-0.5 tabular-nums">
          {(l) => (
            <li key={l._id}>
              {dates.span(l.utc_begin_plus_tz ?? 0, l.utc_end_plus_tz ?? 0)}
              {l.notes ? <span className="text-neutral-500"> · {l.notes}</span> : null}
            </li>
          )}
        </ListOr>
      </Section>
    </>
  );
}
