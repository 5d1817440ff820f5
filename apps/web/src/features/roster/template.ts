import type { Booking, SavedBooking } from '@rostra/core/api/bookings';
import type { RolloutAnswer, RolloutBody, TemplateItemBody } from '@rostra/core/api/roster';
import { templateStart } from '@rostra/core/roster/grid';
import { resolveTemplateSlot, type TemplateSlot } from '@rostra/core/roster/template';
import { DAY, FORTNIGHT, MINUTE, WEEK } from '@rostra/core/time/calendar';
import { api } from '../../lib/client.ts';
import { fetchRecords } from '../../lib/roster.ts';

/*
 * Master-roster template items as the screen reads and writes them: timeline records of type
 * `roster`, drafts, drawn on the template fortnight (the core's `templateStart`), with the spec's
 * template fields. The server's rollout (POST /master-roster/rollout) turns them into bookings.
 */

export const TEMPLATE_START = templateStart(0);
export const DEFAULT_TEMPLATE_ID = 'default';

export type TemplateForm = {
  week: 1 | 2;
  /** 0 = Sunday … 6 = Saturday. */
  dayNum: number;
  /** Seconds in the day. */
  begin: number;
  /** Seconds in the day; at or before `begin` means the next day. */
  end: number;
  resourceId: string | null;
  customerId: string | null;
  customerName: string | null;
  notes: string;
  templateName: string;
};

/** The template items (every template), loaded from around the template fortnight. */
export async function fetchTemplateItems(): Promise<Booking[]> {
  const items = await fetchRecords(TEMPLATE_START - WEEK, TEMPLATE_START + FORTNIGHT + WEEK, 'booking');
  return items.filter((r) => r.type === 'roster');
}

/** Where an item sits in the fortnight, or null when its fields do not say. */
export function slotOf(item: Booking): TemplateSlot | null {
  const r = resolveTemplateSlot(item as Parameters<typeof resolveTemplateSlot>[0]);
  return 'slot' in r ? r.slot : null;
}

/** The record fields of a template item. */
export function templateFields(form: TemplateForm): TemplateItemBody {
  const duration = form.end > form.begin ? form.end - form.begin : form.end + DAY - form.begin;
  const begin = TEMPLATE_START + (form.week - 1) * WEEK + form.dayNum * DAY + form.begin;
  const [first = '', ...rest] = (form.customerName ?? '').split(' ');
  return {
    _key: 'booking',
    status: 'draft',
    type: 'roster',
    template_id: DEFAULT_TEMPLATE_ID,
    template_name: form.templateName || null,
    day_num: form.dayNum,
    day_n: null,
    startAt: form.begin / MINUTE,
    endAt: ((form.begin + duration) % DAY) / MINUTE,
    week: form.week,
    fortnight_time_boundaries: { start_time: TEMPLATE_START, end_time: TEMPLATE_START + FORTNIGHT },
    utc_begin_plus_tz: begin,
    utc_end_plus_tz: begin + duration,
    resIds: form.resourceId ? [form.resourceId] : [],
    customerId: form.customerId,
    customer_first_name: form.customerId ? first || null : null,
    customer_last_name: form.customerId ? rest.join(' ') || null : null,
    notes: form.notes.trim() === '' ? null : form.notes.trim(),
  };
}

/** The form of an existing item. */
export function formOf(item: Booking, slot: TemplateSlot): TemplateForm {
  const begin = slot.startMinute * MINUTE;
  return {
    week: slot.week,
    dayNum: slot.weekday,
    begin,
    end: (begin + slot.durationMinutes * MINUTE) % DAY,
    resourceId: item.resIds[0] ?? null,
    customerId: item.customerId ?? null,
    customerName: [item.customer_first_name, item.customer_last_name].filter(Boolean).join(' ') || null,
    notes: item.notes ?? '',
    templateName: item.template_name ?? '',
  };
}

export const createTemplateItem = (form: TemplateForm) =>
  api.post<SavedBooking>('/timeline-records', templateFields(form), { quiet: true });

export const updateTemplateItem = (item: Booking, form: TemplateForm) =>
  api.request<SavedBooking>(`/timeline-records/${encodeURIComponent(item._id)}`, {
    method: 'PATCH',
    body: { ...templateFields(form), version: item.version },
    quiet: true,
  });

export const deleteTemplateItem = (item: Booking) =>
  api.request<SavedBooking>(`/timeline-records/${encodeURIComponent(item._id)}`, {
    method: 'DELETE',
    headers: { 'if-match': String(item.version) },
    quiet: true,
  });

export type { RolloutAnswer };

export const rollout = (from: number, to: number, dryRun: boolean) => {
  const body: RolloutBody = { from, to, dry_run: dryRun };
  return api.post<RolloutAnswer>('/master-roster/rollout', body, { quiet: true });
};
