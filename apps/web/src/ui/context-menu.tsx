import type { ReactNode } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from './dropdown-menu.tsx';

/** Where a context menu opens: the pointer (right click, long press) or the focused item's corner. */
export type MenuPoint = { x: number; y: number };

/**
 * A context menu at a point of the page, on the kit's Radix dropdown menu: an invisible anchor
 * sits at the point and the menu opens from it, so the keyboard (arrows, typing a letter, Enter,
 * Escape) and focus handling are the dropdown's. `at` null: closed. Items are the kit's
 * `DropdownMenuItem`s.
 */
export function ContextMenu(props: {
  at: MenuPoint | null;
  label: string;
  onClose: () => void;
  /** After it closed: where focus goes (the dropdown would give it to the invisible anchor). */
  onClosed: () => void;
  children: ReactNode;
}) {
  const { at } = props;
  return (
    <DropdownMenu
      open={at !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
    >
      <DropdownMenuTrigger asChild>
        <span
          aria-hidden
          tabIndex={-1}
          className="pointer-events-none fixed size-0"
          style={{ left: at?.x ?? 0, top: at?.y ?? 0 }}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        aria-label={props.label}
        // Named by its label, not by the invisible anchor (the dropdown's default).
        aria-labelledby={undefined}
        align="start"
        side="bottom"
        sideOffset={2}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          props.onClosed();
        }}
      >
        {props.children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
