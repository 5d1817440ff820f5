import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api.ts';
import { discardUnsavedChanges, hasUnsavedChanges } from '../lib/unsaved.ts';
import { FormInput } from './form.tsx';
import { FormModal, VersionedFormModal } from './form-modal.tsx';
import { withReactRoot } from './test-root.ts';
import { useZodForm } from './zod-form.ts';

const { root } = withReactRoot();

const schema = z.object({ name: z.string().trim().min(1, 'Enter a name') });
const STALE = 'Someone else changed this record. Reload it to see their change.';

const refusal = (status: number, code: string, message: string) =>
  new ApiError({ status, code, message, kind: 'answer', details: [] });

function Editor(props: { onSave: () => Promise<unknown>; onReload: () => unknown }) {
  const form = useZodForm(schema, { defaultValues: { name: 'Ada' } });
  return (
    <VersionedFormModal
      title="Edit person"
      testId="person-form"
      form={form}
      onSubmit={props.onSave}
      onReload={async () => {
        await props.onReload();
        form.reset({ name: 'Ada Lovelace' });
      }}
      onClose={() => undefined}
      staleText={STALE}
    >
      <FormInput name="name" label="Name" />
    </VersionedFormModal>
  );
}

const dialog = () => document.querySelector('[data-testid="person-form"]') as HTMLElement;
const button = (name: string) =>
  [...dialog().querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;
const nameInput = () => dialog().querySelector('input') as HTMLInputElement;
const alerts = () => [...dialog().querySelectorAll('[role="alert"]')].map((a) => a.textContent);
const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));
async function type(text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(nameInput(), text);
    nameInput().dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function save() {
  await act(async () => button('Save').click());
  await flush();
}

afterEach(() => discardUnsavedChanges());

describe('VersionedFormModal', () => {
  it('on a version conflict keeps the edits, says so with Reload, and saves nothing more until reloaded', async () => {
    const onSave = vi.fn(async () => {
      throw refusal(409, 'version_conflict', 'The record was changed');
    });
    const onReload = vi.fn(async () => undefined);
    await act(async () => root().render(<Editor onSave={onSave} onReload={onReload} />));
    await type('Ada L.');
    await save();
    expect(alerts()).toEqual([`${STALE}Reload`]);
    expect(nameInput().value).toBe('Ada L.');
    expect(button('Save').disabled).toBe(true);

    await act(async () => button('Reload').click());
    await flush();
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(alerts()).toEqual([]);
    expect(nameInput().value).toBe('Ada Lovelace');
    expect(button('Save').disabled).toBe(false);
  });

  it('shows any other refusal as the form’s message, with saving still possible', async () => {
    const onSave = vi.fn(async () => {
      throw refusal(403, 'forbidden', 'You may not change this record');
    });
    await act(async () => root().render(<Editor onSave={onSave} onReload={() => undefined} />));
    await type('Ada L.');
    await save();
    expect(alerts()).toEqual(['You may not change this record']);
    expect(button('Save').disabled).toBe(false);
    expect(dialog().textContent).not.toContain(STALE);
  });
});

function Rename({ quick, onSave }: { quick: boolean; onSave: () => Promise<unknown> }) {
  const form = useZodForm(schema, { defaultValues: { name: 'Ada' } });
  return (
    <FormModal
      title="Rename"
      testId="person-form"
      form={form}
      onSubmit={onSave}
      onClose={() => undefined}
      quick={quick}
    >
      <FormInput name="name" label="Name" />
    </FormModal>
  );
}

describe('FormModal', () => {
  it('a quick dialog lets its edits go without the unsaved-changes question; a full one guards them', async () => {
    await act(async () => root().render(<Rename quick onSave={async () => undefined} />));
    await type('Ada L.');
    expect(hasUnsavedChanges()).toBe(false);
    await act(async () => root().render(<Rename quick={false} onSave={async () => undefined} />));
    await type('Ada K.');
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('says Save, and Saving… while it is sent', async () => {
    let done = () => {};
    const onSave = () =>
      new Promise<void>((resolve) => {
        done = resolve;
      });
    await act(async () => root().render(<Rename quick onSave={onSave} />));
    expect(button('Save')).toBeDefined();
    await save();
    expect(button('Saving…')?.disabled).toBe(true);
    await act(async () => done());
    await flush();
    expect(button('Save')?.disabled).toBe(false);
  });
});
