import { DISPLAY_DEFAULTS } from '@rostra/core/settings/defaults';
import { z } from 'zod';
import { Fieldset } from '../../ui/fieldset.tsx';
import { FormToggle } from './form-parts.tsx';
import type { ShellDocs } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';
import { ShellDocSection } from './shell-doc-section.tsx';

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
  return (
    <ShellDocSection docKey="display" schema={schema} valuesOf={valuesOf}>
      <Fieldset className="grid gap-x-6 md:grid-cols-2" legend={T.features} look="hidden">
        {FLAGS.map((flag) => (
          <FormToggle
            key={flag}
            name={`display.${flag}`}
            label={T.flagLabel[flag] ?? flag}
            note={T.defaultValue(DISPLAY_DEFAULTS[flag])}
          />
        ))}
      </Fieldset>
    </ShellDocSection>
  );
}
