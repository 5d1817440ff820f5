import type { RecordNames, StoredRecord } from '@rostra/core/api/common';
import type { ComponentProps } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { FormInput } from '../../ui/form.tsx';
import { displayName, type Label } from './api.ts';
import { RecordForm } from './record-directory.tsx';
import { DIRECTORY_TEXT as T } from './texts.ts';

/** What the screen hands a person's form: the organisation's labels, and what to do on close and save. */
export type PersonFormProps<R> = { labels: Label[]; onClose: () => void; onSaved: (record: R) => void };

/** What a person's form holds first (customers, resources). */
type PersonNames = { first_name: string; last_name: string; email: string };

/**
 * A person's create-or-edit form (customers, resources): a {@link RecordForm} titled by the
 * person's name, wide, with the server's `name` shown on the first name.
 */
export function PersonForm<
  S extends z.ZodType<B, FieldValues>,
  R extends StoredRecord & RecordNames,
  B extends object,
>({
  texts,
  ...form
}: Omit<ComponentProps<typeof RecordForm<S, R, B>>, 'title' | 'size' | 'fieldMap'> & {
  texts: { editTitle: (name: string) => string; createTitle: string };
}) {
  return (
    <RecordForm<S, R, B>
      {...form}
      title={(r) => (r ? texts.editTitle(displayName(r, r._id)) : texts.createTitle)}
      size="lg"
      fieldMap={{ name: 'first_name' }}
    />
  );
}

/** A person's first and last name and email, the first fields of their form. */
export function PersonNameFields<V extends PersonNames>() {
  const name = (n: keyof PersonNames) => n as FieldPath<V>;
  return (
    <>
      <FormInput<V> name={name('first_name')} label={T.firstName} maxLength={200} />
      <FormInput<V> name={name('last_name')} label={T.lastName} maxLength={200} />
      <FormInput<V> name={name('email')} label={T.email} type="email" maxLength={200} />
    </>
  );
}
