import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api.ts';
import { discardUnsavedChanges, hasUnsavedChanges } from '../lib/unsaved.ts';
import { Form, FormInput, SubmitButton, serverFieldErrors } from './form.tsx';
import { withReactRoot } from './test-root.ts';
import { useZodForm } from './zod-form.ts';

const { host, root } = withReactRoot();

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name'),
  email: z.string(),
});

function Editor({ onSave }: { onSave: (v: z.output<typeof schema>) => Promise<unknown> }) {
  const form = useZodForm(schema, { defaultValues: { name: 'Ada', email: 'ada@example.com' } });
  return (
    <Form form={form} onSubmit={onSave} aria-label="Person">
      <FormInput name="name" label="Name" description="As on the roster" />
      <FormInput name="email" label="Email" />
      <SubmitButton pending="Saving…">Save</SubmitButton>
    </Form>
  );
}

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const input = (label: string) => {
  const l = [...host().querySelectorAll('label')].find((x) => x.textContent === label);
  return document.getElementById(l?.htmlFor ?? '') as HTMLInputElement;
};
async function type(el: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, text);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const submit = async () => {
  await act(async () => {
    host().querySelector('form')?.requestSubmit();
  });
  await flush();
};
const alerts = () => [...host().querySelectorAll('[role="alert"]')].map((a) => a.textContent);

async function render(onSave: (v: z.output<typeof schema>) => Promise<unknown>) {
  await act(async () => root().render(<Editor onSave={onSave} />));
}

afterEach(() => {
  discardUnsavedChanges();
});

describe('Form', () => {
  it('shows an invalid field’s message on that field and sends nothing', async () => {
    const onSave = vi.fn(async () => undefined);
    await render(onSave);
    await type(input('Name'), '  ');
    await submit();
    const name = input('Name');
    expect(onSave).not.toHaveBeenCalled();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = (name.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Enter a name', 'As on the roster']);
    expect(input('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the schema’s output when every field is valid', async () => {
    const onSave = vi.fn(async () => undefined);
    await render(onSave);
    await type(input('Name'), '  Grace  ');
    await submit();
    expect(onSave).toHaveBeenCalledWith({ name: 'Grace', email: 'ada@example.com' });
  });

  it('lays a refused write’s field message on its field and the rest under the form', async () => {
    const refusal = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: 'body.email: Enter an email address',
      kind: 'answer',
      details: [
        { path: 'body.email', message: 'Enter an email address' },
        { path: 'body.other', message: 'Not allowed here' },
      ],
    });
    await render(async () => {
      throw refusal;
    });
    await type(input('Email'), 'nope');
    await submit();
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(alerts()).toEqual(['Enter an email address', 'Not allowed here']);
    expect(input('Name').getAttribute('aria-invalid')).toBeNull();
    // The edits stay, and still count as unsaved.
    expect(input('Email').value).toBe('nope');
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('marks the screen as having unsaved changes while the values differ from the loaded ones', async () => {
    await render(async () => undefined);
    expect(hasUnsavedChanges()).toBe(false);
    await type(input('Name'), 'Grace');
    expect(hasUnsavedChanges()).toBe(true);
    await type(input('Name'), 'Ada');
    expect(hasUnsavedChanges()).toBe(false);
    await type(input('Name'), 'Grace');
    await submit();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('disables Save and says so while the write is under way', async () => {
    let finish: () => void = () => undefined;
    await render(() => new Promise<void>((r) => (finish = r)));
    await type(input('Name'), 'Grace');
    await submit();
    const button = host().querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Saving…');
    await act(async () => finish());
    await flush();
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('Save');
  });
});

describe('serverFieldErrors', () => {
  it('reads a rule’s issues and a named field, and keeps a message naming no field', () => {
    const issues = new ApiError({
      status: 400,
      code: 'invalid',
      message: 'x',
      kind: 'answer',
      details: { issues: [{ field: 'time_zone', message: 'Unknown time zone' }] },
    });
    expect(serverFieldErrors(issues)).toEqual({ time_zone: 'Unknown time zone' });
    const named = new ApiError({
      status: 409,
      code: 'taken',
      message: 'That email is taken',
      kind: 'answer',
      details: { field: 'body.email' },
    });
    expect(serverFieldErrors(named)).toEqual({ email: 'That email is taken' });
    expect(
      serverFieldErrors(new ApiError({ status: 404, code: 'gone', message: 'Gone', kind: 'answer' })),
    ).toEqual({
      '': 'Gone',
    });
  });
});
