import type { ResourceRecord } from '@rostra/core/api/resources';
import { DAY, type DayCode, weekdayLongName } from '@rostra/core/time/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Plus, X } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { get, useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useOrgDates } from '../../lib/org-dates.ts';
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
import { confirmLeave } from '../../lib/unsaved.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button, IconButton } from '../../ui/button.tsx';
import { TimeInput } from '../../ui/date-picker.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { Form, SubmitButton } from '../../ui/form.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { PeriodNav } from '../../ui/period-nav.tsx';
import { RecheckedNotice, useRechecked } from '../../ui/rechecked-notice.tsx';
import { SearchField } from '../../ui/search-input.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { LeavesPanel } from './leaves-panel.tsx';
import {
  DEFAULT_TIMING,
  daysOfWeek,
  fetchShiftWeek,
  plannedHours,
  planOf,
  type ShiftWeek,
  saveShiftWeek,
  shiftWeekId,
  type WeekPlan,
  weekIdOf,
  weekIdStart,
  weekPlanSchema,
} from './model.ts';
import { SHIFTS_TEXT as T } from './shifts-text.ts';

/**
 * Resource shifts (/resource_shifts): each resource's weekly availability — day flags and one or
 * more timings a day — saved with its version (a stale one is refused and says so, keeping the
 * edits), copied a week forward, and the resource's leaves and breaks of the week. Dispatchers
 * edit; a resource sees their own.
 */
export function ShiftsScreen() {
  const dates = useOrgDates();
  const { role, me } = useShell();
  const isDispatcher = role === 'dispatcher';
  const ownResource = me.resource_id;
  const [weekId, setWeekId] = useState(() => weekIdOf(wallNow(me.company?.time_zone), dates.weekStartDay));
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
          onToday={() => move(() => setWeekId(weekIdOf(wallNow(me.company?.time_zone), dates.weekStartDay)))}
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
        <SearchField label={T.searchResources} value={text} onChange={setText} />
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
  const week = useQuery({
    queryKey: ['shifts', resourceId, weekId],
    queryFn: () => fetchShiftWeek(resourceId, weekId),
  });
  return (
    <section aria-labelledby="shift-week-title" className="rounded-lg border border-neutral-200 bg-white">
      {week.isPending ? (
        <>
          <WeekHeading resourceName={resourceName} hours={0} />
          <div className="p-4">
            <Skeleton rows={7} className="h-9" />
          </div>
        </>
      ) : week.isError ? (
        <>
          <WeekHeading resourceName={resourceName} hours={0} />
          <div className="p-4">
            <ErrorState message={errorText(week.error)} onRetry={() => void week.refetch()} />
          </div>
        </>
      ) : (
        <WeekForm
          resourceId={resourceId}
          resourceName={resourceName}
          weekId={weekId}
          canEdit={canEdit}
          week={week.data}
          reload={async () => (await week.refetch()).data}
        />
      )}
    </section>
  );
}

function WeekHeading({
  resourceName,
  hours,
  children,
}: {
  resourceName: string | undefined;
  hours: number;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-neutral-200 px-4 py-3">
      <div>
        <h2 id="shift-week-title" className="text-base font-semibold text-neutral-900">
          {T.weeklyAvailability}
          {resourceName ? <span className="font-normal text-neutral-600"> · {resourceName}</span> : null}
        </h2>
        <p className="text-xs text-neutral-500" data-testid="planned-hours">
          {T.hours(hours)}
        </p>
      </div>
      {children}
    </div>
  );
}

/**
 * A week's plan on the form kit: the saved record's plan until edited (a refetch follows the
 * server while untouched), checked by the plan schema on save, saved with the version read; a
 * stale save keeps the edits and offers their version.
 */
