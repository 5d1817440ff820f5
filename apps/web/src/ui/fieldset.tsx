import type { ComponentProps, ReactNode } from 'react';

const LEGEND = {
  /** Like a field's label: a group of radios or checkboxes that answers one question. */
  label: 'text-sm font-medium text-neutral-700',
  /** A heading over a group of fields. */
  heading: 'mb-2 text-sm font-semibold text-neutral-800',
  /** Said to assistive technology only (the group's look says it already). */
  hidden: 'sr-only',
};

/** A group of controls under one legend (`look` sets how the legend shows). */
export function Fieldset({
  legend,
  look = 'label',
  children,
  ...rest
}: ComponentProps<'fieldset'> & { legend: ReactNode; look?: keyof typeof LEGEND }) {
  return (
    <fieldset {...rest}>
      <legend className={LEGEND[look]}>{legend}</legend>
      {children}
    </fieldset>
  );
}
