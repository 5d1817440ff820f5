import type { DateRange } from '@rostra/core/api/reports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { meQuery } from '../../lib/session.ts';
import { withReactRoot } from '../../ui/test-root.ts';
import { PeriodPicker } from './report-parts.tsx';

const { host, root } = withReactRoot();

/** Types a value into a controlled input as a person would (React listens to the input event). */
function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The date inputs follow the signed-in organisation's format: no organisation, the spec's default. */
const client = new QueryClient();
client.setQueryData(meQuery.queryKey, null);

function render(value: DateRange, changes: DateRange[]) {
  act(() =>
    root().render(
      <QueryClientProvider client={client}>
        <PeriodPicker value={value} onChange={(r) => changes.push(r)} onThisWeek={() => undefined} />
      </QueryClientProvider>,
    ),
  );
  const [from, to] = [...host().querySelectorAll('input')] as HTMLInputElement[];
  return { from: from as HTMLInputElement, to: to as HTMLInputElement };
}

describe('PeriodPicker', () => {
  const week = { from: '2026-03-08', to: '2026-03-14' };

  it('applies a valid range as it is typed', () => {
    const changes: DateRange[] = [];
    const { to } = render(week, changes);
    type(to, '2026-03-21');
    expect(changes).toEqual([{ from: '2026-03-08', to: '2026-03-21' }]);
  });

  it('keeps a range that ends before it starts, says why, and does not apply it', () => {
    const changes: DateRange[] = [];
    const { to } = render(week, changes);
    type(to, '2026-03-01');
    expect(changes).toEqual([]);
    expect(to.value).toBe('2026-03-01');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(host().querySelector('[role="alert"]')?.textContent).toBe('The period ends before it starts');
  });

  it("moves by the period's length with the earlier and later buttons", () => {
    const changes: DateRange[] = [];
    render(week, changes);
    const [earlier, later] = [...host().querySelectorAll('button')].filter((b) =>
      ['Earlier period', 'Later period'].includes(b.getAttribute('aria-label') ?? ''),
    );
    act(() => earlier?.click());
    act(() => later?.click());
    expect(changes).toEqual([
      { from: '2026-03-01', to: '2026-03-07' },
      { from: '2026-03-15', to: '2026-03-21' },
    ]);
  });
});
