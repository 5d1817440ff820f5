import { Search } from 'lucide-react';
import { useState } from 'react';
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from '../../ui/command.tsx';
import { FormField } from '../../ui/form.tsx';
import { type NamedRecord, recordName } from '../bookings/api.ts';
import { TL } from './texts.ts';

/** Options shown at a time: the search narrows them (a large organisation has a thousand). */
const SHOWN = 8;

/** The customers whose name holds every word typed (case-insensitive), the first {@link SHOWN}. */
export function matchCustomers(
  customers: readonly NamedRecord[],
  query: string,
): { id: string; name: string }[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const out: { id: string; name: string }[] = [];
  for (const c of customers) {
    const name = recordName(c, c._id);
    const lower = name.toLowerCase();
    if (words.every((w) => lower.includes(w))) out.push({ id: c._id, name });
    if (out.length === SHOWN) break;
  }
  return out;
}

/**
 * The quick form's customer: a combobox (cmdk) that searches the organisation's customers by name
 * as one types; ↑/↓ and Enter or a click choose one, and the input then shows their name.
 */
export function CustomerField({ customers }: { customers: readonly NamedRecord[] }) {
  return (
    <FormField name="customerId" label={TL.customer}>
      {(f) => <CustomerSearch {...f} customers={customers} />}
    </FormField>
  );
}

function CustomerSearch(props: {
  id: string;
  value: string | undefined;
  onChange: (id: string) => void;
  onBlur: () => void;
  customers: readonly NamedRecord[];
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}) {
  const chosen = props.customers.find((c) => c._id === props.value);
  const chosenName = chosen ? recordName(chosen, chosen._id) : '';
  const [query, setQuery] = useState(chosenName);
  const isOpen = query.trim() !== '' && query !== chosenName;
  const matches = isOpen ? matchCustomers(props.customers, query) : [];
  return (
    <Command label={TL.customer} shouldFilter={false} loop className="mt-1">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-3 left-3 size-4 text-neutral-400 sm:top-2.5"
      />
      <CommandInput
        id={props.id}
        value={query}
        onValueChange={(text) => {
          setQuery(text);
          if (props.value && text !== chosenName) props.onChange('');
        }}
        onBlur={props.onBlur}
        placeholder={TL.searchCustomers}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        className={props['aria-invalid'] ? 'border-red-600' : ''}
      />
      {isOpen ? (
        <CommandList
          label={TL.chooseCustomer}
          className="mt-1 max-h-60 overflow-y-auto rounded-md border border-neutral-200 bg-white shadow-sm"
        >
          <CommandEmpty className="px-3 py-2 text-sm text-neutral-500">{TL.noCustomersFound}</CommandEmpty>
          {matches.map((m) => (
            <CommandItem
              key={m.id}
              value={m.id}
              onSelect={() => {
                props.onChange(m.id);
                setQuery(m.name);
              }}
              className="text-sm"
            >
              {m.name}
            </CommandItem>
          ))}
        </CommandList>
      ) : null}
    </Command>
  );
}
