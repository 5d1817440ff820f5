import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FieldError } from '../../ui/control-field.tsx';
import { orgUsersQuery } from './api.ts';
import { READERS_TEXT as R } from './texts.ts';

/**
 * The readers list (`_uid_r`) of a task or calendar event, picked from the organisation's users
 * (dispatchers' forms only: `/users` is theirs). A reader who is no longer a member stays listed,
 * marked, so that it can be taken off; the server refuses adding anyone outside the organisation.
 */
export function ReadersField({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (uids: string[]) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const users = useQuery(orgUsersQuery);
  const [find, setFind] = useState('');
  const text = find.trim().toLowerCase();
  const known = users.data ?? [];
  const strangers = value.filter((u) => !known.some((k) => k.uid === u));
  const shown = known.filter(
    (u) => !text || u.name.toLowerCase().includes(text) || (u.email ?? '').toLowerCase().includes(text),
  );
  const toggle = (uid: string, isOn: boolean) =>
    onChange(isOn ? [...value.filter((u) => u !== uid), uid] : value.filter((u) => u !== uid));
  const row = (uid: string, name: string, detail: string) => (
    <li key={uid}>
      <label className="flex min-h-11 items-center gap-2 px-2 text-sm sm:min-h-8">
        <input
          type="checkbox"
          checked={value.includes(uid)}
          onChange={(e) => toggle(uid, e.target.checked)}
          className="size-4"
        />
        <span className="font-medium text-neutral-800">{name}</span>
        <span className="text-xs text-neutral-500">{detail}</span>
      </label>
    </li>
  );
  return (
    <fieldset
      data-testid="readers-field"
      aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
    >
      <legend className="text-sm font-medium text-neutral-700">{R.legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-neutral-500">
        {R.hint} {R.chosen(value.length)}
      </p>
      <input
        type="search"
        aria-label={R.find}
        placeholder={R.find}
        value={find}
        maxLength={100}
        onChange={(e) => setFind(e.target.value)}
        className="mt-1 block min-h-11 w-full rounded-md border border-neutral-300 bg-white px-3 text-base sm:min-h-9 sm:text-sm"
      />
      {users.isPending ? (
        <div className="mt-1 h-24 animate-pulse rounded-md bg-neutral-100" />
      ) : users.isError ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {R.loadFailed}
        </p>
      ) : (
        <ul className="mt-1 max-h-48 divide-y divide-neutral-100 overflow-y-auto rounded-md border border-neutral-200">
          {strangers.map((uid) => row(uid, uid, R.notMember))}
          {shown.map((u) => row(u.uid, u.name || u.email || u.uid, u.role))}
          {shown.length === 0 && strangers.length === 0 ? (
            <li className="px-2 py-2 text-sm text-neutral-500">{R.noMatch}</li>
          ) : null}
        </ul>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
