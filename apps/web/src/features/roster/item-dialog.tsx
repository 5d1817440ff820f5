import type { Booking } from '@rostra/core/api/bookings';
import type { CustomerRecord } from '@rostra/core/api/customers';
import type { ResourceRecord } from '@rostra/core/api/resources';
import type { TemplateSlot } from '@rostra/core/roster/template';
import { DAY, weekdayLongName } from '@rostra/core/time/calendar';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { askConfirm } from '../../lib/overlays.ts';
import { errorText, hmToSeconds, secondsToHm } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { FormDateField } from '../../ui/date-picker.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { controlClass, FormField, FormInput, FormSelect } from '../../ui/form.tsx';
import { FormModal } from '../../ui/form-modal.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { ROSTER_TEXT as T } from './roster-text.ts';
import {
  createTemplateItem,
  deleteTemplateItem,
  formOf,
  TEMPLATE_START,
  type TemplateForm,
  updateTemplateItem,
} from './template.ts';

export type ItemDialogState =
  | { kind: 'new'; week: 1 | 2; dayNum: number; rowId: string; byCustomer: boolean }
  | { kind: 'edit'; item: Booking; slot: TemplateSlot; byCustomer: boolean };

const validTime = (v: string) => !Number.isNaN(hmToSeconds(v));

/** The item form: the selects' values are text; times are `HH:MM`. */
const itemSchema = z
  .object({
    week: z.enum(['1', '2']),
    dayNum: z.string(),
    begin: z.string().refine(validTime, T.invalidTime),
    end: z.string().refine(validTime, T.invalidTime),
    resourceId: z.string(),
    customerId: z.string(),
    notes: z.string().max(2000),
  })
  .refine((f) => hmToSeconds(f.begin) !== hmToSeconds(f.end), { message: T.sameTime, path: ['end'] });
type ItemValues = z.input<typeof itemSchema>;

const DAY_OPTIONS = [0, 1, 2, 3, 4, 5, 6].map(
  (d) => [String(d), weekdayLongName(TEMPLATE_START + d * DAY)] as const,
);

/** Adds or edits one template item: week, weekday, times, resource, customer, notes. */
export function ItemDialog({
  state,
  resources,
  customers,
  onClose,
  onSaved,
}: {
  state: ItemDialogState;
  resources: readonly ResourceRecord[];
  customers: readonly CustomerRecord[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const initial: TemplateForm =
    state.kind === 'edit'
      ? formOf(state.item, state.slot)
      : {
          week: state.week,
          dayNum: state.dayNum,
          begin: 9 * 3600,
          end: 10 * 3600,
          resourceId: state.byCustomer ? null : state.rowId || null,
          customerId: state.byCustomer ? state.rowId || null : null,
          customerName: state.byCustomer
            ? (customers.find((c) => c._id === state.rowId)?.name ?? null)
            : null,
          notes: '',
          templateName: '',
        };
  const form = useZodForm(itemSchema, {
    defaultValues: {
      week: initial.week === 2 ? '2' : '1',
      dayNum: String(initial.dayNum),
      begin: secondsToHm(initial.begin),
      end: secondsToHm(initial.end),
      resourceId: initial.resourceId ?? '',
      customerId: initial.customerId ?? '',
      notes: initial.notes,
    },
  });
  const [message, setMessage] = useState<string | undefined>();
  const [isRemoving, setRemoving] = useState(false);
  const isBusy = isRemoving || form.formState.isSubmitting;
  const firstRef = useRef<HTMLSelectElement>(null);
  const [beginText, endText] = useWatch({ control: form.control, name: ['begin', 'end'] });

  const submit = async (values: z.output<typeof itemSchema>) => {
    setMessage(undefined);
    const next: TemplateForm = {
      ...initial,
      week: values.week === '2' ? 2 : 1,
      dayNum: Number(values.dayNum),
      begin: hmToSeconds(values.begin),
      end: hmToSeconds(values.end),
      resourceId: values.resourceId || null,
      customerId: values.customerId || null,
      customerName: customers.find((c) => c._id === values.customerId)?.name ?? null,
      notes: values.notes,
    };
    if (state.kind === 'edit') await updateTemplateItem(state.item, next);
    else await createTemplateItem(next);
    notify.success(T.saved);
    onSaved();
  };

  const remove = async () => {
    if (state.kind !== 'edit' || !(await askConfirm(T.confirmDelete))) return;
    setRemoving(true);
    try {
      await deleteTemplateItem(state.item);
      notify.success(T.deleted);
      onSaved();
    } catch (error) {
      setMessage(errorText(error));
    } finally {
      setRemoving(false);
    }
  };

  const begin = hmToSeconds(beginText);
  const end = hmToSeconds(endText);
  const isOvernight = !Number.isNaN(begin) && !Number.isNaN(end) && end < begin;

  return (
    <FormModal
      title={state.kind === 'edit' ? T.changeItem : T.newItem}
      onClose={onClose}
      initialFocus={firstRef}
      form={form}
      onSubmit={submit}
      isBlocked={isRemoving}
      before={
        state.kind === 'edit' ? (
          <Button variant="danger" className="mr-auto" disabled={isBusy} onClick={() => void remove()}>
            {T.delete}
          </Button>
        ) : null
      }
      formClassName="grid grid-cols-2 gap-3 [&>[role=alert]]:col-span-2"
    >
      <FormField<ItemValues> name="week" label={T.weekField}>
        {(f) => (
          <select
            {...f}
            ref={(el) => {
              f.ref(el);
              firstRef.current = el;
            }}
            className={controlClass(false)}
          >
            <option value="1">{T.week(1)}</option>
            <option value="2">{T.week(2)}</option>
          </select>
        )}
      </FormField>
      <FormSelect<ItemValues> name="dayNum" label={T.day} options={DAY_OPTIONS} />
      <FormDateField<ItemValues> name="begin" kind="time" label={T.begin} />
      <FormDateField<ItemValues>
        name="end"
        kind="time"
        label={T.end}
        description={isOvernight ? T.nextDay : undefined}
      />
      <FormSelect<ItemValues>
        name="resourceId"
        label={T.resource}
        className="col-span-2"
        options={[['', T.none], ...resources.map((r) => [r._id, r.name] as const)]}
      />
      <FormSelect<ItemValues>
        name="customerId"
        label={T.customer}
        className="col-span-2"
        options={[['', T.none], ...customers.map((c) => [c._id, c.name] as const)]}
      />
      <FormInput<ItemValues> name="notes" label={T.notes} maxLength={2000} className="col-span-2" />
      <div className="col-span-2 empty:hidden">
        <FormMessage message={message} />
      </div>
    </FormModal>
  );
}
