import { type CreateResourceBody, createResourceBody, type ResourceRecord } from '@rostra/core/api/resources';
import { checkEmail } from '@rostra/core/shell/validators';
import { DAY, fromYmd } from '@rostra/core/time/calendar';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Fieldset } from '../../../ui/fieldset.tsx';
import { FormCheckbox, FormInput } from '../../../ui/form.tsx';
import type { TakeRechecked } from '../../../ui/rechecked-notice.tsx';
import type { Label } from '../api.ts';
import { LabelsField } from '../labels-field.tsx';
import { ymd } from '../model.ts';
import { PersonForm, type PersonFormProps, PersonNameFields } from '../person-form.tsx';
import { RESOURCES_TEXT as R, DIRECTORY_TEXT as T } from '../texts.ts';

export const HOUR_FIELDS = [
  ['max_hrs_dy', R.maxDay],
  ['max_hrs_wk', R.maxWeek],
  ['max_hrs_fn', R.maxFortnight],
  ['min_hrs_dy', R.minDay],
  ['min_hrs_wk', R.minWeek],
  ['min_hrs_fn', R.minFortnight],
] as const;

/** Hours as typed: empty → not set (null); otherwise 0 to a leap year's hours. */
export function parseHours(text: string): number | null | 'invalid' {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) && n >= 0 && n <= 24 * 366 ? n : 'invalid';
}

/** Hours typed in a field: a number or nothing, else the spec's message at the field. */
const hoursText = z.string().transform((s, ctx) => {
  const h = parseHours(s);
  if (h !== 'invalid') return h;
  ctx.addIssue({ code: 'custom', message: R.hoursInvalid });
  return z.NEVER;
});

const orNull = (s: string) => s.trim() || null;

/**
 * A credential's last valid day (yyyy-mm-dd) as the second it ends with: the whole day is valid,
 * a job starting the next day is not. Empty: no expiry.
 */
export function lastDayEnd(day: string): number | null {
  return day ? fromYmd(day) + DAY - 1 : null;
}

/** The last whole day a stored expiry covers (a job may start up to the expiry itself). */
const lastDayOf = (sec: number | null | undefined) => (sec == null ? '' : ymd(sec - 1));

/** Label expiries as typed (label id → last day) to the record's map; only the resource's labels. */
export function labelExpiries(
  days: Record<string, string>,
  labels: readonly string[],
): Record<string, number> | null {
  const out: Record<string, number> = {};
  for (const id of labels) {
    const end = lastDayEnd(days[id] ?? '');
    if (end !== null) out[id] = end;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * The resource form's checks and the body it sends: a name, an email that looks like one, hour
 * limits and a rate as numbers, then the API's own create schema (bounded fields).
 */
export const resourceForm = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().refine((s) => !s.trim() || checkEmail(s.trim()).length === 0, T.invalidEmail),
    mobile: z.string(),
    phone: z.string(),
    labels: z.array(z.string()),
    external: z.boolean(),
    inactive: z.boolean(),
    InactiveDate: z.string(),
    employee_type: z.string(),
    rate_hr: z.string().refine((s) => s.trim() === '' || Number(s) >= 0, R.rateInvalid),
    max_hrs_dy: hoursText,
    max_hrs_wk: hoursText,
    max_hrs_fn: hoursText,
    min_hrs_dy: hoursText,
    min_hrs_wk: hoursText,
    min_hrs_fn: hoursText,
    valid_till: z.string(),
    label_valid_till: z.record(z.string(), z.string()),
  })
  .superRefine((v, ctx) => {
    if (!v.first_name.trim() && !v.last_name.trim())
      ctx.addIssue({ code: 'custom', path: ['first_name'], message: T.nameRequired });
  })
  .transform(
    ({ rate_hr, InactiveDate, valid_till, label_valid_till, ...v }): CreateResourceBody => ({
      ...v,
      name: `${v.first_name.trim()} ${v.last_name.trim()}`.trim(),
      first_name: v.first_name.trim(),
      last_name: v.last_name.trim(),
      email: orNull(v.email),
      mobile: orNull(v.mobile),
      phone: orNull(v.phone),
      employee_type: orNull(v.employee_type),
      rate_hr: rate_hr.trim() === '' ? null : Number(rate_hr),
      InactiveDate: InactiveDate ? Date.parse(`${InactiveDate}T00:00:00Z`) / 1000 : null,
      valid_till: lastDayEnd(valid_till),
      label_valid_till: labelExpiries(label_valid_till, v.labels),
    }),
  )
  .pipe(createResourceBody);
