import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { Loaded, SectionForm, useSectionForm } from './form-parts.tsx';
import { type ShellDocs, send, shellDocsQuery } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

/** The shell documents a section edits whole (the menu's flags have scopes of their own), by heading. */
const HEADINGS = {
  captions: { title: T.captions, intro: T.captionsIntro },
  display: { title: T.features, intro: T.featuresIntro },
};
type DocKey = keyof typeof HEADINGS;

type Props<K extends DocKey, S extends z.ZodType<Record<K, unknown>, FieldValues>> = {
  /** The document: the form's values hold it under this key, and it is stored under it. */
  docKey: K;
  schema: S;
  valuesOf: (docs: ShellDocs) => z.input<S>;
  children: ReactNode;
};

/**
 * One of the organisation's shell documents (`GET/PUT /settings`) as a settings section: loaded,
 * edited as `{ [docKey]: … }` under `schema`, saved whole with the version it began from; the
 * shell's own copy is refreshed after a save.
 */
export function ShellDocSection<K extends DocKey, S extends z.ZodType<Record<K, unknown>, FieldValues>>(
  props: Props<K, S>,
) {
  const docs = useQuery(shellDocsQuery);
  return <Loaded query={docs}>{(d) => <ShellDocForm {...props} docs={d} />}</Loaded>;
}

function ShellDocForm<K extends DocKey, S extends z.ZodType<Record<K, unknown>, FieldValues>>({
  docKey,
  schema,
  valuesOf,
  children,
  docs,
}: Props<K, S> & { docs: ShellDocs }) {
  const queryClient = useQueryClient();
  const { form, withVersion, cancel } = useSectionForm(
    schema,
    docs,
    valuesOf,
    (d) => d.versions[docKey] ?? 0,
  );
  const save = async (values: z.output<S>) => {
    await withVersion((version) => send('PUT', '/settings', { key: docKey, value: values[docKey], version }));
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
    await queryClient.invalidateQueries({ queryKey: ['settings', 'shell'] });
  };
  return (
    <SectionForm form={form} {...HEADINGS[docKey]} onSave={save} onCancel={cancel}>
      {children}
    </SectionForm>
  );
}
