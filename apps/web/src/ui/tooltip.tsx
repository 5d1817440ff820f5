import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';

/*
 * A short hint on hover and on keyboard focus, on Radix Tooltip (role tooltip, the trigger
 * described by it; Escape hides it). For what the native `title` cannot do: shown on focus, styled,
 * and readable on touch after a long press. Never the only place of an accessible name: an icon
 * button still has its own label.
 */
export const TooltipProvider = TooltipPrimitive.Provider;

export function Tooltip({
  content,
  children,
  side = 'top',
  delayDuration = 400,
}: {
  /** The hint. */
  content: ReactNode;
  /** The element it describes: one focusable element (it receives the trigger's props). */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  delayDuration?: number;
}) {
  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-xs rounded-md bg-neutral-900 px-2 py-1 text-xs text-white shadow-md transition-opacity duration-100 starting:opacity-0 motion-reduce:transition-none"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-neutral-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
