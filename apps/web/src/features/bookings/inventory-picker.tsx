import { inventoryTotals } from '@rostra/core/catalogue/inventory';
import { findCatalogueItem, type InventoryLine, ROOMS, type RoomKey } from '@rostra/core/catalogue/rooms';
import { useQueryClient } from '@tanstack/react-query';
import { Minus, Plus, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useUnsavedChanges } from '../../lib/unsaved.ts';
import { Button, IconButton } from '../../ui/button.tsx';
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '../../ui/command.tsx';
import { ControlField } from '../../ui/control-field.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { controlClass } from '../../ui/form.tsx';
import { BOOKINGS_KEY, type Booking, bookingQuery, putInventory } from './api.ts';
import { BOOKINGS_TEXT as T } from './texts.ts';

const volume = (m3: number) => `${m3.toFixed(3)} m³`;
const money = (n: number) => n.toFixed(2);

/** Quantities by item id from inventory lines (an id on several lines adds up). */
function quantities(lines: readonly InventoryLine[] | null | undefined): Record<number, number> {
  const out: Record<number, number> = {};
  for (const l of lines ?? []) out[l.id] = (out[l.id] ?? 0) + l.qty;
  return out;
}

/** The lines of the quantities typed: items with a quantity above 0. */
const linesOf = (qty: Readonly<Record<number, number>>): InventoryLine[] =>
  Object.entries(qty)
    .filter(([, n]) => n > 0)
    .map(([id, n]) => ({ id: Number(id), qty: n }));

/**
 * A moving job's inventory (spec §3 catalogue): the rooms' items with quantities, and the total
 * volume in m³ and price worked out by the core (`inventoryTotals`) as the person types. Only
 * dispatchers change it; the server checks it again and refuses a stale version.
 */
