import { MAX_MIN_REST_MINUTES, RULE_SWITCH_NAMES } from '@rostra/core/allocation/scenario';
import { z } from 'zod';
import { FormInput } from '../../ui/form.tsx';
import { FormToggle } from './form-parts.tsx';
import type { AllocationDoc } from './settings-api.ts';

/** Texts of the rules the organisation may switch on (issue 20 point 3). */
export const RULES_TEXT = {
  rules: 'Rules',
  intro: 'Rules from award agreements and dispatchers. Each is off until switched on here.',
  switchLabel: {
    MIN_REST_NOT_CHECK: 'Minimum rest between two jobs',
    CREDENTIAL_EXPIRY_NOT_CHECK: 'Credential expiry (valid till, certificate expiry dates)',
  } as Record<string, string>,
  minRest: 'Minimum rest, minutes',
  minRestHint: 'Between the end of one job of a resource and the start of the next (600 = 10 hours).',
  minRestInvalid: `A whole number of minutes from 0 to ${MAX_MIN_REST_MINUTES}`,
} as const;

/** The rules' values in the allocation form (text fields, numbers once checked). */
export const rulesShape = {
  min_rest_minutes: z
    .string()
    .trim()
    .regex(/^\d+$/, RULES_TEXT.minRestInvalid)
    .transform(Number)
    .refine((n) => n <= MAX_MIN_REST_MINUTES, RULES_TEXT.minRestInvalid),
};

export const rulesValues = (d: AllocationDoc) => ({ min_rest_minutes: String(d.min_rest_minutes) });

/**
 * The "Rules" part of the allocation settings: each rule's switch (on = the check runs) and its
 * value, inside the allocation form so that one save keeps the whole document.
 */
export function RulesFields() {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold text-neutral-800">{RULES_TEXT.rules}</legend>
      <p className="text-sm text-neutral-600">{RULES_TEXT.intro}</p>
      {RULE_SWITCH_NAMES.map((name) => (
        <FormToggle
          key={name}
          name={`switches.${name}`}
          invert
          label={RULES_TEXT.switchLabel[name] ?? name}
        />
      ))}
      <FormInput
        className="max-w-xs"
        name="min_rest_minutes"
        label={RULES_TEXT.minRest}
        inputMode="numeric"
        description={RULES_TEXT.minRestHint}
      />
    </fieldset>
  );
}
