import type { ComponentProps, ReactNode } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-sky-700 text-white hover:bg-sky-800 disabled:bg-sky-700/60',
  secondary:
    'border border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-50 disabled:text-neutral-400',
  ghost: 'text-neutral-700 hover:bg-neutral-100 disabled:text-neutral-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60',
};

/** Buttons are 44 px tall on phones (touch targets) and 36 px from the `sm` breakpoint on. */
export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...rest
}: ComponentProps<'button'> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed sm:min-h-9 ${VARIANTS[variant]} ${className ?? ''}`}
      {...rest}
    />
  );
}

/** A square icon-only button; `label` is its accessible name and tooltip. */
export function IconButton({
  label,
  children,
  className,
  type = 'button',
  ...rest
}: Omit<ComponentProps<'button'>, 'aria-label'> & { label: string; children: ReactNode }) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`relative inline-flex size-11 shrink-0 items-center justify-center rounded-md text-neutral-600 transition-colors hover:bg-neutral-100 hover:text-neutral-900 sm:size-9 ${className ?? ''}`}
      {...rest}
    >
      {children}
    </button>
  );
}
