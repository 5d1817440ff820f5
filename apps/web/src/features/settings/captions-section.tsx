import { MENU_FLAG_KEYS } from '@rostra/core/settings/documents';
import { ANALYTICS_LABEL_KEY, type AnyMenuKey, DEFAULT_MENU_LABELS } from '@rostra/core/shell/menu';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { Button, IconButton } from '../../ui/button.tsx';
import { BESIDE_CONTROL } from '../../ui/control-field.tsx';
import { Field } from '../../ui/field.tsx';
import { Fieldset } from '../../ui/fieldset.tsx';
import { useFieldError } from './form-parts.tsx';
import type { ShellDocs } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';
import { ShellDocSection } from './shell-doc-section.tsx';

const CAPTION_KEY = /^[A-Za-z0-9_]{1,60}$/;
const captionKeyOf = (menuKey: string) => (menuKey === 'analytics' ? ANALYTICS_LABEL_KEY : `m_${menuKey}`);
const MENU_CAPTION_KEYS = new Set(MENU_FLAG_KEYS.map(captionKeyOf));
/** Every caption by name (the server's messages name them `captions.<name>`). */
const schema = z.object({ captions: z.record(z.string(), z.string()) });

const valuesOf = (d: ShellDocs) => ({
  captions: Object.fromEntries(Object.entries(d.captions).map(([k, v]) => [k, String(v ?? '')])),
});

/** Captions (`cf`): a label for every menu entry, and any other caption override by name. */
export function CaptionsSection() {
  return (
    <ShellDocSection docKey="captions" schema={schema} valuesOf={valuesOf}>
      <Captions />
    </ShellDocSection>
  );
}

/** The menu's captions, then the other captions by name (added and removed here). */
function Captions() {
  const { field } = useController<z.input<typeof schema>, 'captions'>({ name: 'captions' });
  const value = field.value;
  const setDraft = field.onChange;
  const [newKey, setNewKey] = useState('');
  const [newKeyError, setNewKeyError] = useState<string | undefined>();
  const others = Object.keys(value).filter((k) => !MENU_CAPTION_KEYS.has(k));

  const add = () => {
    const key = newKey.trim();
    if (!CAPTION_KEY.test(key)) return setNewKeyError(T.captionNameInvalid);
    if (key in value || MENU_CAPTION_KEYS.has(key)) return setNewKeyError(T.captionNameTaken);
    setNewKeyError(undefined);
    setNewKey('');
    setDraft({ ...value, [key]: '' });
  };

  return (
    <>
      <Fieldset legend={T.menuLabels} look="heading">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {MENU_FLAG_KEYS.map((menuKey) => {
            const key = captionKeyOf(menuKey);
            return (
              <CaptionField
                key={key}
                name={key}
                label={`${DEFAULT_MENU_LABELS[menuKey as AnyMenuKey]} (${key})`}
                placeholder={DEFAULT_MENU_LABELS[menuKey as AnyMenuKey]}
                value={value[key] ?? ''}
                onChange={(text) => setDraft({ ...value, [key]: text })}
              />
            );
          })}
        </div>
      </Fieldset>
      <Fieldset legend={T.otherCaptions} look="heading">
        <div className="space-y-2">
          {others.map((key) => (
            <div key={key} className="flex items-end gap-2">
              <CaptionField
                className="flex-1"
                name={key}
                label={key}
                value={value[key] ?? ''}
                onChange={(text) => setDraft({ ...value, [key]: text })}
              />
              <IconButton
                label={T.removeCaption(key)}
                onClick={() => {
                  const { [key]: _gone, ...rest } = value;
                  setDraft(rest);
                }}
              >
                <Trash2 aria-hidden className="size-4" />
              </IconButton>
            </div>
          ))}
          <div className="flex items-start gap-2">
            <Field
              className="flex-1"
              label={T.captionName}
              value={newKey}
              maxLength={60}
              error={newKeyError}
              onChange={(e) => setNewKey(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <Button variant="secondary" className={BESIDE_CONTROL} onClick={add}>
              <Plus aria-hidden className="size-4" />
              {T.addCaption}
            </Button>
          </div>
        </div>
      </Fieldset>
    </>
  );
}

/** One caption's field, with the server's message for it. */
function CaptionField({
  name,
  onChange,
  ...rest
}: {
  name: string;
  label: string;
  value: string;
  placeholder?: string;
  className?: string;
  onChange: (text: string) => void;
}) {
  const error = useFieldError(`captions.${name}`);
  return <Field {...rest} maxLength={80} error={error} onChange={(e) => onChange(e.target.value)} />;
}