export function InventoryPicker({ booking, isEditable }: { booking: Booking; isEditable: boolean }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(() => quantities(booking.inventory));
  const [qty, setQty] = useState(saved);
  const [room, setRoom] = useState<RoomKey>(ROOMS[0]?.key ?? 'bedRoom');
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSaving, setSaving] = useState(false);
  const roomId = useId();

  const lines = linesOf(qty);
  const totals = inventoryTotals(lines);
  // Changed when a quantity differs from the stored one (an item typed to 0 and back is not).
  const stored = linesOf(saved);
  const isDirty =
    lines.length !== stored.length || lines.some((l) => stored.find((s) => s.id === l.id)?.qty !== l.qty);
  useUnsavedChanges(isEditable && isDirty);

  const change = (id: number, n: number) => setQty((q) => ({ ...q, [id]: Math.max(0, Math.min(999, n)) }));

  const save = async () => {
    setSaving(true);
    setError(undefined);
    try {
      const answer = await putInventory(booking._id, booking.version, lines);
      queryClient.setQueryData(bookingQuery(booking._id).queryKey, answer.record);
      setSaved(qty);
      notify.success(T.inventorySaved);
      await queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
    } catch (e) {
      if (isApiError(e) && e.status === 409) setError(T.staleEdit);
      else setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  const current = ROOMS.find((r) => r.key === room) ?? ROOMS[0];

  return (
    <section aria-labelledby={`${roomId}-title`} className="rounded-lg border border-neutral-200">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-neutral-200 px-3 py-2">
        <h3 id={`${roomId}-title`} className="text-sm font-semibold text-neutral-900">
          {T.inventory}
        </h3>
        {totals.ok ? (
          <p
            className="text-sm text-neutral-700 tabular-nums"
            aria-live="polite"
            data-testid="inventory-totals"
          >
            <span className="text-neutral-500">{T.pieces}</span> {totals.totals.items} ·{' '}
            <span className="text-neutral-500">{T.totalVolume}</span> {volume(totals.totals.volume)} ·{' '}
            <span className="text-neutral-500">{T.totalPrice}</span> {money(totals.totals.price)}
          </p>
        ) : null}
      </div>

      {isEditable ? (
        <div className="grid gap-3 p-3 sm:grid-cols-2">
          <Command label={T.findItem} className="space-y-2">
            <ControlField label={T.room}>
              {(id) => (
                <select
                  id={id}
                  value={room}
                  onChange={(e) => setRoom(e.target.value as RoomKey)}
                  className={controlClass(false)}
                >
                  {ROOMS.map((r) => {
                    const count = r.data.reduce((sum, item) => sum + (qty[item.id] ?? 0), 0);
                    return (
                      <option key={r.key} value={r.key}>
                        {r.title}
                        {count ? ` (${count})` : ''}
                      </option>
                    );
                  })}
                </select>
              )}
            </ControlField>
            <div className="relative">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
              />
              <CommandInput value={search} onValueChange={setSearch} placeholder={T.findItemPlaceholder} />
            </div>
            <CommandList
              label={T.catalogueItems}
              className="max-h-72 overflow-y-auto rounded-md border border-neutral-100"
            >
              <CommandEmpty className="px-3 py-2 text-sm text-neutral-500">{T.noItemFound}</CommandEmpty>
              {(search.trim() ? ROOMS : current ? [current] : []).map((r) => (
                <CommandGroup key={r.key} heading={r.title}>
                  {r.data.map((item) => {
                    const n = qty[item.id] ?? 0;
                    return (
                      <CommandItem
                        key={item.id}
                        value={String(item.id)}
                        keywords={[item.name]}
                        onSelect={() => change(item.id, n + 1)}
                        className="flex min-h-11 items-center gap-2 text-sm"
                      >
                        <img src={item.img} alt="" width={24} height={24} className="size-6 shrink-0" />
                        <span className="min-w-0 flex-1">
                          <span className={n ? 'font-medium text-neutral-900' : 'text-neutral-800'}>
                            {item.name}
                          </span>
                          <span className="block text-xs text-neutral-500 tabular-nums">
                            {volume(item.volume)} · {item.price}
                          </span>
                        </span>
                        {n ? <span className="text-neutral-700 tabular-nums">× {n}</span> : null}
                        <Plus aria-hidden className="size-4 text-neutral-500" />
                      </CommandItem>
                    );
                  })}
                </CommandGroup>
              ))}
            </CommandList>
          </Command>
          <div>
            <h4 className="text-sm font-medium text-neutral-700">{T.chosenItems}</h4>
            {lines.length === 0 ? <p className="py-2 text-sm text-neutral-500">{T.noInventory}</p> : null}
            <ul className="mt-1 divide-y divide-neutral-100">
              {lines.map(({ id, qty: n }) => {
                const name = findCatalogueItem(id)?.name ?? `#${id}`;
                return (
                  <li key={id} className="flex items-center justify-between gap-2 py-1 text-sm">
                    <span className="min-w-0 flex-1 font-medium text-neutral-900">{name}</span>
                    <span className="flex shrink-0 items-center gap-1">
                      <IconButton label={`− ${name}`} onClick={() => change(id, n - 1)}>
                        <Minus aria-hidden className="size-4" />
                      </IconButton>
                      <input
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={999}
                        value={n}
                        aria-label={T.quantityOf(name)}
                        onChange={(e) => change(id, Number.parseInt(e.target.value || '0', 10) || 0)}
                        className="min-h-11 w-14 rounded-md border border-neutral-300 px-1 text-center text-base tabular-nums sm:min-h-9 sm:text-sm"
                      />
                      <IconButton label={`+ ${name}`} onClick={() => change(id, n + 1)}>
                        <Plus aria-hidden className="size-4" />
                      </IconButton>
                    </span>
                  </li>
                );
              })}
            </ul>
            <FormMessage message={error} />
            <div className="mt-2 flex justify-end">
              <Button onClick={() => void save()} disabled={!isDirty || isSaving}>
                {isSaving ? T.saving : T.saveInventory}
              </Button>
            </div>
          </div>
        </div>
      ) : lines.length === 0 ? (
        <p className="px-3 py-2 text-sm text-neutral-500">{T.noInventory}</p>
      ) : (
        <ul className="divide-y divide-neutral-100 px-3">
          {lines.map((l) => {
            const item = findCatalogueItem(l.id);
            return (
              <li key={l.id} className="flex justify-between py-1.5 text-sm">
                <span>{item?.name ?? `#${l.id}`}</span>
                <span className="tabular-nums">× {l.qty}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
