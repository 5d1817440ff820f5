import {
  MAX_MAX_CONSECUTIVE_DAYS,
  MAX_MIN_REST_MINUTES,
  RULE_SWITCH_NAMES,
} from '@rostra/core/allocation/scenario';
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
    MAX_CONSECUTIVE_DAYS_NOT_CHECK: 'Maximum consecutive working days',
    MIN_HOURS_NOT_CHECK: 'Prefer resources under their minimum hours (a preference, never a failure)',
  } as Record<string, string>,
  minRest: 'Minimum rest, minutes',
  minRestHint: 'Between the end of one job of a resource and the start of the next (600 = 10 hours).',
  minRestInvalid: `A whole number of minutes from 0 to ${MAX_MIN_REST_MINUTES}`,
  maxDays: 'Most working days in a row',
  maxDaysHint: 'Calendar days with any job of the resource, in the organisation’s time zone.',
  maxDaysInvalid: `A whole number of days from 1 to ${MAX_MAX_CONSECUTIVE_DAYS}`,
} as const;

/** A whole number from `min` to `max` typed in a text field. */
export const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

/** The rules' values in the allocation form (text fields, numbers once checked). */
export const rulesShape = {
  min_rest_minutes: wholeNumber(0, MAX_MIN_REST_MINUTES, RULES_TEXT.minRestInvalid),
  max_consecutive_days: wholeNumber(1, MAX_MAX_CONSECUTIVE_DAYS, RULES_TEXT.maxDaysInvalid),
};

export const rulesValues = (d: AllocationDoc) => ({
  min_rest_minutes: String(d.min_rest_minutes),
  max_consecutive_days: String(d.max_consecutive_days),
});

/** The value field of a rule that has one, shown under its switch. */
const RULE_VALUE: Record<string, { name: keyof typeof rulesShape; label: string; hint: string }> = {
  MIN_REST_NOT_CHECK: { name: 'min_rest_minutes', label: RULES_TEXT.minRest, hint: RULES_TEXT.minRestHint },
  MAX_CONSECUTIVE_DAYS_NOT_CHECK: {
    name: 'max_consecutive_days',
    label: RULES_TEXT.maxDays,
    hint: RULES_TEXT.maxDaysHint,
  },
};

/**
 * The "Rules" part of the allocation settings: each rule's switch (on = the check runs) and its
 * value, inside the allocation form so that one save keeps the whole document.
 */
export function RulesFields() {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold text-neutral-800">{RULES_TEXT.rules}</legend>
      <p className="text-sm text-neutral-600">{RULES_TEXT.intro}</p>
      {RULE_SWITCH_NAMES.map((name) => {
        const value = RULE_VALUE[name];
        return (
          <div key={name} className="grid gap-2">
            <FormToggle name={`switches.${name}`} invert label={RULES_TEXT.switchLabel[name] ?? name} />
            {value && (
              <FormInput
                className="max-w-xs"
                name={value.name}
                label={value.label}
                inputMode="numeric"
                description={value.hint}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
