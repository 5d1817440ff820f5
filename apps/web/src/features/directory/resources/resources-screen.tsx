import type { ResourceOverview, ResourceRecord } from '@rostra/core/api/resources';
import { formatDate, formatTime, weekdayName } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useShell } from '../../../shell/shell-context.tsx';
import { columnsFor } from '../../../ui/data-table.tsx';
import { SkeletonRows } from '../../../ui/list-state.tsx';
import { RecheckedNotice, useRechecked } from '../../../ui/rechecked-notice.tsx';
import { displayName, type Label, labelsQuery, listQuery, overviewQuery } from '../api.ts';
import type { FilterParam } from '../model.ts';
import {
  ACTIVE_OPTIONS,
  ActiveBadge,
  Facts,
  formatSpan,
  LabelChips,
  labelOptions,
  Section,
} from '../parts.tsx';
import {
  catalogueColumns,
  DirectoryFilter,
  OPEN_CARD_CLASS,
  OpenLink,
  RecordDirectory,
  RecordDrawer,
  useDirectoryState,
} from '../record-directory.tsx';
import type { ResourcesSearch } from '../search.ts';
import { RESOURCES_TEXT as R, DIRECTORY_TEXT as T } from '../texts.ts';
import { HOUR_FIELDS, ResourceForm } from './resource-form.tsx';

const PAGE_SIZE = 40;
const COLLECTION = '/resources';

/** The list's filters: search, active or not, internal or external, a label. */
const FILTERS: FilterParam[] = [
  { key: 'q' },
  { key: 'status', param: 'inactive', values: { active: false, inactive: true } },
  { key: 'kind', param: 'external', values: { internal: false, external: true } },
  { key: 'label' },
];

const hours = (v: number | null | undefined) => (typeof v === 'number' ? `${v} h` : R.notSet);

function KindBadge({ isExternal }: { isExternal: boolean }) {
  return (
    <span className="inline-flex rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700">
      {isExternal ? R.external : R.internal}
    </span>
  );
}

const col = columnsFor<ResourceRecord>();
const columns = (labels: Label[]) =>
  catalogueColumns<ResourceRecord>(labels, [
    col.display({
      id: 'email',
      header: T.email,
      meta: { className: 'text-neutral-700' },
      cell: ({ row: { original: r } }) => (
        <>
          <div>{r.email || T.none}</div>
          <div className="text-xs text-neutral-500">{r.mobile || r.phone}</div>
        </>
      ),
    }),
    col.display({
      id: 'kind',
      header: R.kind,
      cell: ({ row: { original: r } }) => <KindBadge isExternal={r.external === true} />,
    }),
  ]);

function ResourceCard({ r }: { r: ResourceRecord }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <OpenLink id={r._id} className={OPEN_CARD_CLASS}>
          {displayName(r, r._id)}
        </OpenLink>
        <div className="flex gap-1">
          <KindBadge isExternal={r.external === true} />
          <ActiveBadge isInactive={r.inactive === true} />
        </div>
      </div>
      <p className="mt-1 text-sm text-neutral-600">{[r.mobile, r.email].filter(Boolean).join(' · ')}</p>
    </>
  );
}

/**
 * Resources (/resources, issue 8): search, active, internal/external and label filters, numbered
 * pages; `?id=` opens one with its labels, hour limits, this week's shifts (read-only, linking to
 * /resource_shifts), the customers who blacklisted it and its leaves. Dispatchers create and
 * edit. Promoted dispatchers are never listed (the API leaves them out).
 */
