import type { ResourceRecord } from '@rostra/core/api/resources';
import { DAY, type DayCode, formatDate, weekdayLongName } from '@rostra/core/time/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Plus, Search, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { askConfirm } from '../../lib/overlays.ts';
import {
  errorText,
  hmToSeconds,
  isVersionConflict,
  secondsToHm,
  useResources,
  wallNow,
} from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { confirmLeave, useUnsavedChanges } from '../../lib/unsaved.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button, IconButton } from '../../ui/button.tsx';
import { TimeInput } from '../../ui/date-picker.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { PeriodNav } from '../../ui/period-nav.tsx';
import { RecheckedNotice, useRechecked } from '../../ui/rechecked-notice.tsx';
import { LeavesPanel } from './leaves-panel.tsx';
import {
  DEFAULT_TIMING,
  daysOfWeek,
  fetchShiftWeek,
  planIssues,
  plannedHours,
  planOf,
  saveShiftWeek,
  shiftWeekId,
  type WeekPlan,
  weekIdOf,
  weekIdStart,
} from './model.ts';
import { SHIFTS_TEXT as T } from './shifts-text.ts';

/**
 * Resource shifts (/resource_shifts): each resource's weekly availability — day flags and one or
 * more timings a day — saved with its version (a stale one is refused and says so, keeping the
 * edits), copied a week forward, and the resource's leaves and breaks of the week. Dispatchers
 * edit; a resource sees their own.
 */
export function ShiftsScreen() {
  const { role, me } = useShell();
  const isDispatcher = role === 'dispatcher';
  const ownResource = me.resource_id;
  const [weekId, setWeekId] = useState(() => weekIdOf(wallNow(me.company?.time_zone)));
  const resources = useResources(isDispatcher);
  const [picked, setPicked] = useState<string | null>(null);
  const resourceId = isDispatcher ? (picked ?? resources.data?.[0]?._id ?? null) : ownResource;

  const move = async (change: () => void) => {
    if (await confirmLeave()) change();
  };
  const start = weekIdStart(weekId);

  return (
    <Page
      title={T.title}
      actions={
        <PeriodNav
          from={start}
          to={start + 7 * DAY}
          unit={T.week}
          onPrevious={() => move(() => setWeekId((w) => shiftWeekId(w, -1)))}
          onNext={() => move(() => setWeekId((w) => shiftWeekId(w, 1)))}
          onToday={() => move(() => setWeekId(weekIdOf(wallNow(me.company?.time_zone))))}
        />
      }
    >
      <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
        {isDispatcher ? (
          <ResourcePicker
            query={resources}
            selected={resourceId}
            onSelect={(id) => move(() => setPicked(id))}
          />
        ) : null}
        <div className={`min-w-0 space-y-4 ${isDispatcher ? '' : 'md:col-span-2'}`}>
          {resourceId ? (
            <>
              <WeekEditor
                key={`${resourceId}|${weekId}`}
                resourceId={resourceId}
                resourceName={resources.data?.find((r) => r._id === resourceId)?.name}
                weekId={weekId}
                canEdit={isDispatcher}
              />
              <LeavesPanel
                key={`leaves|${resourceId}|${weekId}`}
                resourceId={resourceId}
                from={start}
                to={start + 7 * DAY}
                canEdit={isDispatcher}
              />
            </>
          ) : resources.isPending && isDispatcher ? (
            <Skeleton rows={7} />
          ) : resources.isError ? null : (
            <EmptyState title={T.noResources} hint={T.noResourcesHint} />
          )}
        </div>
      </div>
    </Page>
  );
}

