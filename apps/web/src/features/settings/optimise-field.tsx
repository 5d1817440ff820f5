import { OPTIMISE_BUDGET_MAX_MS } from '@rostra/core/allocation/scenario';
import { FormInput } from '../../ui/form.tsx';
import { wholeNumber } from './rules-fields.tsx';
import type { AllocationDoc } from './settings-api.ts';

/** Texts of the optimised batch's budget (issue 20 point 2). */
export const OPTIMISE_TEXT = {
  budget: 'Optimisation budget, milliseconds',
  hint: 'How long "Optimise" in Auto-allocate looks for a better answer after the first pass (2000 = 2 seconds).',
  invalid: `A whole number of milliseconds from 0 to ${OPTIMISE_BUDGET_MAX_MS}`,
} as const;

export const optimiseShape = {
  optimise_budget_ms: wholeNumber(0, OPTIMISE_BUDGET_MAX_MS, OPTIMISE_TEXT.invalid),
};

export const optimiseValues = (d: AllocationDoc) => ({ optimise_budget_ms: String(d.optimise_budget_ms) });

/** The budget of an optimised batch, in the allocation form. */
export function OptimiseField() {
  return (
    <FormInput
      className="max-w-xs"
      name="optimise_budget_ms"
      label={OPTIMISE_TEXT.budget}
      inputMode="numeric"
      description={OPTIMISE_TEXT.hint}
    />
  );
}
