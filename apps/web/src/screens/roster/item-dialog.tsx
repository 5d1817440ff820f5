import type { TemplateSlot } from '@rostra/core/roster/template';
import { DAY, weekdayLongName } from '@rostra/core/time/calendar';
import { useId, useRef, useState } from 'react';
import { askConfirm } from '../../lib/overlays.ts';
import {
  type CustomerRecord,
  errorText,
  hmToSeconds,
  type ResourceRecord,
  secondsToHm,
  type TimelineRecord,
} from '../../lib/roster.ts';
import {
  createTemplateItem,
  deleteTemplateItem,
  formOf,
  TEMPLATE_START,
  type TemplateForm,
  updateTemplateItem,
} from '../../lib/roster-template.ts';
import { notify } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { TimeInput } from '../../ui/date-picker.tsx';
import { Modal } from '../../ui/dialog.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { ROSTER_TEXT as T } from './roster-text.ts';

export type ItemDialogState =
  | { kind: 'new'; week: 1 | 2; dayNum: number; rowId: string; byCustomer: boolean }
  | { kind: 'edit'; item: TimelineRecord; slot: TemplateSlot; byCustomer: boolean };

const input =
  'mt-1 block min-h-11 w-full rounded-md border border-neutral-300 bg-white px-2 text-base sm:min-h-9 sm:text-sm';

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
  const [form, setForm] = useState(initial);
  const [beginText, setBeginText] = useState(secondsToHm(initial.begin));
  const [endText, setEndText] = useState(secondsToHm(initial.end));
  const [message, setMessage] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const formId = useId();
  const ids = {
    week: useId(),
    day: useId(),
    begin: useId(),
    end: useId(),
    res: useId(),
    cus: useId(),
    notes: useId(),
  };
  const firstRef = useRef<HTMLSelectElement>(null);

  const submit = async () => {
    const begin = hmToSeconds(beginText);
    const end = hmToSeconds(endText);
    if (Number.isNaN(begin) || Number.isNaN(end)) return setMessage(T.invalidTime);
    if (begin === end) return setMessage(T.sameTime);
    setIsBusy(true);
    setMessage(undefined);
    const next = { ...form, begin, end };
    try {
      if (state.kind === 'edit') await updateTemplateItem(state.item, next);
      else await createTemplateItem(next);
      notify.success(T.saved);
      onSaved();
    } catch (error) {
      setMessage(errorText(error));
    } finally {
      setIsBusy(false);
    }
  };

  const remove = async () => {
    if (state.kind !== 'edit' || !(await askConfirm(T.confirmDelete))) return;
    setIsBusy(true);
    try {
      await deleteTemplateItem(state.item);
      notify.success(T.deleted);
      onSaved();
    } catch (error) {
      setMessage(errorText(error));
    } finally {
      setIsBusy(false);
    }
  };

  const begin = hmToSeconds(beginText);
  const end = hmToSeconds(endText);
  const isOvernight = !Number.isNaN(begin) && !Number.isNaN(end) && end < begin;

  return (
    <Modal
      title={state.kind === 'edit' ? T.changeItem : T.newItem}
      onClose={onClose}
      initialFocus={firstRef}
      footer={
        <>
          {state.kind === 'edit' ? (
            <Button variant="danger" className="mr-auto" disabled={isBusy} onClick={() => void remove()}>
              {T.delete}
            </Button>
          ) : null}
          <Button variant="ghost" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={isBusy} aria-busy={isBusy}>
            {T.save}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="grid grid-cols-2 gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div>
          <label htmlFor={ids.week} className="block text-sm font-medium text-neutral-700">
            {T.weekField}
          </label>
          <select
            ref={firstRef}
            id={ids.week}
            className={input}
            value={form.week}
            onChange={(e) => setForm({ ...form, week: Number(e.target.value) === 2 ? 2 : 1 })}
          >
            <option value={1}>{T.week(1)}</option>
            <option value={2}>{T.week(2)}</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.day} className="block text-sm font-medium text-neutral-700">
            {T.day}
          </label>
          <select
            id={ids.day}
            className={input}
            value={form.dayNum}
            onChange={(e) => setForm({ ...form, dayNum: Number(e.target.value) })}
          >
            {[0, 1, 2, 3, 4, 5, 6].map((d) => (
              <option key={d} value={d}>
                {weekdayLongName(TEMPLATE_START + d * DAY)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.begin} className="block text-sm font-medium text-neutral-700">
            {T.begin}
          </label>
          <TimeInput id={ids.begin} className={input} value={beginText} onValueChange={setBeginText} />
        </div>
        <div>
          <label htmlFor={ids.end} className="block text-sm font-medium text-neutral-700">
            {T.end}
          </label>
          <TimeInput id={ids.end} className={input} value={endText} onValueChange={setEndText} />
          {isOvernight ? <p className="mt-1 text-xs text-neutral-500">{T.nextDay}</p> : null}
        </div>
        <div className="col-span-2">
          <label htmlFor={ids.res} className="block text-sm font-medium text-neutral-700">
            {T.resource}
          </label>
          <select
            id={ids.res}
            className={input}
            value={form.resourceId ?? ''}
            onChange={(e) => setForm({ ...form, resourceId: e.target.value || null })}
          >
            <option value="">{T.none}</option>
            {resources.map((r) => (
              <option key={r._id} value={r._id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2">
          <label htmlFor={ids.cus} className="block text-sm font-medium text-neutral-700">
            {T.customer}
          </label>
          <select
            id={ids.cus}
            className={input}
            value={form.customerId ?? ''}
            onChange={(e) =>
              setForm({
                ...form,
                customerId: e.target.value || null,
                customerName: customers.find((c) => c._id === e.target.value)?.name ?? null,
              })
            }
          >
            <option value="">{T.none}</option>
            {customers.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2">
          <label htmlFor={ids.notes} className="block text-sm font-medium text-neutral-700">
            {T.notes}
          </label>
          <input
            id={ids.notes}
            type="text"
            maxLength={2000}
            className={input}
            value={form.notes}
            onChange={(e) => setForm({ ...form, notes: e.target.value })}
          />
        </div>
        <div className="col-span-2">
          <FormMessage message={message} />
        </div>
      </form>
    </Modal>
  );
}
