import type { ReactNode } from 'react';

/** A colour pair for a badge: background and text. */
export interface BadgeColor {
  bg: string;
  fg: string;
}

/** A small pill; in `color` when given (an organisation's status colour), neutral grey otherwise. */
export function Badge({
  color,
  className,
  children,
  ...data
}: {
  color?: BadgeColor | undefined;
  className?: string;
  children: ReactNode;
  'data-status'?: string;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-black/5 ring-inset ${color ? '' : 'bg-neutral-100 text-neutral-700'} ${className ?? ''}`}
      style={color ? { backgroundColor: color.bg, color: color.fg } : undefined}
      {...data}
    >
      {children}
    </span>
  );
}

/** A status in a board's status colour (neutral when none is configured), capitalised. */
export function StatusPill({ status, color }: { status: string; color?: BadgeColor | undefined }) {
  return (
    <Badge color={color} className="capitalize">
      {status}
    </Badge>
  );
}
