import type { CalendarEventRecord } from '@rostra/core/api/calendar-events';
import type { ProjectTaskRecord } from '@rostra/core/api/project-tasks';
import type { ResourceRecord } from '@rostra/core/api/resources';
import { isResourceForced } from '@rostra/core/settings/flag-rules';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { type OrgDates, useOrgDates } from '../../../lib/org-dates.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { allQuery, listQuery } from '../api.ts';
import { Facts, NotesSection, Section } from '../parts.tsx';
import { dayFilter, OPEN_CARD_CLASS, OpenLink, RecordDirectory, useDirectory } from '../record-directory.tsx';
import type { CalendarEventsSearch } from '../search.ts';
import { CALEVENTS_TEXT as E, DIRECTORY_TEXT as T } from '../texts.ts';
import { CalendarEventForm } from './calendar-event-form.tsx';

const whenOf = (e: CalendarEventRecord, dates: OrgDates) => {
  const b = e.utc_begin_plus_tz;
  return b == null ? E.allDayUnset : dates.span(b, e.utc_end_plus_tz ?? b);
};

/**
 * Calendar events (/calevents, issue 8): search, task and date filters and numbered pages of the
 * events the caller may read (readers lists, applied by the API); `?calevent_id=` opens one,
 * `?task_id=` narrows to a task's events; `?type=` is the menu's own (it picks the highlighted
 * entry) and is kept. Dispatchers create and edit; no actions for any role (spec §6).
 */
export function CalendarEventsScreen() {
  const dates = useOrgDates();
  const { role, settings } = useShell();
  const isDispatcher = role === 'dispatcher';
  const resources = useQuery({ ...allQuery<ResourceRecord>('/resources'), enabled: isDispatcher }).data ?? [];
  const tasks =
    useQuery(listQuery<ProjectTaskRecord>('/directory/project-tasks', { limit: 250 })).data?.items ?? [];
  const taskName = (tid: string) => tasks.find((t) => t._id === tid)?.name || tid;
  const dir = useDirectory<CalendarEventsSearch, CalendarEventRecord>({
    search: useSearch({ from: '/shell/calevents' }),
    list: '/directory/calendar-events',
    // Search, a task, events from a day; the menu's `?type=` is kept, not cleared.
    filters: [
      { key: 'q' },
      {
        key: 'task_id',
        label: E.task,
        options: [['', T.any], ...tasks.map((t) => [t._id, t.name || t._id] as const)],
      },
      dayFilter('from', T.begin),
      { key: 'type', kept: true },
    ],
    idKey: 'calevent_id',
    live: { topic: 'records', kind: 'calendar_events' },
  });
  const type = dir.text('type');
  return (
    <RecordDirectory
      dir={dir}
      text={E}
      canWrite={isDispatcher}
      subtitle={type ? E.type(type) : null}
      view={{
        row: (ev) => (
          <>
            <OpenLink id={ev._id} idKey="calevent_id" className={`min-w-48 flex-1 ${OPEN_CARD_CLASS}`}>
              {ev.name || ev._id}
            </OpenLink>
            <span className="text-sm text-neutral-700 tabular-nums">{whenOf(ev, dates)}</span>
            {ev.type ? (
              <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700">
                {ev.type}
              </span>
            ) : null}
            {ev.task_id ? (
              <span className="text-xs text-neutral-500">
                {E.task}: {taskName(ev.task_id)}
              </span>
            ) : null}
          </>
        ),
      }}
      dataName="calevent"
      width="max-w-6xl"
      drawer={{
        collection: '/calendar-events',
        title: (ev) => ev.name || ev._id,
        sections: (ev) => (
          <>
            <Section title={T.when}>
              <Facts
                rows={[
                  [T.when, whenOf(ev, dates)],
                  [E.typeLabel, ev.type],
                  [
                    E.task,
                    ev.task_id ? (
                      <Link
                        key="task"
                        to="/projecttasks"
                        search={{ task_id: ev.task_id, calevent_id: ev._id }}
                        className="text-sky-800 underline-offset-2 hover:underline"
                      >
                        {taskName(ev.task_id)}
                      </Link>
                    ) : (
                      ''
                    ),
                  ],
                ]}
              />
            </Section>
            <NotesSection notes={ev.notes} />
          </>
        ),
      }}
      form={(event, handlers) => (
        <CalendarEventForm
          event={event}
          defaultTask={dir.text('task_id')}
          defaultType={type}
          tasks={tasks}
          resources={resources}
          mustHaveResource={isResourceForced('calevent', settings?.ds)}
          {...handlers}
        />
      )}
    />
  );
}