function WeekForm({
  resourceId,
  resourceName,
  weekId,
  canEdit,
  week,
  reload,
}: {
  resourceId: string;
  resourceName: string | undefined;
  weekId: string;
  canEdit: boolean;
  week: ShiftWeek;
  reload: () => Promise<ShiftWeek | undefined>;
}) {
  const dates = useOrgDates();
  const queryClient = useQueryClient();
  const saved = useMemo(() => planOf(week.record), [week.record]);
  const form = useZodForm(weekPlanSchema, {
    mode: 'onSubmit',
    defaultValues: saved,
    values: saved,
    resetOptions: { keepDirtyValues: true },
  });
  const { isDirty, isSubmitting, errors } = form.formState;
  const plan = useWatch({ control: form.control }) as WeekPlan;
  const [message, setMessage] = useState<string | undefined>();
  // The bookings the last save (or copy forward) put in or took out of conflict (issue 16 point 2).
  const rechecked = useRechecked();
  // Shown by the button that saved: Save at the foot, Copy forward at the head.
  const [noticeAtHead, setNoticeAtHead] = useState(false);
  const days = daysOfWeek(weekId);
  const hasRecord = week.record !== null;
  const rootMessage = errors.root?.server?.message;
  const hasIssues = Object.keys(errors).some((k) => k !== 'root');

  const save = async (values: WeekPlan) => {
    setMessage(undefined);
    const record = rechecked.take(await saveShiftWeek(resourceId, weekId, values, week.version));
    setNoticeAtHead(false);
    queryClient.setQueryData(['shifts', resourceId, weekId], { weekId, record, version: record.version });
    notify.success(T.saved);
  };

  const loadTheirs = async () => {
    setMessage(undefined);
    const fresh = await reload();
    form.reset(planOf(fresh?.record ?? null));
  };

  const copyForward = async () => {
    if (isDirty || !hasRecord) {
      setMessage(T.copyNeedsSave);
      return;
    }
    const nextId = shiftWeekId(weekId, 1);
    const label = dates.date(weekIdStart(nextId));
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

  return (
    <>
      <WeekHeading resourceName={resourceName} hours={plannedHours(plan)}>
        {canEdit ? (
          <Button variant="secondary" onClick={() => void copyForward()} disabled={isSubmitting}>
            <Copy aria-hidden className="size-4" />
            {T.copyForward}
          </Button>
        ) : null}
      </WeekHeading>
      {noticeAtHead ? <RecheckedNotice {...rechecked.props} /> : null}
      <Form
        form={form}
        onSubmit={save}
        guard={canEdit}
        showMessage={false}
        formError={(error) => (isVersionConflict(error) ? T.conflict : undefined)}
      >
        {!hasRecord ? <p className="px-4 pt-3 text-sm text-neutral-500">{T.noRecord}</p> : null}
        {!canEdit ? <p className="px-4 pt-3 text-sm text-neutral-500">{T.readOnly}</p> : null}
        <ul className="divide-y divide-neutral-100">
          {days.map(({ code, date }) => (
            <DayRow
              key={code}
              code={code}
              label={weekdayLongName(date)}
              date={dates.date(date)}
              canEdit={canEdit}
            />
          ))}
        </ul>
        {canEdit ? (
          <div className="space-y-3 border-t border-neutral-200 px-4 py-3">
            {noticeAtHead ? null : <RecheckedNotice {...rechecked.props} className="" />}
            <FormMessage message={message ?? rootMessage ?? (hasIssues ? T.fixIssues : undefined)} />
            {rootMessage === T.conflict ? (
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => void loadTheirs()}>
                  {T.reloadTheirs}
                </Button>
              </div>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="ghost"
                disabled={!isDirty || isSubmitting}
                onClick={() => {
                  setMessage(undefined);
                  form.reset();
                }}
              >
                {T.discard}
              </Button>
              <SubmitButton needsChange={hasRecord} pending={T.saving} aria-busy={isSubmitting}>
                {T.save}
              </SubmitButton>
            </div>
          </div>
        ) : null}
      </Form>
    </>
  );
}

/** One day of the week form: whether it is worked, and its timings (added, changed, removed). */
function DayRow({
  code,
  label,
  date,
  canEdit,
}: {
  code: DayCode;
  label: string;
  date: string;
  canEdit: boolean;
}) {
  const { control, setValue, formState } = useFormContext<WeekPlan>();
  const { errors, isSubmitted } = formState;
  const timings = useFieldArray({ control, name: `${code}.timings` });
  const isOn = useController({ control, name: `${code}.isOn` });
  const values = useWatch({ control, name: `${code}.timings` });
  const checkId = useId();
  const dayIssue = isOn.fieldState.error?.message;
  const timingIssue = (i: number) =>
    (get(errors, `${code}.timings.${i}`) as { message?: string } | undefined)?.message;
  return (
    <li className="grid gap-2 px-4 py-2.5 sm:grid-cols-[13rem_1fr] sm:items-start" data-day={label}>
      <div className="flex min-h-9 items-center gap-2">
        <input
          id={checkId}
          type="checkbox"
          ref={isOn.field.ref}
          checked={isOn.field.value}
          disabled={!canEdit}
          onBlur={isOn.field.onBlur}
          onChange={(e) => {
            if (e.target.checked) {
              if (timings.fields.length === 0) timings.append({ ...DEFAULT_TIMING });
            } else timings.replace([]);
            isOn.field.onChange(e.target.checked);
          }}
          aria-label={T.worked(label)}
          aria-invalid={dayIssue ? true : undefined}
          className="size-5 accent-sky-700 sm:size-4"
        />
        <label htmlFor={checkId} className="text-sm whitespace-nowrap">
          <span className="font-medium text-neutral-900">{label}</span>{' '}
          <span className="text-neutral-500 tabular-nums">{date}</span>
        </label>
      </div>
      <div className="space-y-2">
        {!isOn.field.value ? <p className="py-2 text-sm text-neutral-400">{T.off}</p> : null}
        {timings.fields.map((f, i) => {
          const issue = timingIssue(i);
          const t = values[i] ?? f;
          const isOvernight = Number.isFinite(t.beg) && Number.isFinite(t.end) && t.end < t.beg;
          return (
            <div key={f.id} className="flex flex-wrap items-center gap-2">
              <TimingInput
                name={`${code}.timings.${i}.beg`}
                label={T.begin(label, i + 1)}
                canEdit={canEdit}
                isInvalid={Boolean(issue)}
              />
              <span aria-hidden className="text-neutral-400">
                –
              </span>
              <TimingInput
                name={`${code}.timings.${i}.end`}
                label={T.end(label, i + 1)}
                canEdit={canEdit}
                isInvalid={Boolean(issue)}
              />
              {isOvernight ? <span className="text-xs text-neutral-500">({T.nextDay})</span> : null}
              {canEdit ? (
                <IconButton
                  label={T.removeTiming(label, i + 1)}
                  onClick={() => {
                    timings.remove(i);
                    if (timings.fields.length === 1)
                      setValue(`${code}.isOn`, false, {
                        shouldDirty: true,
                        shouldValidate: isSubmitted,
                      });
                  }}
                >
                  <X aria-hidden className="size-4" />
                </IconButton>
              ) : null}
              {issue ? (
                <p role="alert" className="w-full text-sm text-red-700">
                  {issue}
                </p>
              ) : null}
            </div>
          );
        })}
        {dayIssue ? (
          <p role="alert" className="text-sm text-red-700">
            {dayIssue}
          </p>
        ) : null}
        {canEdit && isOn.field.value ? (
          <Button
            variant="ghost"
            className="-ml-2"
            aria-label={T.addTimingTo(label)}
            onClick={() => {
              const last = values[values.length - 1];
              const beg = last && Number.isFinite(last.end) ? last.end : DEFAULT_TIMING.beg;
              timings.append({ beg, end: Math.min(beg + 4 * 3600, DAY - 300) });
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

/** A timing's begin or end: `HH:MM` on screen, seconds in the day in the form (NaN when not a time). */
function TimingInput({
  name,
  label,
  canEdit,
  isInvalid,
}: {
  name: `${DayCode}.timings.${number}.${'beg' | 'end'}`;
  label: string;
  canEdit: boolean;
  isInvalid: boolean;
}) {
  const { field } = useController<WeekPlan>({ name });
  const seconds = field.value as number;
  return (
    <TimeInput
      step={300}
      aria-label={label}
      value={Number.isFinite(seconds) ? secondsToHm(seconds) : ''}
      disabled={!canEdit}
      onValueChange={(v) => field.onChange(hmToSeconds(v))}
      onBlur={field.onBlur}
      aria-invalid={isInvalid ? true : undefined}
      wrapperClassName="block"
      className={`min-h-11 w-28 rounded-md border px-2 text-base tabular-nums sm:min-h-9 sm:text-sm ${isInvalid ? 'border-red-600' : 'border-neutral-300'}`}
    />
  );
}
