import { Pencil, Trash2 } from 'lucide-react';
import { act, type ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { actionsColumn, columnsFor, DataTable, type DataTableState } from './data-table.tsx';
import { withReactRoot } from './test-root.ts';

const { host, root } = withReactRoot();

type Person = { id: string; name: string; shifts: number };
const people: Person[] = [
  { id: 'p1', name: 'Cleo', shifts: 3 },
  { id: 'p2', name: 'Ada', shifts: 10 },
  { id: 'p3', name: 'Bea', shifts: 1 },
];
const col = columnsFor<Person>();
const columns = [
  col.accessor('name', { header: 'Name' }),
  col.accessor('shifts', { header: 'Shifts', enableSorting: true }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <button type="button">Remove {row.original.name}</button>,
  }),
];

/** Draws the table of `people` (or what `props` say) and waits for React. */
const renderTable = (props: Partial<ComponentProps<typeof DataTable<Person>>> = {}) =>
  act(async () =>
    root().render(
      <DataTable label="People" columns={columns} data={people} getRowId={(p) => p.id} {...props} />,
    ),
  );
const names = () => [...host().querySelectorAll('tbody tr')].map((r) => r.querySelector('td')?.textContent);
const heading = (text: string) =>
  [...host().querySelectorAll('th')].find((th) => th.textContent === text) as HTMLTableCellElement;
const click = (el: Element) => act(async () => (el as HTMLElement).click());
const state = (over: Partial<DataTableState> = {}): DataTableState => ({
  isPending: false,
  error: null,
  onRetry: () => undefined,
  failedTitle: 'Could not load people',
  emptyTitle: 'No people yet',
  ...over,
});

describe('DataTable', () => {
  it('sorts by a sortable column, and says so on its heading', async () => {
    await renderTable({ sorting: {} });
    expect(names()).toEqual(['Cleo', 'Ada', 'Bea']);
    await click(heading('Name').querySelector('button') as HTMLButtonElement);
    expect(names()).toEqual(['Ada', 'Bea', 'Cleo']);
    expect(heading('Name').getAttribute('aria-sort')).toBe('ascending');
    await click(heading('Shifts').querySelector('button') as HTMLButtonElement);
    // Numbers sort largest first on the first press (TanStack's default for numbers).
    expect(names()).toEqual(['Ada', 'Cleo', 'Bea']);
    expect(heading('Name').getAttribute('aria-sort')).toBe('none');
    expect(heading('Actions').querySelector('button')).toBeNull();
  });

  it('does not sort where the screen does not', async () => {
    await renderTable();
    expect(heading('Name').querySelector('button')).toBeNull();
    expect(heading('Name').getAttribute('aria-sort')).toBeNull();
  });

  it('opens a row by click or Enter, but not from a button inside it', async () => {
    const open = vi.fn();
    await renderTable({ onRowActivate: (p) => open(p.id), isSelected: (p) => p.id === 'p3' });
    const rows = host().querySelectorAll('tbody tr');
    await click(rows[0]?.querySelector('td') as HTMLElement);
    expect(open).toHaveBeenLastCalledWith('p1');
    await act(async () => {
      rows[1]?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(open).toHaveBeenLastCalledWith('p2');
    await click(rows[2]?.querySelector('button') as HTMLButtonElement);
    expect(open).toHaveBeenCalledTimes(2);
    expect(rows[2]?.getAttribute('aria-current')).toBe('true');
    expect(rows[0]?.getAttribute('tabindex')).toBe('0');
  });

  it('shows the empty and failed states instead of an empty table', async () => {
    await renderTable({ data: [], state: state() });
    expect(host().querySelector('table')).toBeNull();
    expect(host().textContent).toContain('No people yet');
    const retry = vi.fn();
    await renderTable({ data: [], state: state({ error: new Error('Offline'), onRetry: retry }) });
    expect(host().querySelector('[role="alert"]')?.textContent).toContain('Could not load people');
    await click([...host().querySelectorAll('button')].find((b) => b.textContent === 'Retry') as HTMLElement);
    expect(retry).toHaveBeenCalled();
  });

  it('pages through the pager', async () => {
    const onPage = vi.fn();
    await renderTable({ paging: { page: 1, limit: 3, total: 7, onPage } });
    expect(host().textContent).toContain('1–3 of 7');
    await click(host().querySelector('[aria-label="Next page"]') as HTMLElement);
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('adds a totals row under the columns', async () => {
    await renderTable({ variant: 'plain', footer: ['Total', '14', ''] });
    const totals = [...host().querySelectorAll('tfoot td')].map((td) => td.textContent);
    expect(totals).toEqual(['Total', '14', '']);
  });

  it('gives each row its actions as icon buttons named by the row, under a heading for screen readers', async () => {
    const edited: string[] = [];
    const removed: string[] = [];
    const withActions = [
      col.accessor('name', { header: 'Name' }),
      actionsColumn(col, {
        label: 'Actions',
        actions: (p) => [
          { label: `Edit ${p.name}`, Icon: Pencil, onClick: () => edited.push(p.id) },
          { label: `Delete ${p.name}`, Icon: Trash2, onClick: () => removed.push(p.id) },
        ],
      }),
    ];
    await renderTable({ columns: withActions });
    expect(heading('Actions').querySelector('.sr-only')).not.toBeNull();
    const buttons = [...host().querySelectorAll('tbody tr:nth-child(2) button')] as HTMLButtonElement[];
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Edit Ada', 'Delete Ada']);
    await click(buttons[1] as HTMLButtonElement);
    expect(removed).toEqual(['p2']);
    expect(edited).toEqual([]);
  });
});
