import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, ReactNode } from 'react';

/*
 * A menu of actions on Radix DropdownMenu: the trigger says it has a menu (aria-haspopup,
 * aria-expanded), arrow keys and typing a letter move through the items, Enter or a click runs
 * one and closes the menu, Escape or a click outside closes it and focus goes back to the trigger.
 */
/**
 * Not modal: the page stays usable while the menu is open (a click outside closes it and does
 * what it clicked), and a dialog an item opens does not fight the menu over the page.
 */
export function DropdownMenu(props: ComponentProps<typeof DropdownMenuPrimitive.Root>) {
  return <DropdownMenuPrimitive.Root modal={false} {...props} />;
}
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
export const DropdownMenuGroup = DropdownMenuPrimitive.Group;

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  align = 'end',
  collisionPadding = 8,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={collisionPadding}
        className={`z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-48 overflow-y-auto rounded-lg border border-neutral-200 bg-white p-1 text-neutral-900 shadow-xl transition-[opacity,scale] duration-100 starting:scale-95 starting:opacity-0 motion-reduce:transition-none ${className ?? ''}`}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

/** An action: `onSelect` runs it (the menu then closes); `icon` is drawn before the label. */
export function DropdownMenuItem({
  className,
  icon,
  children,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Item> & { icon?: ReactNode }) {
  return (
    <DropdownMenuPrimitive.Item
      className={`flex min-h-11 cursor-default items-center gap-3 rounded-md px-3 text-sm text-neutral-800 outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:text-neutral-400 data-[highlighted]:bg-neutral-100 sm:min-h-9 ${className ?? ''}`}
      {...props}
    >
      {icon}
      {children}
    </DropdownMenuPrimitive.Item>
  );
}

/** Text in the menu that is not an action (a heading, the signed-in person's details). */
export function DropdownMenuLabel({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return <DropdownMenuPrimitive.Label className={`px-3 py-2 text-sm ${className ?? ''}`} {...props} />;
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return (
    <DropdownMenuPrimitive.Separator
      className={`-mx-1 my-1 h-px bg-neutral-200 ${className ?? ''}`}
      {...props}
    />
  );
}
