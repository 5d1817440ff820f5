import type { CalendarEventRecord } from '@rostra/core/api/calendar-events';
import type { ProjectTaskRecord } from '@rostra/core/api/project-tasks';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useShell } from '../../../shell/shell-context.tsx';
import { listQuery } from '../api.ts';
import { dayParam, type FilterParam } from '../model.ts';
import { Facts, formatSpan, Section } from '../parts.tsx';
import {
  DirectoryDateFilter,
  DirectoryFilter,
  OPEN_CARD_CLASS,
  OpenLink,
  RecordDirectory,
  RecordDrawer,
  useDirectoryState,
} from '../record-directory.tsx';
import type { CalendarEventsSearch } from '../search.ts';
import { CALEVENTS_TEXT as E, DIRECTORY_TEXT as T } from '../texts.ts';
import { CalendarEventForm } from './calendar-event-form.tsx';

const PAGE_SIZE = 40;
const COLLECTION = '/calendar-events';

/** The list's filters: search, a task, events from a day; the menu's `?type=` is kept, not cleared. */
const FILTERS: FilterParam[] = [
  { key: 'q' },
  { key: 'task_id' },
  { key: 'from', to: dayParam() },
  { key: 'type', kept: true },
];

const whenOf = (e: CalendarEventRecord) => {
  const b = e.utc_begin_plus_tz;
  return b == null ? E.allDayUnset : formatSpan(b, e.utc_end_plus_tz ?? b);
};

/**
 * Calendar events (/calevents, issue 8): search, task and date filters and numbered pages of the
 * events the caller may read (readers lists, applied by the API); `?calevent_id=` opens one,
 * `?task_id=` narrows to a task's events; `?type=` is the menu's own (it picks the highlighted
 * entry) and is kept. Dispatchers create and edit; no actions for any role (spec §6).
 */
export function CalendarEventsScreen() {
  const { role } = useShell();
  const isDispatcher = role === 'dispatcher';
  const navigate = useNavigate({ from: '/calevents' });
  const dir = useDirectoryState<CalendarEventsSearch, CalendarEventRecord>({
    search: useSearch({ from: '/shell/calevents' }),
    navigate: (update, replace) => void navigate({ search: update, replace }),
    filters: FILTERS,
    idKey: 'calevent_id',
    pageSize: PAGE_SIZE,
    live: { topic: 'records', kind: 'calendar_events' },
  });
  const list = useQuery(listQuery<CalendarEventRecord>('/directory/calendar-events', dir.query));
  const tasks =
    useQuery(listQuery<ProjectTaskRecord>('/directory/project-tasks', { limit: 250 })).data?.items ?? [];
  const taskName = (tid: string) => tasks.find((t) => t._id === tid)?.name || tid;
  const type = dir.text('type');
  return (
    <RecordDirectory
      dir={dir}
      title={E.title}
      subtitle={type ? E.type(type) : null}
      listLabel={E.list}
      newLabel={E.newEvent}
      canCreate={isDispatcher}
      searchPlaceholder={T.name}
      filters={
        <>
          <DirectoryFilter
            dir={dir}
            name="task_id"
            label={E.task}
            options={[['', T.any], ...tasks.map((t) => [t._id, t.name || t._id] as const)]}
          />
          <DirectoryDateFilter dir={dir} name="from" label={T.begin} />
        </>
      }
      list={list}
      pageSize={PAGE_SIZE}
      empty={{ none: E.empty, filtered: E.filterEmpty }}
      view={{
        row: (ev) => (
          <>
            <OpenLink id={ev._id} idKey="calevent_id" className={`min-w-48 flex-1 ${OPEN_CARD_CLASS}`}>
              {ev.name || ev._id}
            </OpenLink>
            <span className="text-sm text-neutral-700 tabular-nums">{whenOf(ev)}</span>
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
    >
      {dir.selected ? (
        <RecordDrawer<CalendarEventRecord>
          key={dir.selected}
          collection={COLLECTION}
          id={dir.selected}
          title={(ev) => ev.name || ev._id}
          fallbackTitle={E.title}
          testId="calevent-detail"
          canWrite={isDispatcher}
          deleteWhat={(ev) => E.deleteWhat(ev.name || ev._id)}
          {...dir.drawerHandlers}
        >
          {(ev) => (
            <>
              <Section title={T.when}>
                <Facts
                  rows={[
                    [T.when, whenOf(ev)],
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
              {ev.notes ? (
                <Section title={T.notes}>
                  <p className="whitespace-pre-line">{ev.notes}</p>
                </Section>
              ) : null}
            </>
          )}
        </RecordDrawer>
      ) : null}
      {dir.editing ? (
        <CalendarEventForm
          event={dir.editing === 'new' ? undefined : dir.editing}
          defaultTask={dir.text('task_id')}
          defaultType={type}
          tasks={tasks}
          {...dir.formHandlers}
        />
      ) : null}
    </RecordDirectory>
  );
}
