import { MENU_FLAG_KEYS } from '@rostra/core/settings/documents';
import { ANALYTICS_LABEL_KEY, type AnyMenuKey, DEFAULT_MENU_LABELS } from '@rostra/core/shell/menu';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, IconButton } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Loaded, SectionForm } from './form-parts.tsx';
import { type ShellDocs, send, shellDocsQuery, useDraft } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

const CAPTION_KEY = /^[A-Za-z0-9_]{1,60}$/;
const captionKeyOf = (menuKey: string) => (menuKey === 'analytics' ? ANALYTICS_LABEL_KEY : `m_${menuKey}`);
const MENU_CAPTION_KEYS = new Set(MENU_FLAG_KEYS.map(captionKeyOf));

/** Captions (`cf`): a label for every menu entry, and any other caption override by name. */
export function CaptionsSection() {
  const docs = useQuery(shellDocsQuery);
  return <Loaded query={docs}>{(d) => <CaptionsForm docs={d} />}</Loaded>;
}

function CaptionsForm({ docs }: { docs: ShellDocs }) {
  const queryClient = useQueryClient();
  const { draft, setDraft, isDirty, reset, withVersion } = useDraft(
    docs,
    (d) => Object.fromEntries(Object.entries(d.captions).map(([k, v]) => [k, String(v ?? '')])),
    (d) => d.versions.captions ?? 0,
  );
  const value = draft ?? {};
  const [newKey, setNewKey] = useState('');
  const [newKeyError, setNewKeyError] = useState<string | undefined>();
  const others = Object.keys(value).filter((k) => !MENU_CAPTION_KEYS.has(k));

  const save = async () => {
    await withVersion((version) => send('PUT', '/settings', { key: 'captions', value, version }));
    reset();
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
    await queryClient.invalidateQueries({ queryKey: ['settings', 'shell'] });
  };

  const add = () => {
    const key = newKey.trim();
    if (!CAPTION_KEY.test(key)) return setNewKeyError(T.captionNameInvalid);
    if (key in value || MENU_CAPTION_KEYS.has(key)) return setNewKeyError(T.captionNameTaken);
    setNewKeyError(undefined);
    setNewKey('');
    setDraft({ ...value, [key]: '' });
  };

  return (
    <SectionForm title={T.captions} intro={T.captionsIntro} isDirty={isDirty} onSave={save} onCancel={reset}>
      {(errors) => (
        <>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-neutral-800">{T.menuLabels}</legend>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {MENU_FLAG_KEYS.map((menuKey) => {
                const key = captionKeyOf(menuKey);
                return (
                  <Field
                    key={key}
                    label={`${DEFAULT_MENU_LABELS[menuKey as AnyMenuKey]} (${key})`}
                    value={value[key] ?? ''}
                    placeholder={DEFAULT_MENU_LABELS[menuKey as AnyMenuKey]}
                    maxLength={80}
                    error={errors[key] ?? errors[`captions.${key}`]}
                    onChange={(e) => setDraft({ ...value, [key]: e.target.value })}
                  />
                );
              })}
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-neutral-800">{T.otherCaptions}</legend>
            <div className="space-y-2">
              {others.map((key) => (
                <div key={key} className="flex items-end gap-2">
                  <Field
                    className="flex-1"
                    label={key}
                    value={value[key] ?? ''}
                    maxLength={80}
                    error={errors[key] ?? errors[`captions.${key}`]}
                    onChange={(e) => setDraft({ ...value, [key]: e.target.value })}
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
              <div className="flex items-end gap-2">
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
                <Button variant="secondary" onClick={add}>
                  <Plus aria-hidden className="size-4" />
                  {T.addCaption}
                </Button>
              </div>
            </div>
          </fieldset>
        </>
      )}
    </SectionForm>
  );
}
