import type { CalendarEventRecord } from '@rostra/core/api/calendar-events';
import type { CustomerRecord } from '@rostra/core/api/customers';
import type { ProjectTaskRecord } from '@rostra/core/api/project-tasks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useOrgDates } from '../../../lib/org-dates.ts';
import { displayName, listQuery } from '../api.ts';
import { Facts, ListOr, NotesSection, Section } from '../parts.tsx';
import { TASKS_TEXT as K, DIRECTORY_TEXT as T } from '../texts.ts';

/** A task's drawer: status, customer, readers, notes and its calendar events. */
export function TaskSections({
  t,
  customers,
  focusedEvent,
}: {
  t: ProjectTaskRecord;
  customers: CustomerRecord[];
  focusedEvent: string | undefined;
}) {
  const dates = useOrgDates();
  const events = useQuery(
    listQuery<CalendarEventRecord>('/directory/calendar-events', { task_id: t._id, limit: 50 }),
  );
  return (
    <>
      <Section title={T.status}>
        <Facts
          rows={[
            [T.status, t.status],
            [
              K.customer,
              t.customerId
                ? displayName(
                    customers.find((c) => c._id === t.customerId),
                    t.customerId,
                  )
                : '',
            ],
            [K.readers, String(t._uid_r?.length ?? 0)],
          ]}
        />
      </Section>
      <NotesSection notes={t.notes} />
      <Section title={K.events}>
        <ListOr
          items={events.data?.items}
          isPending={events.isPending}
          error={events.error}
          none={K.noEvents}
          className="divide-y divide-neutral-100"
        >
          {(e) => (
            <li
              key={e._id}
              className={`py-1.5 ${focusedEvent === e._id ? 'rounded bg-sky-50 px-1' : ''}`}
              aria-current={focusedEvent === e._id ? 'true' : undefined}
            >
              <Link
                to="/calevents"
                search={{ calevent_id: e._id, task_id: t._id }}
                className="font-medium text-sky-800 underline-offset-2 hover:underline"
              >
                {e.name || e._id}
              </Link>
              {typeof e.utc_begin_plus_tz === 'number' ? (
                <div className="text-xs text-neutral-600 tabular-nums">
                  {dates.span(e.utc_begin_plus_tz, e.utc_end_plus_tz ?? e.utc_begin_plus_tz)}
                </div>
              ) : null}
            </li>
          )}
        </ListOr>
      </Section>
    </>
  );
}
