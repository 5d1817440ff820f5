import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ME_KEY } from '../lib/session.ts';
import { FormDateField } from './date-picker.tsx';
import { Form } from './form.tsx';
import { withReactRoot } from './test-root.ts';
import { useZodForm } from './zod-form.ts';

const { host, root } = withReactRoot();

// Radix's popper measures its anchor; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const schema = z.object({ day: z.string().min(1, 'Choose a day') });

let saved: z.output<typeof schema>[];

function Picker({ initial }: { initial: string }) {
  const form = useZodForm(schema, { defaultValues: { day: initial } });
  return (
    <Form form={form} onSubmit={(v) => void saved.push(v)}>
      <FormDateField name="day" label="Day" />
      <button type="submit">Save</button>
    </Form>
  );
}

async function render(initial: string, company: { date_format: string; time_zone: string }) {
  const client = new QueryClient();
  client.setQueryData(ME_KEY, { company } as never);
  await act(async () =>
    root().render(
      <QueryClientProvider client={client}>
        <Picker initial={initial} />
      </QueryClientProvider>,
    ),
  );
}
const input = () => host().querySelector('input') as HTMLInputElement;
const calendarButton = () => host().querySelector('button[aria-label="Open calendar"]') as HTMLButtonElement;
const gridDays = () => [...document.querySelectorAll('[role="gridcell"] button')] as HTMLButtonElement[];

beforeEach(() => {
  saved = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('FormDateField', () => {
  it('shows the value in the organisation’s date format, and a day chosen in the calendar too', async () => {
    await render('2026-11-25', { date_format: 'dd/mmm/yyyy', time_zone: 'UTC' });
    expect(input().value).toBe('25/Nov/2026');
    await act(async () => calendarButton().click());
    const day = gridDays().find((b) => b.textContent === '3');
    expect(day).toBeDefined();
    await act(async () => day?.click());
    expect(input().value).toBe('03/Nov/2026');
    await act(async () => host().querySelector('form')?.requestSubmit());
    expect(saved).toEqual([{ day: '2026-11-03' }]);
  });

  it('reads typed text in the organisation’s format', async () => {
    await render('', { date_format: 'mm/dd/yyyy', time_zone: 'UTC' });
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input(), '12/31/2026');
      input().dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => host().querySelector('form')?.requestSubmit());
    expect(saved).toEqual([{ day: '2026-12-31' }]);
  });

  it('opens on the organisation’s today, not the browser’s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 22:00 on 30 Nov in UTC is already 1 Dec in Auckland.
    vi.setSystemTime(new Date('2026-11-30T22:00:00Z'));
    await render('', { date_format: 'dd/mmm/yyyy', time_zone: 'Pacific/Auckland' });
    await act(async () => calendarButton().click());
    const today = document.querySelector('[data-today] button, [data-today="true"] button');
    expect(today?.textContent).toBe('1');
    expect(document.querySelector('[role="grid"]')?.getAttribute('aria-label')).toContain('December 2026');
  });
});
