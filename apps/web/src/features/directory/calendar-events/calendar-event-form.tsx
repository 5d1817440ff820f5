import {
  type CalendarEventRecord,
  type CreateCalendarEventBody,
  createCalendarEventBody,
} from '@rostra/core/api/calendar-events';
import type { ProjectTaskRecord } from '@rostra/core/api/project-tasks';
import type { ResourceRecord } from '@rostra/core/api/resources';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { FormInput, FormSelect, FormTextarea } from '../../../ui/form.tsx';
import { displayName } from '../api.ts';
import { PickManyField } from '../labels-field.tsx';
import { checkEvent, spanFrom, spanValuesOf } from '../model.ts';
import { ReadersField } from '../readers-field.tsx';
import { RecordForm } from '../record-directory.tsx';
import { SpanFields } from '../span-fields.tsx';
import { CALEVENTS_TEXT as E, DIRECTORY_TEXT as T } from '../texts.ts';

const COLLECTION = '/calendar-events';

/**
 * The calendar event form's values, its checks and the body it sends (core's create schema checks
 * it): a resource on a new event when the organisation forces it (core `settings/flag-rules`).
 */
const calendarEventForm = ({ isNew, mustHaveResource }: { isNew: boolean; mustHaveResource: boolean }) =>
  z
    .object({
      name: z.string(),
      type: z.string(),
      task_id: z.string(),
      date: z.string(),
      begin: z.string(),
      end: z.string(),
      notes: z.string(),
      readers: z.array(z.string()),
      resIds: z.array(z.string()),
    })
    .superRefine((v, ctx) =>
      checkEvent(v, ctx, { nameField: 'name', kind: 'calevent', isNew, mustHaveResource }),
    )
    .transform((v): CreateCalendarEventBody => {
      const span = spanFrom(v.date, v.begin, v.end);
      return {
        name: v.name.trim(),
        type: v.type.trim() || null,
        task_id: v.task_id || null,
        utc_begin_plus_tz: span.begin,
        utc_end_plus_tz: span.end,
        notes: v.notes.trim() || null,
        _uid_r: v.readers,
        resIds: v.resIds,
      };
    })
    .pipe(createCalendarEventBody);
type EventValues = z.input<ReturnType<typeof calendarEventForm>>;

/**
 * A calendar event's form. A new one takes the screen's task and type (so that it is listed
 * there); whoever may read the task may read its events: choosing a task adds its readers.
 */
export function CalendarEventForm({
  event,
  defaultTask,
  defaultType,
  tasks,
  resources,
  mustHaveResource,
  onClose,
  onSaved,
}: {
  event: CalendarEventRecord | undefined;
  defaultTask: string;
  defaultType: string;
  tasks: ProjectTaskRecord[];
  resources: ResourceRecord[];
  mustHaveResource: boolean;
  onClose: () => void;
  onSaved: (ev: CalendarEventRecord) => void;
}) {
  const queryClient = useQueryClient();
  const readersOfTask = (tid: string) => tasks.find((t) => t._id === tid)?._uid_r ?? [];
  const valuesOf = (x: CalendarEventRecord | undefined): EventValues => ({
    name: x?.name ?? '',
    type: x ? (x.type ?? '') : defaultType,
    task_id: x ? (x.task_id ?? '') : defaultTask,
    ...spanValuesOf(x?.utc_begin_plus_tz, x?.utc_end_plus_tz),
    notes: x?.notes ?? '',
    readers: x ? (x._uid_r ?? []) : readersOfTask(defaultTask),
    resIds: x?.resIds ?? [],
  });
  return (
    <RecordForm
      collection={COLLECTION}
      record={event}
      schema={calendarEventForm({ isNew: !event, mustHaveResource })}
      valuesOf={valuesOf}
      title={(x) => (x ? E.editTitle(x.name || x._id) : E.createTitle)}
      testId="calevent-form"
      fieldMap={{ utc_begin_plus_tz: 'begin', utc_end_plus_tz: 'end', _uid_r: 'readers' }}
      afterSave={() => queryClient.invalidateQueries({ queryKey: ['calendar'] })}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <FormInput<EventValues> name="name" label={T.name} maxLength={200} />
          <FormInput<EventValues> name="type" label={E.typeLabel} maxLength={60} description={E.typeHint} />
          <FormSelect<EventValues>
            name="task_id"
            label={E.task}
            options={[['', E.noTask], ...tasks.map((t) => [t._id, t.name || t._id] as const)]}
            onChangeCapture={(e) => {
              // The chosen task's readers join the event's (whoever may read the task).
              const tid = (e.target as HTMLSelectElement).value;
              const readers = [...new Set([...form.getValues('readers'), ...readersOfTask(tid)])];
              form.setValue('readers', readers, { shouldDirty: true });
            }}
          />
          <SpanFields />
          <PickManyField<EventValues>
            name="resIds"
            label={E.resources}
            options={resources.map((r) => [r._id, displayName(r, r._id)] as const)}
            size={4}
          />
          <ReadersField
            value={form.watch('readers')}
            onChange={(r) => form.setValue('readers', r, { shouldDirty: true })}
            error={form.formState.errors.readers?.message}
          />
          <FormTextarea<EventValues> name="notes" label={T.notes} rows={3} maxLength={5000} />
        </>
      )}
    </RecordForm>
  );
}
