import { checkCompanyChange, DATE_FORMATS, orderedDocStatuses } from '@rostra/core/settings/company';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { parseGeofence } from '../../lib/company.ts';
import { ME_KEY } from '../../lib/session.ts';
import { GeofenceDialog } from '../../shell/geofence-dialog.tsx';
import { Button, IconButton } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { type MaybeRechecked, RecheckedNotice, useRechecked } from '../../ui/rechecked-notice.tsx';
import { Loaded, SectionForm, SelectField } from './form-parts.tsx';
import { type CompanyDoc, companyQuery, send, useDraft } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

type DocRow = { name: string; order: string; secondary: string };
type Draft = {
  name: string;
  gst_value: string;
  country_name: string;
  country_code: string;
  date_format: string;
  time_zone: string;
  overlap_buffer_minutes: string;
  max_distance: string;
  careplan_type: string;
  event_label_types: string;
  doc_statuses: DocRow[];
};

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

/** The change the draft makes, in the server's shape (numbers where the text is one). */
function toChange(d: Draft): Record<string, unknown> {
  return {
    name: d.name,
    gst_value: numberOr(d.gst_value),
    default_country: { name: d.country_name, code: d.country_code },
    date_format: d.date_format,
    time_zone: d.time_zone,
    overlap_buffer_minutes: d.overlap_buffer_minutes,
    max_distance: numberOr(d.max_distance),
    careplan_type: lines(d.careplan_type),
    event_label_types: lines(d.event_label_types),
    doc_statuses: Object.fromEntries(
      d.doc_statuses.map((r) => {
        const order = numberOr(r.order);
        return [r.name.trim(), r.secondary.trim() ? { order, secondary_label: r.secondary.trim() } : order];
      }),
    ),
  };
}

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
  const { draft, setDraft, isDirty, reset, withVersion } = useDraft(company, toDraft, (c) => c.version);
  const d = draft ?? toDraft(company);
  const [isGeofenceOpen, setGeofenceOpen] = useState(false);
  const zonesId = useId();
  const set = (patch: Partial<Draft>) => setDraft({ ...d, ...patch });
  const change = toChange(d);
  const checked = checkCompanyChange(change);
  const localErrors = checked.ok ? {} : Object.fromEntries(checked.issues.map((i) => [i.field, i.message]));
  const geofence = parseGeofence(company.geofence);
  // An overlap buffer or distance change re-checks bookings; the answer may say which turned.
  const rechecked = useRechecked();

  const save = async () => {
    // The version the edits began from (useDraft): someone else's change meanwhile is a conflict.
    rechecked.take(
      await withVersion((version) => send<MaybeRechecked>('PUT', '/company', { ...change, version })),
    );
    reset();
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
    await queryClient.invalidateQueries({ queryKey: ME_KEY });
  };

  const docError = (errors: Record<string, string>) =>
    errors.doc_statuses ?? Object.entries(errors).find(([k]) => k.startsWith('doc_statuses.'))?.[1];

  return (
    <>
      <SectionForm
        title={T.company}
        intro={T.companyIntro}
        isDirty={isDirty}
        onSave={save}
        onCancel={reset}
        localErrors={localErrors}
        notice={<RecheckedNotice {...rechecked.props} className="" />}
      >
        {(errors) => (
          <>
            <div className="grid gap-4 md:grid-cols-2">
              <Field
                label={T.name}
                value={d.name}
                maxLength={120}
                error={errors.name}
                onChange={(e) => set({ name: e.target.value })}
              />
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
              <Field
                label={T.gst}
                inputMode="decimal"
                value={d.gst_value}
                error={errors.gst_value}
                onChange={(e) => set({ gst_value: e.target.value })}
              />
              <SelectField
                label={T.dateFormat}
                value={d.date_format}
                error={errors.date_format}
                onChange={(v) => set({ date_format: v })}
                options={DATE_FORMATS.map((f) => ({ value: f, label: f }))}
              />
              <Field
                label={T.countryName}
                value={d.country_name}
                maxLength={60}
                error={errors['default_country.name'] ?? errors.default_country}
                onChange={(e) => set({ country_name: e.target.value })}
              />
              <Field
                label={T.countryCode}
                value={d.country_code}
                maxLength={6}
                error={errors['default_country.code']}
                onChange={(e) => set({ country_code: e.target.value })}
              />
              <div>
                <Field
                  label={T.timeZone}
                  value={d.time_zone}
                  list={zonesId}
                  maxLength={60}
                  error={errors.time_zone}
                  onChange={(e) => set({ time_zone: e.target.value })}
                />
                <datalist id={zonesId}>
                  {timeZones().map((z) => (
                    <option key={z} value={z} />
                  ))}
                </datalist>
              </div>
              <Field
                label={T.overlapBuffer}
                inputMode="numeric"
                hint={T.overlapHint}
                value={d.overlap_buffer_minutes}
                error={errors.overlap_buffer_minutes}
                onChange={(e) => set({ overlap_buffer_minutes: e.target.value })}
              />
              <Field
                label={T.maxDistance}
                inputMode="numeric"
                value={d.max_distance}
                error={errors.max_distance}
                onChange={(e) => set({ max_distance: e.target.value })}
              />
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              <TextArea
                label={T.careplanTypes}
                hint={T.careplanHint}
                value={d.careplan_type}
                error={errors.careplan_type}
                onChange={(v) => set({ careplan_type: v })}
              />
              <TextArea
                label={T.eventLabelTypes}
                hint={T.eventLabelHint}
                value={d.event_label_types}
                error={errors.event_label_types}
                onChange={(v) => set({ event_label_types: v })}
              />
            </div>
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-neutral-700">{T.docStatuses}</legend>
              <ul className="space-y-2">
                {d.doc_statuses.map((row, i) => {
                  const update = (patch: Partial<DocRow>) =>
                    set({ doc_statuses: d.doc_statuses.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
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
                        onClick={() => set({ doc_statuses: d.doc_statuses.filter((_, j) => j !== i) })}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </IconButton>
                    </li>
                  );
                })}
              </ul>
              {docError(errors) ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {docError(errors)}
                </p>
              ) : null}
              <Button
                className="mt-2"
                variant="secondary"
                onClick={() =>
                  set({
                    doc_statuses: [
                      ...d.doc_statuses,
                      { name: '', order: String(d.doc_statuses.length + 1), secondary: '' },
                    ],
                  })
                }
              >
                <Plus aria-hidden className="size-4" />
                {T.addDocStatus}
              </Button>
            </fieldset>
          </>
        )}
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

function TextArea({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base sm:text-sm ${error ? 'border-red-600' : 'border-neutral-300'}`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-500">
        {hint}
      </p>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
