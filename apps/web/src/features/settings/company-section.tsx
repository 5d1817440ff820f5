import type { CompanyChangeBody } from '@rostra/core/api/settings';
import { checkCompanyChange, DATE_FORMATS, orderedDocStatuses } from '@rostra/core/settings/company';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { get, useController, useFormState } from 'react-hook-form';
import { z } from 'zod';
import { parseGeofence } from '../../lib/company.ts';
import { ME_KEY } from '../../lib/session.ts';
import { GeofenceDialog } from '../../shell/geofence-dialog.tsx';
import { Button, IconButton } from '../../ui/button.tsx';
import { FieldError } from '../../ui/control-field.tsx';
import { Field } from '../../ui/field.tsx';
import { FormInput, FormSelect, FormTextarea } from '../../ui/form.tsx';
import { type MaybeRechecked, RecheckedNotice, useRechecked } from '../../ui/rechecked-notice.tsx';
import { Loaded, SectionForm, useSectionForm } from './form-parts.tsx';
import { type CompanyDoc, companyQuery, send } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

const docRow = z.object({ name: z.string(), order: z.string(), secondary: z.string() });
type DocRow = z.infer<typeof docRow>;
/** The form's fields: texts as typed (numbers and lists are read from them by `toChange`). */
const draftSchema = z.object({
  name: z.string(),
  gst_value: z.string(),
  country_name: z.string(),
  country_code: z.string(),
  date_format: z.string(),
  time_zone: z.string(),
  overlap_buffer_minutes: z.string(),
  max_distance: z.string(),
  careplan_type: z.string(),
  event_label_types: z.string(),
  doc_statuses: z.array(docRow),
});
type Draft = z.infer<typeof draftSchema>;

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

function toDraft(c: CompanyDoc): Draft {
  const careplan = Array.isArray(c.careplan_type) ? c.careplan_type.map(String) : [];
  const eventTypes = (c.event_label_types ?? []).map((t) =>
    typeof t === 'object' && t !== null ? String((t as { id?: unknown }).id ?? '') : String(t),
  );
  return {
    name: c.name,
    gst_value: String(c.gst_value),
    country_name: c.default_country.name,
    country_code: c.default_country.code,
    date_format: c.date_format,
    time_zone: c.time_zone,
    overlap_buffer_minutes: String(c.overlap_buffer_minutes),
    max_distance: String(c.max_distance),
    careplan_type: careplan.join('\n'),
    event_label_types: eventTypes.join('\n'),
    doc_statuses: orderedDocStatuses(c.doc_statuses).map((name) => {
      const s = c.doc_statuses[name];
      const isObject = typeof s === 'object' && s !== null;
      const order = isObject ? (s as { order?: unknown }).order : s;
      const secondary = isObject ? (s as { secondary_label?: unknown }).secondary_label : '';
      return { name, order: String(order ?? 0), secondary: typeof secondary === 'string' ? secondary : '' };
    }),
  };
}

const numberOr = (text: string): number | string => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) ? n : text;
};

/**
 * The change the draft makes, in the server's shape (numbers where the text is one; a text that
 * is not one is left for the core's rules to name).
 */
function toChange(d: Draft): CompanyChangeBody {
  return {
    name: d.name,
    gst_value: numberOr(d.gst_value) as number,
    default_country: { name: d.country_name, code: d.country_code },
    date_format: d.date_format,
    time_zone: d.time_zone,
    overlap_buffer_minutes: d.overlap_buffer_minutes,
    max_distance: numberOr(d.max_distance) as number,
    careplan_type: lines(d.careplan_type),
    event_label_types: lines(d.event_label_types),
    doc_statuses: Object.fromEntries(
      d.doc_statuses.map((r) => {
        const order = numberOr(r.order) as number;
        return [r.name.trim(), r.secondary.trim() ? { order, secondary_label: r.secondary.trim() } : order];
      }),
    ),
  };
}

/** The form field a rule's issue is about (the server's names, e.g. `default_country.code`). */
function fieldOf(issueField: string): string {
  if (issueField.startsWith('default_country.code')) return 'country_code';
  if (issueField.startsWith('default_country')) return 'country_name';
  return issueField.split('.')[0] ?? '';
}
const FIELD_MAP = {
  'default_country.code': 'country_code',
  'default_country.name': 'country_name',
  default_country: 'country_name',
};

/** The form checked by the core's rules of a company change (each issue on its field), sent as the change. */
const schema = draftSchema
  .superRefine((d, ctx) => {
    const checked = checkCompanyChange(toChange(d));
    if (checked.ok) return;
    for (const issue of checked.issues)
      ctx.addIssue({ code: 'custom', path: [fieldOf(issue.field)], message: issue.message });
  })
  .transform(toChange);

/** Time zones the browser knows, for the suggestions of the time zone field. */
function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}

/** The company profile (shell spec §3, §5): name, logo and geofence, GST, country, formats, limits. */
export function CompanySection() {
  const company = useQuery(companyQuery);
  return <Loaded query={company}>{(c) => <CompanyForm company={c} />}</Loaded>;
}

