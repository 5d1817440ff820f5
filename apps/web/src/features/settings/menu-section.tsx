import type { SettingsDocument } from '@rostra/core/api/settings';
import { MENU_FLAG_KEYS, MENU_SCOPES } from '@rostra/core/settings/documents';
import { type AnyMenuKey, DEFAULT_MENU_FLAGS, menuLabel } from '@rostra/core/shell/menu';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { confirmLeave } from '../../lib/unsaved.ts';
import { Fieldset } from '../../ui/fieldset.tsx';
import { Loaded, SectionForm, SelectField, Toggle, useFieldError, useSectionForm } from './form-parts.tsx';
import { menuScopesQuery, type Scope, send, shellDocsQuery } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

/** A scope's flags by menu key (a key left out follows the organisation, or the spec's default). */
const schema = z.object({ value: z.record(z.string(), z.boolean()) });

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
  const { form, withVersion, cancel } = useSectionForm(
    schema,
    scope,
    (s) => ({ value: s.value }),
    (s) => s.version,
  );
  const orgFlag = (key: string) => org.value[key] ?? DEFAULT_MENU_FLAGS[key as AnyMenuKey];

  const save = async ({ value }: z.output<typeof schema>) => {
    await withVersion((version) => send('PUT', '/menu-flags', { role: scope.role, value, version }));
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
  };

  return (
    <SectionForm
      form={form}
      title={T.menu}
      intro={T.menuIntro}
      onSave={save}
      onCancel={cancel}
      toolbar={toolbar}
    >
      <MenuFlags role={scope.role} captions={captions} orgFlag={orgFlag} />
    </SectionForm>
  );
}

/** Every menu entry's flag: on/off for the organisation, on/off/as the organisation for a role. */
function MenuFlags({
  role,
  captions,
  orgFlag,
}: {
  role: string;
  captions: SettingsDocument | undefined;
  orgFlag: (key: string) => boolean;
}) {
  const { field } = useController<z.input<typeof schema>, 'value'>({ name: 'value' });
  const value = field.value;
  return (
    <Fieldset className="grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3" legend={scopeLabel(role)} look="hidden">
      {MENU_FLAG_KEYS.map((key) => (
        <MenuFlag
          key={key}
          flag={key}
          label={`${menuLabel(key as AnyMenuKey, captions)} (${key})`}
          isOrg={role === ''}
          value={value[key]}
          orgFlag={orgFlag(key)}
          onChange={(next) => {
            const { [key]: _dropped, ...rest } = value;
            field.onChange(next === undefined ? rest : { ...rest, [key]: next });
          }}
        />
      ))}
    </Fieldset>
  );
}

function MenuFlag({
  flag,
  label,
  isOrg,
  value,
  orgFlag,
  onChange,
}: {
  flag: string;
  label: string;
  isOrg: boolean;
  value: boolean | undefined;
  orgFlag: boolean;
  onChange: (next: boolean | undefined) => void;
}) {
  const error = useFieldError(`value.${flag}`);
  if (isOrg) {
    return (
      <div>
        <Toggle
          label={label}
          checked={value ?? orgFlag}
          note={T.defaultValue(DEFAULT_MENU_FLAGS[flag as AnyMenuKey])}
          onChange={onChange}
        />
        {error ? <p className="text-sm text-red-700">{error}</p> : null}
      </div>
    );
  }
  return (
    <SelectField
      className="py-1"
      label={label}
      value={value === undefined ? 'inherit' : value ? 'on' : 'off'}
      error={error}
      onChange={(next) => onChange(next === 'inherit' ? undefined : next === 'on')}
      options={[
        { value: 'inherit', label: `${T.inherit} (${orgFlag ? T.on : T.off})` },
        { value: 'on', label: T.on },
        { value: 'off', label: T.off },
      ]}
    />
  );
}