export type ResourceValues = z.input<typeof resourceForm>;

const numText = (v: number | null | undefined) => (typeof v === 'number' ? String(v) : '');

export function resourceValuesOf(r: ResourceRecord | undefined): ResourceValues {
  const [first = '', ...rest] = (r?.name ?? '').split(' ');
  return {
    first_name: r?.first_name || (r && !r.last_name ? first : ''),
    last_name: r?.last_name || (r && !r.first_name ? rest.join(' ') : ''),
    email: r?.email ?? '',
    mobile: r?.mobile ?? '',
    phone: r?.phone ?? '',
    labels: r?.labels ?? [],
    external: r?.external === true,
    inactive: r?.inactive === true,
    InactiveDate: ymd(r?.InactiveDate ?? undefined),
    employee_type: r?.employee_type ?? '',
    rate_hr: numText(r?.rate_hr),
    max_hrs_dy: numText(r?.max_hrs_dy),
    max_hrs_wk: numText(r?.max_hrs_wk),
    max_hrs_fn: numText(r?.max_hrs_fn),
    min_hrs_dy: numText(r?.min_hrs_dy),
    min_hrs_wk: numText(r?.min_hrs_wk),
    min_hrs_fn: numText(r?.min_hrs_fn),
    valid_till: lastDayOf(r?.valid_till),
    label_valid_till: Object.fromEntries(
      Object.entries(r?.label_valid_till ?? {}).map(([id, sec]) => [id, lastDayOf(sec)]),
    ),
  };
}

/** The resource's credential dates: its own, and one per label it holds. */
function CredentialFields({ labels }: { labels: Label[] }) {
  const held = useWatch<ResourceValues, 'labels'>({ name: 'labels' }) ?? [];
  const names = new Map(labels.map((l) => [l._id, l.name]));
  return (
    <Fieldset legend={R.credentials}>
      <p className="text-xs text-neutral-500">{R.credentialsHint}</p>
      <div className="mt-1 grid gap-3 sm:grid-cols-2">
        <FormInput<ResourceValues> name="valid_till" label={R.validTill} type="date" />
        {held.map((id) => (
          <FormInput<ResourceValues>
            key={id}
            name={`label_valid_till.${id}`}
            label={R.labelValidTill(names.get(id) ?? id)}
            type="date"
          />
        ))}
      </div>
    </Fieldset>
  );
}

export function ResourceForm({
  resource,
  labels,
  take,
  ...handlers
}: PersonFormProps<ResourceRecord> & {
  resource: ResourceRecord | undefined;
  /** Keeps what the change re-checked for the screen's notice. */
  take: TakeRechecked;
}) {
  return (
    <PersonForm
      {...handlers}
      collection="/resources"
      record={resource}
      schema={resourceForm}
      valuesOf={resourceValuesOf}
      texts={R}
      testId="resource-form"
      afterSave={(saved) => void take(saved)}
    >
      {() => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <PersonNameFields<ResourceValues> />
            <FormInput<ResourceValues> name="mobile" label={T.mobile} type="tel" maxLength={40} />
            <FormInput<ResourceValues> name="phone" label={T.phone} type="tel" maxLength={40} />
            <FormInput<ResourceValues> name="employee_type" label={R.employeeType} maxLength={200} />
            <FormInput<ResourceValues> name="rate_hr" label={R.rate} inputMode="decimal" maxLength={200} />
            <FormInput<ResourceValues> name="InactiveDate" label={R.inactiveFrom} type="date" />
          </div>
          <Fieldset legend={R.hourLimits}>
            <div className="mt-1 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {HOUR_FIELDS.map(([key, label]) => (
                <FormInput<ResourceValues>
                  key={key}
                  name={key}
                  label={label}
                  inputMode="decimal"
                  maxLength={200}
                />
              ))}
            </div>
          </Fieldset>
          <LabelsField<ResourceValues> name="labels" labels={labels} />
          <CredentialFields labels={labels} />
          <FormCheckbox<ResourceValues> name="external" label={R.isExternal} />
          <FormCheckbox<ResourceValues> name="inactive" label={R.isInactive} />
        </>
      )}
    </PersonForm>
  );
}
