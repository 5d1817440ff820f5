import type { SettingsDocument } from '@rostra/core/api/settings';
import { MENU_FLAG_KEYS, MENU_SCOPES } from '@rostra/core/settings/documents';
import { type AnyMenuKey, DEFAULT_MENU_FLAGS, menuLabel } from '@rostra/core/shell/menu';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { confirmLeave } from '../../lib/unsaved.ts';
import { Loaded, SectionForm, SelectField, Toggle } from './form-parts.tsx';
import { menuScopesQuery, type Scope, send, shellDocsQuery, useDraft } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

const scopeLabel = (role: string) =>
  role === '' ? T.everyone : (T.roleName[role as keyof typeof T.roleName] ?? role);

/**
 * Menu flags (spec §2): the organisation-wide flags (unset ones take the spec's defaults) and
 * each role's overrides (an entry left "as organisation" follows the organisation-wide flag).
 */
export function MenuSection() {
  const scopes = useQuery(menuScopesQuery);
  const shell = useQuery(shellDocsQuery);
  const [role, setRole] = useState('');
  return (
    <Loaded query={scopes}>
      {(list) => {
        const scope = list.find((s) => s.role === role) ?? { role, value: {}, version: 0 };
        const org = list.find((s) => s.role === '') ?? { role: '', value: {}, version: 0 };
        return (
          <ScopeForm
            key={role}
            scope={scope}
            org={org}
            captions={shell.data?.captions}
            toolbar={
              <SelectField
                className="max-w-xs"
                label={T.menuScope}
                value={role}
                onChange={async (next) => {
                  if (await confirmLeave()) setRole(next);
                }}
                options={MENU_SCOPES.map((r) => ({ value: r, label: scopeLabel(r) }))}
              />
            }
          />
        );
      }}
    </Loaded>
  );
}

function ScopeForm({
  scope,
  org,
  captions,
  toolbar,
}: {
  scope: Scope;
  org: Scope;
  captions: SettingsDocument | undefined;
  toolbar: ReactNode;
}) {
  const queryClient = useQueryClient();
  const isOrg = scope.role === '';
  const { draft, setDraft, isDirty, reset, withVersion } = useDraft(
    scope,
    (s) => s.value,
    (s) => s.version,
  );
  const value = draft ?? {};
  const orgFlag = (key: string) =>
    typeof org.value[key] === 'boolean' ? (org.value[key] as boolean) : DEFAULT_MENU_FLAGS[key as AnyMenuKey];

  const save = async () => {
    await withVersion((version) => send('PUT', '/menu-flags', { role: scope.role, value, version }));
    reset();
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
  };

  return (
    <SectionForm
      title={T.menu}
      intro={T.menuIntro}
      isDirty={isDirty}
      onSave={save}
      onCancel={reset}
      toolbar={toolbar}
    >
      {(errors) => (
        <fieldset className="grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="sr-only">{scopeLabel(scope.role)}</legend>
          {MENU_FLAG_KEYS.map((key) => {
            const label = `${menuLabel(key as AnyMenuKey, captions)} (${key})`;
            if (isOrg) {
              const on = typeof value[key] === 'boolean' ? (value[key] as boolean) : orgFlag(key);
              return (
                <div key={key}>
                  <Toggle
                    label={label}
                    checked={on}
                    note={T.defaultValue(DEFAULT_MENU_FLAGS[key as AnyMenuKey])}
                    onChange={(checked) => setDraft({ ...value, [key]: checked })}
                  />
                  {errors[`value.${key}`] ? (
                    <p className="text-sm text-red-700">{errors[`value.${key}`]}</p>
                  ) : null}
                </div>
              );
            }
            const current = value[key] === undefined ? 'inherit' : value[key] ? 'on' : 'off';
            return (
              <SelectField
                key={key}
                className="py-1"
                label={label}
                value={current}
                error={errors[`value.${key}`]}
                onChange={(next) => {
                  const { [key]: _dropped, ...rest } = value;
                  setDraft(next === 'inherit' ? rest : { ...rest, [key]: next === 'on' });
                }}
                options={[
                  { value: 'inherit', label: `${T.inherit} (${orgFlag(key) ? T.on : T.off})` },
                  { value: 'on', label: T.on },
                  { value: 'off', label: T.off },
                ]}
              />
            );
          })}
        </fieldset>
      )}
    </SectionForm>
  );
}
