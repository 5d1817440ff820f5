import { DISPLAY_DEFAULTS } from '@rostra/core/settings/defaults';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { FormToggle, Loaded, SectionForm, useSectionForm } from './form-parts.tsx';
import { type ShellDocs, send, shellDocsQuery } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

const FLAGS = Object.keys(DISPLAY_DEFAULTS) as (keyof typeof DISPLAY_DEFAULTS)[];
/** Every display flag, on or off (the server's messages name them `display.<flag>`). */
const schema = z.object({ display: z.record(z.string(), z.boolean()) });

const valuesOf = (d: ShellDocs) => ({
  display: Object.fromEntries(
    FLAGS.map((f) => [
      f,
      typeof d.display[f] === 'boolean' ? (d.display[f] as boolean) : DISPLAY_DEFAULTS[f],
    ]),
  ),
});

/** Feature and display flags (`ds`) with the spec's defaults; only changed flags need storing. */
export function FeaturesSection() {
  const docs = useQuery(shellDocsQuery);
  return <Loaded query={docs}>{(d) => <FeaturesForm docs={d} />}</Loaded>;
}

function FeaturesForm({ docs }: { docs: ShellDocs }) {
  const queryClient = useQueryClient();
  const { form, withVersion, cancel } = useSectionForm(
    schema,
    docs,
    valuesOf,
    (d) => d.versions.display ?? 0,
  );

  const save = async ({ display }: z.output<typeof schema>) => {
    await withVersion((version) => send('PUT', '/settings', { key: 'display', value: display, version }));
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
    await queryClient.invalidateQueries({ queryKey: ['settings', 'shell'] });
  };

  return (
    <SectionForm form={form} title={T.features} intro={T.featuresIntro} onSave={save} onCancel={cancel}>
      <fieldset className="grid gap-x-6 md:grid-cols-2">
        <legend className="sr-only">{T.features}</legend>
        {FLAGS.map((flag) => (
          <FormToggle
            key={flag}
            name={`display.${flag}`}
            label={T.flagLabel[flag] ?? flag}
            note={T.defaultValue(DISPLAY_DEFAULTS[flag])}
          />
        ))}
      </fieldset>
    </SectionForm>
  );
}
