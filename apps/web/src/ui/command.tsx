import { Command as CommandPrimitive } from 'cmdk';
import type { ComponentProps } from 'react';
import { COMMAND_INPUT_CLASS } from './command-style.ts';

/*
 * A combobox of commands or results on cmdk: the input keeps focus while ↑/↓ move the active
 * option (aria-activedescendant), Enter or a click runs it (`onSelect`). The caller owns the
 * text and, for results that come from a server, turns cmdk's own filtering off
 * (`shouldFilter={false}`).
 */
export function Command({ className, ...props }: ComponentProps<typeof CommandPrimitive>) {
  return <CommandPrimitive className={`relative ${className ?? ''}`} {...props} />;
}

/** The combobox input; its accessible name is the Command's `label`. */
export function CommandInput({ className, ...props }: ComponentProps<typeof CommandPrimitive.Input>) {
  return <CommandPrimitive.Input className={`${COMMAND_INPUT_CLASS} ${className ?? ''}`} {...props} />;
}

/** The listbox of options; `label` is its accessible name. */
export function CommandList({ className, ...props }: ComponentProps<typeof CommandPrimitive.List>) {
  return <CommandPrimitive.List className={className} {...props} />;
}

/** A labelled group of options (role group, named by its `heading`). */
export function CommandGroup({ className, ...props }: ComponentProps<typeof CommandPrimitive.Group>) {
  return (
    <CommandPrimitive.Group
      className={`[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-neutral-500 [&_[cmdk-group-heading]]:uppercase ${className ?? ''}`}
      {...props}
    />
  );
}

/** An option (role option); the active one is `aria-selected` and tinted. */
export function CommandItem({ className, ...props }: ComponentProps<typeof CommandPrimitive.Item>) {
  return (
    <CommandPrimitive.Item
      className={`cursor-pointer px-3 py-2 data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[selected=true]:bg-sky-50 sm:py-1.5 ${className ?? ''}`}
      {...props}
    />
  );
}

export const CommandEmpty = CommandPrimitive.Empty;