function CompanyForm({ company }: { company: CompanyDoc }) {
  const queryClient = useQueryClient();
  const { form, withVersion, cancel } = useSectionForm(schema, company, toDraft, (c) => c.version);
  const [isGeofenceOpen, setGeofenceOpen] = useState(false);
  const zonesId = useId();
  const geofence = parseGeofence(company.geofence);
  // An overlap buffer or distance change re-checks bookings; the answer may say which turned.
  const rechecked = useRechecked();

  const save = async (change: CompanyChangeBody) => {
    // The version the edits began from: someone else's change meanwhile is a conflict.
    rechecked.take(
      await withVersion((version) => send<MaybeRechecked>('PUT', '/company', { ...change, version })),
    );
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
    await queryClient.invalidateQueries({ queryKey: ME_KEY });
  };

  return (
    <>
      <SectionForm
        form={form}
        title={T.company}
        intro={T.companyIntro}
        fieldMap={FIELD_MAP}
        onSave={save}
        onCancel={cancel}
        notice={<RecheckedNotice {...rechecked.props} className="" />}
      >
        <div className="grid gap-4 md:grid-cols-2">
          <FormInput name="name" label={T.name} maxLength={120} />
          <div>
            <p className="block text-sm font-medium text-neutral-700">{T.logoAndGeofence}</p>
            <div className="mt-1 flex flex-wrap items-center gap-3">
              {company.logo ? (
                <img src={company.logo} alt="" className="h-9 max-w-32 object-contain" />
              ) : null}
              <Button variant="secondary" onClick={() => setGeofenceOpen(true)}>
                <MapPin aria-hidden className="size-4" />
                {T.editGeofence}
              </Button>
              <span className="text-xs text-neutral-500">
                {geofence ? T.geofenceIs(geofence.lat, geofence.lng, geofence.radius) : T.geofenceNone}
              </span>
            </div>
            <p className="mt-1 text-xs text-neutral-500">{T.logoHint}</p>
          </div>
          <FormInput name="gst_value" label={T.gst} inputMode="decimal" />
          <FormSelect
            name="date_format"
            label={T.dateFormat}
            options={DATE_FORMATS.map((f) => [f, f] as const)}
          />
          <FormInput name="country_name" label={T.countryName} maxLength={60} />
          <FormInput name="country_code" label={T.countryCode} maxLength={6} />
          <div>
            <FormInput name="time_zone" label={T.timeZone} list={zonesId} maxLength={60} />
            <datalist id={zonesId}>
              {timeZones().map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
          </div>
          <FormInput
            name="overlap_buffer_minutes"
            label={T.overlapBuffer}
            inputMode="numeric"
            description={T.overlapHint}
          />
          <FormInput name="max_distance" label={T.maxDistance} inputMode="numeric" />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <FormTextarea name="careplan_type" label={T.careplanTypes} description={T.careplanHint} rows={4} />
          <FormTextarea
            name="event_label_types"
            label={T.eventLabelTypes}
            description={T.eventLabelHint}
            rows={4}
          />
        </div>
        <DocStatuses />
      </SectionForm>
      {isGeofenceOpen ? (
        <GeofenceDialog
          onClose={() => {
            setGeofenceOpen(false);
            void queryClient.invalidateQueries({ queryKey: ['admin-settings', 'company'] });
          }}
        />
      ) : null}
    </>
  );
}

/** The document statuses: name, order and secondary label of each, added and removed here. */
function DocStatuses() {
  const { field } = useController<Draft, 'doc_statuses'>({ name: 'doc_statuses' });
  const { errors } = useFormState<Draft>({ name: 'doc_statuses' });
  const rows = field.value;
  const set = (next: DocRow[]) => field.onChange(next);
  const error = (
    (get(errors, 'doc_statuses') ?? get(errors, 'doc_statuses.root')) as { message?: string } | undefined
  )?.message;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-neutral-700">{T.docStatuses}</legend>
      <ul className="space-y-2">
        {rows.map((row, i) => {
          const update = (patch: Partial<DocRow>) =>
            set(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the name may change
            <li key={i} className="grid items-end gap-2 sm:grid-cols-[1fr_6rem_1fr_auto]">
              <Field
                label={T.docStatusName}
                value={row.name}
                maxLength={60}
                onChange={(e) => update({ name: e.target.value })}
              />
              <Field
                label={T.docStatusOrder}
                inputMode="numeric"
                value={row.order}
                onChange={(e) => update({ order: e.target.value })}
              />
              <Field
                label={T.docStatusSecondary}
                value={row.secondary}
                maxLength={60}
                onChange={(e) => update({ secondary: e.target.value })}
              />
              <IconButton
                label={T.removeDocStatus(row.name)}
                onClick={() => set(rows.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden className="size-4" />
              </IconButton>
            </li>
          );
        })}
      </ul>
      <FieldError message={error} />
      <Button
        className="mt-2"
        variant="secondary"
        onClick={() => set([...rows, { name: '', order: String(rows.length + 1), secondary: '' }])}
      >
        <Plus aria-hidden className="size-4" />
        {T.addDocStatus}
      </Button>
    </fieldset>
  );
}
