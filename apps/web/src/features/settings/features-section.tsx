import { DISPLAY_DEFAULTS } from '@rostra/core/settings/defaults';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loaded, SectionForm, Toggle } from './form-parts.tsx';
import { type ShellDocs, send, shellDocsQuery, useDraft } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

const FLAGS = Object.keys(DISPLAY_DEFAULTS) as (keyof typeof DISPLAY_DEFAULTS)[];

/** Feature and display flags (`ds`) with the spec's defaults; only changed flags need storing. */
export function FeaturesSection() {
  const docs = useQuery(shellDocsQuery);
  return <Loaded query={docs}>{(d) => <FeaturesForm docs={d} />}</Loaded>;
}

function FeaturesForm({ docs }: { docs: ShellDocs }) {
  const queryClient = useQueryClient();
  const { draft, setDraft, isDirty, reset, withVersion } = useDraft(
    docs,
    (d) =>
      Object.fromEntries(
        FLAGS.map((f) => [
          f,
          typeof d.display[f] === 'boolean' ? (d.display[f] as boolean) : DISPLAY_DEFAULTS[f],
        ]),
      ),
    (d) => d.versions.display ?? 0,
  );
  const value = draft ?? {};

  const save = async () => {
    await withVersion((version) => send('PUT', '/settings', { key: 'display', value, version }));
    reset();
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
    await queryClient.invalidateQueries({ queryKey: ['settings', 'shell'] });
  };

  return (
    <SectionForm title={T.features} intro={T.featuresIntro} isDirty={isDirty} onSave={save} onCancel={reset}>
      {(errors) => (
        <fieldset className="grid gap-x-6 md:grid-cols-2">
          <legend className="sr-only">{T.features}</legend>
          {FLAGS.map((flag) => (
            <div key={flag}>
              <Toggle
                label={T.flagLabel[flag] ?? flag}
                checked={value[flag] ?? DISPLAY_DEFAULTS[flag]}
                note={T.defaultValue(DISPLAY_DEFAULTS[flag])}
                onChange={(checked) => setDraft({ ...value, [flag]: checked })}
              />
              {errors[`display.${flag}`] ? (
                <p className="text-sm text-red-700">{errors[`display.${flag}`]}</p>
              ) : null}
            </div>
          ))}
        </fieldset>
      )}
    </SectionForm>
  );
}
