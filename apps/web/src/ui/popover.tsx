import * as PopoverPrimitive from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';

/*
 * A panel anchored to its trigger on Radix Popover (pickers, small forms, details on demand): the
 * trigger says it controls a dialog (aria-expanded), focus moves into the panel when it opens,
 * Escape or a click outside closes it and focus goes back to the trigger.
 */
export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverAnchor = PopoverPrimitive.Anchor;
export const PopoverClose = PopoverPrimitive.Close;

export function PopoverContent({
  className,
  align = 'start',
  sideOffset = 4,
  collisionPadding = 8,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={`z-50 max-h-(--radix-popover-content-available-height) overflow-y-auto rounded-lg border border-neutral-200 bg-white p-3 text-neutral-900 shadow-xl transition-[opacity,scale] duration-100 starting:scale-95 starting:opacity-0 focus:outline-none motion-reduce:transition-none ${className ?? ''}`}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
