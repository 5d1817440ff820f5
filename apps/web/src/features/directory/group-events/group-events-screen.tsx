import type { CustomerRecord } from '@rostra/core/api/customers';
import type { GroupEventRecord } from '@rostra/core/api/group-events';
import type { ResourceRecord } from '@rostra/core/api/resources';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { type OrgDates, useOrgDates } from '../../../lib/org-dates.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { StatusBadge, useStatusConfig } from '../../../ui/status-badge.tsx';
import { allQuery, displayName } from '../api.ts';
import { Facts, NotesSection, Section } from '../parts.tsx';
import { dayFilter, OPEN_CARD_CLASS, OpenLink, RecordDirectory, useDirectory } from '../record-directory.tsx';
import type { GroupEventsSearch } from '../search.ts';
import { GROUP_EVENTS_TEXT as G, DIRECTORY_TEXT as T } from '../texts.ts';
import { attendingOf, GroupEventForm, groupEventTitle, locationOf } from './group-event-form.tsx';

/** The list's filters: search, a window of days (the "to" day included), and its order. */
const FILTERS = [
  { key: 'q' },
  dayFilter('from', G.from, { max: 'to' }),
  dayFilter('to', G.to, { min: 'from' }, true),
  {
    key: 'order',
    values: { desc: 'desc' },
    kept: true,
    label: 'Order',
    options: [
      ['', G.soonest],
      ['desc', G.latest],
    ],
  },
] as const;

const spanOf = (e: GroupEventRecord, dates: OrgDates) =>
  dates.span(e.utc_begin_plus_tz ?? 0, e.utc_end_plus_tz ?? 0);

/**
 * Group events (/groupevents, issue 8): timeline records of `_key` groupevent — search, a date
 * window, order and pages of 50 (the spec's group lists); `?id=` opens one; dispatchers create and
 * edit them (name, time, place, resources, customers attending). Saves go through the timeline
 * records API, so the overlap validator's conflicts are stored and shown.
 */
export function GroupEventsScreen() {
  const dates = useOrgDates();
  const { role, settings } = useShell();
  const isDispatcher = role === 'dispatcher';
  const dir = useDirectory<GroupEventsSearch, GroupEventRecord>({
    search: useSearch({ from: '/shell/groupevents' }),
    list: '/directory/group-events',
    filters: FILTERS,
    pageSize: 50,
  });
  const resources = useQuery({ ...allQuery<ResourceRecord>('/resources'), enabled: isDispatcher }).data ?? [];
  const customers = useQuery({ ...allQuery<CustomerRecord>('/customers'), enabled: isDispatcher }).data ?? [];
  const statusConfig = useStatusConfig();
  const status = (e: GroupEventRecord) => <StatusBadge status={e.status || 'draft'} config={statusConfig} />;
  return (
    <RecordDirectory
      dir={dir}
      text={G}
      canWrite={isDispatcher}
      view={{
        row: (e) => (
          <>
            <OpenLink id={e._id} className={`min-w-48 flex-1 ${OPEN_CARD_CLASS}`}>
              {groupEventTitle(e)}
            </OpenLink>
            <span className="text-sm text-neutral-700 tabular-nums">{spanOf(e, dates)}</span>
            <span className="max-w-64 truncate text-sm text-neutral-500">{locationOf(e)}</span>
            <span className="text-xs text-neutral-600">
              {G.resources}: {e.resIds?.length ?? 0}
            </span>
            {status(e)}
            {e.isConflict === true ? (
              <AlertTriangle aria-label={G.conflicts} className="size-4 text-red-700" />
            ) : null}
          </>
        ),
      }}
      dataName="groupevent"
      drawer={{
        collection: '/timeline-records',
        title: groupEventTitle,
        accepts: (e) => e._key === 'groupevent',
        badges: status,
        sections: (e) => <GroupEventSections e={e} resources={resources} customers={customers} />,
      }}
      form={(event, handlers) => (
        <GroupEventForm
          event={event}
          mustHaveResource={settings?.ds.force_resource_groupevent === true}
          resources={resources}
          customers={customers}
          {...handlers}
        />
      )}
    />
  );
}

const names = (ids: readonly string[], records: readonly (ResourceRecord | CustomerRecord)[]) =>
  ids
    .map((i) =>
      displayName(
        records.find((r) => r._id === i),
        i,
      ),
    )
    .join(', ');

/** A group event's drawer: its conflicts, time and place, resources, customers attending, notes. */
function GroupEventSections({
  e,
  resources,
  customers,
}: {
  e: GroupEventRecord;
  resources: ResourceRecord[];
  customers: CustomerRecord[];
}) {
  const dates = useOrgDates();
  const errors = e.errors ?? [];
  const attending = attendingOf(e);
  return (
    <>
      {errors.length ? (
        <div
          role="alert"
          className="mx-4 mb-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          <p className="font-medium">{G.conflicts}</p>
          <ul className="mt-1 list-disc pl-5">
            {errors.map((x, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the validator's errors have no id of their own
              <li key={i}>{x.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Section title={T.when}>
        <Facts
          rows={[
            [T.when, spanOf(e, dates)],
            [T.location, locationOf(e)],
          ]}
        />
      </Section>
      <Section title={G.resources}>
        <p>{e.resIds?.length ? names(e.resIds, resources) : G.noResources}</p>
      </Section>
      <Section title={G.customers}>
        <p>{attending.length ? names(attending, customers) : G.noCustomers}</p>
      </Section>
      <NotesSection notes={e.notes} />
    </>
  );
}
