import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loaded, SectionForm } from './form-parts.tsx';
import { type StatusDoc, send, statusQuery, useDraft } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

/** Job status config (`statusConfig`): each status's label, background and text colour. */
export function StatusesSection() {
  const doc = useQuery(statusQuery);
  return <Loaded query={doc}>{(d) => <StatusesForm doc={d} />}</Loaded>;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const colourInput = (c: string) => (HEX.test(c) ? c : '#000000');

function StatusesForm({ doc }: { doc: StatusDoc }) {
  const queryClient = useQueryClient();
  const { draft, setDraft, isDirty, reset, withVersion } = useDraft(
    doc,
    (d) => d.statusConfig,
    (d) => d.version,
  );
  const list = draft ?? [];
  const localErrors: Record<string, string> = {};
  list.forEach((s, i) => {
    if (s._value.trim() === '') localErrors[`statusConfig.${i}._value`] = T.statusLabelRequired;
  });

  const save = async () => {
    await withVersion((version) =>
      send('PUT', '/job-status-config', {
        statusConfig: list.map((s) => ({ ...s, _value: s._value.trim() })),
        version,
      }),
    );
    reset();
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
  };

  const change = (i: number, patch: Partial<(typeof list)[number]>) =>
    setDraft(list.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  return (
    <SectionForm
      title={T.statuses}
      intro={T.statusesIntro}
      isDirty={isDirty}
      onSave={save}
      onCancel={reset}
      localErrors={localErrors}
    >
      {(errors) => (
        <div>
          <div
            aria-hidden
            className="hidden gap-3 pb-1 text-xs font-medium text-neutral-500 sm:grid sm:grid-cols-[8rem_1fr_4rem_4rem_8rem]"
          >
            <span>{T.statusKey}</span>
            <span>{T.statusLabel}</span>
            <span>{T.statusColor}</span>
            <span>{T.statusTextColor}</span>
            <span>{T.statusPreview}</span>
          </div>
          <ul className="divide-y divide-neutral-100">
            {list.map((s, i) => {
              const error = errors[`statusConfig.${i}._value`];
              return (
                <li
                  key={s._key}
                  className="grid items-center gap-3 py-2 sm:grid-cols-[8rem_1fr_4rem_4rem_8rem]"
                >
                  <span className="text-sm font-medium text-neutral-700">{s._key}</span>
                  <div>
                    <input
                      aria-label={T.statusLabelFor(s._key)}
                      aria-invalid={error ? true : undefined}
                      value={s._value}
                      maxLength={200}
                      onChange={(e) => change(i, { _value: e.target.value })}
                      className={`block min-h-11 w-full rounded-md border bg-white px-3 text-base sm:min-h-9 sm:text-sm ${error ? 'border-red-600' : 'border-neutral-300'}`}
                    />
                    {error ? (
                      <p role="alert" className="mt-1 text-sm text-red-700">
                        {error}
                      </p>
                    ) : null}
                  </div>
                  <input
                    type="color"
                    aria-label={T.statusColorFor(s._key)}
                    className="h-9 w-14 rounded border border-neutral-300"
                    value={colourInput(s.color)}
                    onChange={(e) => change(i, { color: e.target.value })}
                  />
                  <input
                    type="color"
                    aria-label={T.statusTextColorFor(s._key)}
                    className="h-9 w-14 rounded border border-neutral-300"
                    value={colourInput(s.textColor)}
                    onChange={(e) => change(i, { textColor: e.target.value })}
                  />
                  <span
                    className="inline-flex h-8 items-center justify-center truncate rounded-full px-3 text-sm"
                    style={{ background: s.color, color: s.textColor }}
                  >
                    {s._value || s._key}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </SectionForm>
  );
}