export function ResourcesScreen() {
  const { role } = useShell();
  const isDispatcher = role === 'dispatcher';
  const navigate = useNavigate({ from: '/resources' });
  const dir = useDirectoryState<ResourcesSearch, ResourceRecord>({
    search: useSearch({ from: '/shell/resources' }),
    navigate: (update, replace) => void navigate({ search: update, replace }),
    filters: FILTERS,
    idKey: 'id',
    pageSize: PAGE_SIZE,
    live: isDispatcher ? { topic: 'records', kind: 'resources' } : null,
  });
  // The bookings the last change of a resource put in or took out of conflict (issue 16 point 2):
  // in the resource's drawer while it is open, else above the list, until dismissed.
  const rechecked = useRechecked();
  const list = useQuery(listQuery<ResourceRecord>('/directory/resources', dir.query));
  const labels = useQuery(labelsQuery).data ?? [];
  return (
    <RecordDirectory
      dir={dir}
      title={R.title}
      listLabel={R.list}
      newLabel={R.newResource}
      canCreate={isDispatcher}
      searchPlaceholder={R.searchPlaceholder}
      filters={
        <>
          <DirectoryFilter dir={dir} name="status" label={T.status} options={ACTIVE_OPTIONS} />
          <DirectoryFilter
            dir={dir}
            name="kind"
            label={R.kind}
            options={[
              ['', T.all],
              ['internal', R.internal],
              ['external', R.external],
            ]}
          />
          <DirectoryFilter dir={dir} name="label" label={T.labels} options={labelOptions(labels)} />
        </>
      }
      above={dir.selected ? null : <RecheckedNotice {...rechecked.props} className="mt-4" />}
      list={list}
      pageSize={PAGE_SIZE}
      empty={{ none: R.emptyNone, filtered: R.empty, hint: R.emptyHint }}
      view={{ columns: columns(labels), card: (r) => <ResourceCard r={r} /> }}
      dataName="resource"
    >
      {dir.selected ? (
        <RecordDrawer<ResourceRecord>
          key={dir.selected}
          collection={COLLECTION}
          id={dir.selected}
          title={(r) => displayName(r, r._id)}
          fallbackTitle={R.title}
          testId="resource-detail"
          top={<RecheckedNotice {...rechecked.props} className="mx-4 mt-3" />}
          badges={(r) => (
            <>
              <ActiveBadge isInactive={r.inactive === true} />
              <KindBadge isExternal={r.external === true} />
            </>
          )}
          canWrite={isDispatcher}
          deleteWhat={(r) => R.deleteWhat(displayName(r, r._id))}
          {...dir.drawerHandlers}
        >
          {(r) => <ResourceSections r={r} labels={labels} />}
        </RecordDrawer>
      ) : null}
      {dir.editing ? (
        <ResourceForm
          resource={dir.editing === 'new' ? undefined : dir.editing}
          labels={labels}
          take={rechecked.take}
          {...dir.formHandlers}
        />
      ) : null}
    </RecordDirectory>
  );
}

/** A resource's drawer: contact, labels, hour limits, this week's shifts, blacklists, leaves. */
function ResourceSections({ r, labels }: { r: ResourceRecord; labels: Label[] }) {
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
            [R.inactiveFrom, typeof r.InactiveDate === 'number' ? formatDate(r.InactiveDate) : ''],
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
        {overview.isPending ? (
          <SkeletonRows rows={2} height="h-6" />
        ) : overview.data?.week.shifts.length ? (
          <ul className="space-y-0.5 tabular-nums">
            {overview.data.week.shifts.map((s) => {
              const b = s.utc_begin_plus_tz ?? 0;
              const e = s.utc_end_plus_tz ?? 0;
              return (
                <li key={s.unique_id || `${b}`}>
                  {weekdayName(b)} {formatDate(b)} · {formatTime(b)} – {formatTime(e)}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-neutral-500">{overview.isError ? overview.error.message : R.noShifts}</p>
        )}
      </Section>
      <Section title={R.blacklistedBy}>
        {overview.data?.blacklisted_by.length ? (
          <ul className="flex flex-wrap gap-1">
            {overview.data.blacklisted_by.map((c) => (
              <li key={c._id}>
                <Link
                  to="/customers"
                  search={{ id: c._id }}
                  className="rounded-full bg-red-50 px-2 py-0.5 text-xs text-red-800 underline-offset-2 hover:underline"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-neutral-500">{R.noBlacklist}</p>
        )}
      </Section>
      <Section title={R.leaves}>
        {overview.data?.leaves.length ? (
          <ul className="space-y-0.5 tabular-nums">
            {overview.data.leaves.map((l) => (
              <li key={l._id}>
                {formatSpan(l.utc_begin_plus_tz ?? 0, l.utc_end_plus_tz ?? 0)}
                {l.notes ? <span className="text-neutral-500"> · {l.notes}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-neutral-500">{R.noLeaves}</p>
        )}
      </Section>
    </>
  );
}