function ResourcePicker({
  query,
  selected,
  onSelect,
}: {
  query: ReturnType<typeof useResources>;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const [text, setText] = useState('');
  const searchId = useId();
  const shown = useMemo(() => {
    const q = text.trim().toLowerCase();
    return (query.data ?? []).filter(
      (r) => q === '' || r.name.toLowerCase().includes(q) || r._id.includes(q),
    );
  }, [query.data, text]);
  if (query.isPending) return <Skeleton rows={8} className="h-8" />;
  if (query.isError)
    return <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  return (
    <nav aria-label={T.resource} className="rounded-lg border border-neutral-200 bg-white">
      <div className="border-b border-neutral-200 p-2">
        <label htmlFor={searchId} className="sr-only">
          {T.searchResources}
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-2 size-4 -translate-y-1/2 text-neutral-400"
          />
          <input
            id={searchId}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={T.searchResources}
            className="block min-h-11 w-full rounded-md border border-neutral-300 pr-2 pl-8 text-base sm:min-h-9 sm:text-sm"
          />
        </div>
      </div>
      <ul className="max-h-56 overflow-y-auto p-1 md:max-h-[calc(100dvh-14rem)]">
        {shown.length === 0 ? <li className="px-2 py-3 text-sm text-neutral-500">{T.noMatch}</li> : null}
        {shown.map((r: ResourceRecord) => (
          <li key={r._id}>
            <button
              type="button"
              onClick={() => onSelect(r._id)}
              aria-current={r._id === selected ? 'true' : undefined}
              className={`flex min-h-11 w-full items-center justify-between gap-2 rounded-md px-2 text-left text-sm sm:min-h-9 ${
                r._id === selected
                  ? 'bg-sky-50 font-medium text-sky-900'
                  : 'text-neutral-800 hover:bg-neutral-50'
              }`}
            >
              <span className="truncate">{r.name}</span>
              {r.inactive ? <span className="text-xs text-neutral-500">inactive</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const samePlan = (a: WeekPlan, b: WeekPlan) => JSON.stringify(a) === JSON.stringify(b);

function WeekEditor({
  resourceId,
  resourceName,
  weekId,
  canEdit,
}: {
  resourceId: string;
  resourceName: string | undefined;
  weekId: string;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const key = ['shifts', resourceId, weekId];
  const week = useQuery({ queryKey: key, queryFn: () => fetchShiftWeek(resourceId, weekId) });
  const [draft, setDraft] = useState<WeekPlan | null>(null);
  const [message, setMessage] = useState<string | undefined>();
  // Someone else saved the week first: offer to load their version.
  const [isConflict, setIsConflict] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [showIssues, setShowIssues] = useState(false);
  // The bookings the last save (or copy forward) put in or took out of conflict (issue 16 point 2).
  const rechecked = useRechecked();
  // Shown by the button that saved: Save at the foot, Copy forward at the head.
  const [noticeAtHead, setNoticeAtHead] = useState(false);

  const saved = useMemo(() => planOf(week.data?.record ?? null), [week.data]);
  const plan = draft ?? saved;
  const isDirty = draft !== null && !samePlan(draft, saved);
  useUnsavedChanges(isDirty);
  const issues = planIssues(plan);
  const days = daysOfWeek(weekId);

  const change = (code: DayCode, next: WeekPlan[DayCode]) => {
    setDraft({ ...plan, [code]: next });
    setMessage(undefined);
  };

  const save = async (version: number) => {
    if (issues.length > 0) {
      setShowIssues(true);
      setMessage(T.fixIssues);
      return;
    }
    setIsSaving(true);
    setMessage(undefined);
    try {
      const record = rechecked.take(await saveShiftWeek(resourceId, weekId, plan, version));
      setNoticeAtHead(false);
      queryClient.setQueryData(key, { weekId, record, version: record.version });
      setDraft(null);
      setIsConflict(false);
      setShowIssues(false);
      notify.success(T.saved);
    } catch (error) {
      if (isVersionConflict(error)) {
        setIsConflict(true);
        setMessage(T.conflict);
      } else setMessage(errorText(error));
    } finally {
      setIsSaving(false);
    }
  };

  const loadTheirs = async () => {
    setDraft(null);
    setIsConflict(false);
    setMessage(undefined);
    await week.refetch();
  };

  const copyForward = async () => {
    if (isDirty || !week.data?.record) {
      setMessage(T.copyNeedsSave);
      return;
    }
    const nextId = shiftWeekId(weekId, 1);
    const label = formatDate(weekIdStart(nextId));
    try {
      const next = await fetchShiftWeek(resourceId, nextId);
      if (next.record && !(await askConfirm(T.copyOverwrite(label)))) return;
      const record = rechecked.take(await saveShiftWeek(resourceId, nextId, saved, next.version));
      setNoticeAtHead(true);
      queryClient.setQueryData(['shifts', resourceId, nextId], {
        weekId: nextId,
        record,
        version: record.version,
      });
      notify.success(T.copied(label));
    } catch (error) {
      setMessage(errorText(error));
    }
  };

  const hasRecord = Boolean(week.data?.record);

  return (
    <section aria-labelledby="shift-week-title" className="rounded-lg border border-neutral-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-neutral-200 px-4 py-3">
        <div>
          <h2 id="shift-week-title" className="text-base font-semibold text-neutral-900">
            {T.weeklyAvailability}
            {resourceName ? <span className="font-normal text-neutral-600"> · {resourceName}</span> : null}
          </h2>
          <p className="text-xs text-neutral-500" data-testid="planned-hours">
            {T.hours(plannedHours(plan))}
          </p>
        </div>
        {canEdit ? (
          <Button
            variant="secondary"
            onClick={() => void copyForward()}
            disabled={week.isPending || isSaving}
          >
            <Copy aria-hidden className="size-4" />
            {T.copyForward}
          </Button>
        ) : null}
      </div>
      {noticeAtHead ? <RecheckedNotice {...rechecked.props} /> : null}
      {week.isPending ? (
        <div className="p-4">
          <Skeleton rows={7} className="h-9" />
        </div>
      ) : week.isError ? (
        <div className="p-4">
          <ErrorState message={errorText(week.error)} onRetry={() => void week.refetch()} />
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save(week.data.version);
          }}
        >
          {!hasRecord ? <p className="px-4 pt-3 text-sm text-neutral-500">{T.noRecord}</p> : null}
          {!canEdit ? <p className="px-4 pt-3 text-sm text-neutral-500">{T.readOnly}</p> : null}
          <ul className="divide-y divide-neutral-100">
            {days.map(({ code, date }) => (
              <DayRow
                key={code}
                label={weekdayLongName(date)}
                date={formatDate(date)}
                day={plan[code]}
                canEdit={canEdit}
                issues={showIssues ? issues.filter((i) => i.day === code) : []}
                onChange={(next) => change(code, next)}
              />
            ))}
          </ul>
          {canEdit ? (
            <div className="space-y-3 border-t border-neutral-200 px-4 py-3">
              {noticeAtHead ? null : <RecheckedNotice {...rechecked.props} className="" />}
              <FormMessage message={message} />
              {isConflict ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => void loadTheirs()}>
                    {T.reloadTheirs}
                  </Button>
                </div>
              ) : null}
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="ghost" disabled={!isDirty || isSaving} onClick={() => setDraft(null)}>
                  {T.discard}
                </Button>
                <Button type="submit" disabled={isSaving || (!isDirty && hasRecord)} aria-busy={isSaving}>
                  {isSaving ? T.saving : T.save}
                </Button>
              </div>
            </div>
          ) : null}
        </form>
      )}
    </section>
  );
}

function DayRow({
  label,
  date,
  day,
  canEdit,
  issues,
  onChange,
}: {
  label: string;
  date: string;
  day: WeekPlan[DayCode];
  canEdit: boolean;
  issues: { index: number; message: string }[];
  onChange: (next: WeekPlan[DayCode]) => void;
}) {
  const checkId = useId();
  const setTiming = (i: number, field: 'beg' | 'end', value: string) =>
    onChange({
      ...day,
      timings: day.timings.map((t, j) => (j === i ? { ...t, [field]: hmToSeconds(value) } : t)),
    });
  const dayIssue = issues.find((i) => i.index === -1);
  return (
    <li className="grid gap-2 px-4 py-2.5 sm:grid-cols-[13rem_1fr] sm:items-start" data-day={label}>
      <div className="flex min-h-9 items-center gap-2">
        <input
          id={checkId}
          type="checkbox"
          checked={day.isOn}
          disabled={!canEdit}
          onChange={(e) =>
            onChange(
              e.target.checked
                ? { isOn: true, timings: day.timings.length ? day.timings : [{ ...DEFAULT_TIMING }] }
                : { isOn: false, timings: [] },
            )
          }
          aria-label={T.worked(label)}
          className="size-5 accent-sky-700 sm:size-4"
        />
        <label htmlFor={checkId} className="text-sm whitespace-nowrap">
          <span className="font-medium text-neutral-900">{label}</span>{' '}
          <span className="text-neutral-500 tabular-nums">{date}</span>
        </label>
      </div>
      <div className="space-y-2">
        {!day.isOn ? <p className="py-2 text-sm text-neutral-400">{T.off}</p> : null}
        {day.timings.map((t, i) => {
          const issue = issues.find((x) => x.index === i);
          const isOvernight = Number.isFinite(t.beg) && Number.isFinite(t.end) && t.end < t.beg;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: timings are positional (timing 1, 2, …)
            <div key={i} className="flex flex-wrap items-center gap-2">
              <TimeInput
                step={300}
                aria-label={T.begin(label, i + 1)}
                value={Number.isFinite(t.beg) ? secondsToHm(t.beg) : ''}
                disabled={!canEdit}
                onValueChange={(v) => setTiming(i, 'beg', v)}
                aria-invalid={issue ? true : undefined}
                wrapperClassName="block"
                className={`min-h-11 w-28 rounded-md border px-2 text-base tabular-nums sm:min-h-9 sm:text-sm ${issue ? 'border-red-600' : 'border-neutral-300'}`}
              />
              <span aria-hidden className="text-neutral-400">
                –
              </span>
              <TimeInput
                step={300}
                aria-label={T.end(label, i + 1)}
                value={Number.isFinite(t.end) ? secondsToHm(t.end) : ''}
                disabled={!canEdit}
                onValueChange={(v) => setTiming(i, 'end', v)}
                aria-invalid={issue ? true : undefined}
                wrapperClassName="block"
                className={`min-h-11 w-28 rounded-md border px-2 text-base tabular-nums sm:min-h-9 sm:text-sm ${issue ? 'border-red-600' : 'border-neutral-300'}`}
              />
              {isOvernight ? <span className="text-xs text-neutral-500">({T.nextDay})</span> : null}
              {canEdit ? (
                <IconButton
                  label={T.removeTiming(label, i + 1)}
                  onClick={() => {
                    const timings = day.timings.filter((_, j) => j !== i);
                    onChange({ isOn: timings.length > 0, timings });
                  }}
                >
                  <X aria-hidden className="size-4" />
                </IconButton>
              ) : null}
              {issue ? (
                <p role="alert" className="w-full text-sm text-red-700">
                  {issue.message}
                </p>
              ) : null}
            </div>
          );
        })}
        {dayIssue ? (
          <p role="alert" className="text-sm text-red-700">
            {dayIssue.message}
          </p>
        ) : null}
        {canEdit && day.isOn ? (
          <Button
            variant="ghost"
            className="-ml-2"
            aria-label={T.addTimingTo(label)}
            onClick={() => {
              const last = day.timings[day.timings.length - 1];
              const beg = last && Number.isFinite(last.end) ? last.end : DEFAULT_TIMING.beg;
              onChange({
                ...day,
                timings: [...day.timings, { beg, end: Math.min(beg + 4 * 3600, DAY - 300) }],
              });
            }}
          >
            <Plus aria-hidden className="size-4" />
            {T.addTiming}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
