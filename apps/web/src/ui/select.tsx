import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';

/*
 * One choice out of a short list, on Radix Select: the trigger is a combobox named by `label`
 * (visually hidden unless `showLabel`), it opens with Enter, Space or the arrow keys, typing a
 * letter jumps to an option, Escape closes and focus goes back to the trigger. Radix forbids an
 * empty value, so '' (the "any" option of a filter) travels as a private token.
 */
const EMPTY = '\u0000none';

export type SelectOption = { value: string; label: string };

export function Select(props: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  className?: string;
  disabled?: boolean;
}) {
  const current = props.options.find((o) => o.value === props.value);
  return (
    <SelectPrimitive.Root
      value={props.value === '' ? EMPTY : props.value}
      onValueChange={(v) => props.onChange(v === EMPTY ? '' : v)}
      {...(props.disabled ? { disabled: true } : {})}
    >
      <SelectPrimitive.Trigger
        aria-label={props.label}
        data-value={props.value}
        className={`flex min-h-11 min-w-0 items-center justify-between gap-2 rounded-md border border-neutral-300 bg-white px-2 text-left text-base hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-sky-600 disabled:opacity-50 sm:min-h-9 sm:text-sm ${props.className ?? ''}`}
      >
        <SelectPrimitive.Value>
          <span className="truncate">{current?.label ?? props.value}</span>
        </SelectPrimitive.Value>
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden className="size-4 shrink-0 text-neutral-500" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden rounded-lg border border-neutral-200 bg-white text-neutral-900 shadow-xl"
        >
          <SelectPrimitive.Viewport className="p-1">
            {props.options.map((o) => (
              <SelectPrimitive.Item
                key={o.value}
                value={o.value === '' ? EMPTY : o.value}
                className="relative flex min-h-11 cursor-default items-center gap-2 rounded-md pr-3 pl-7 text-sm outline-none select-none data-[highlighted]:bg-neutral-100 sm:min-h-8"
              >
                <SelectPrimitive.ItemIndicator className="absolute left-2">
                  <Check aria-hidden className="size-4" />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{o.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
