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
    TRAVEL_TIME_NOT_CHECK: 'Travel time between consecutive jobs',
  } as Record<string, string>,
  minRest: 'Minimum rest, minutes',
  minRestHint: 'Between the end of one job of a resource and the start of the next (600 = 10 hours).',
  minRestInvalid: `A whole number of minutes from 0 to ${MAX_MIN_REST_MINUTES}`,
  maxDays: 'Most working days in a row',
  maxDaysHint: 'Calendar days with any job of the resource, in the organisation’s time zone.',
  maxDaysInvalid: `A whole number of days from 1 to ${MAX_MAX_CONSECUTIVE_DAYS}`,
  roadFactor: 'Road factor',
  roadFactorHint:
    'Road distance over straight-line distance between two jobs’ places (1.3 is typical in a city).',
  roadFactorInvalid: 'A number from 1 to 3',
  speed: 'Average speed, km/h',
  speedHint: 'Travel minutes = straight-line km × road factor ÷ speed × 60, rounded up.',
  speedInvalid: 'A whole number of km/h from 5 to 130',
} as const;

/** A whole number from `min` to `max` typed in a text field. */
export const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

/** A number from `min` to `max` (decimals allowed) typed in a text field. */
const decimalNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

/** The rules' values in the allocation form (text fields, numbers once checked). */
export const rulesShape = {
  min_rest_minutes: wholeNumber(0, MAX_MIN_REST_MINUTES, RULES_TEXT.minRestInvalid),
  max_consecutive_days: wholeNumber(1, MAX_MAX_CONSECUTIVE_DAYS, RULES_TEXT.maxDaysInvalid),
  travel_road_factor: decimalNumber(1, 3, RULES_TEXT.roadFactorInvalid),
  travel_speed_kmh: wholeNumber(5, 130, RULES_TEXT.speedInvalid),
};

export const rulesValues = (d: AllocationDoc) => ({
  min_rest_minutes: String(d.min_rest_minutes),
  max_consecutive_days: String(d.max_consecutive_days),
  travel_road_factor: String(d.travel_road_factor),
  travel_speed_kmh: String(d.travel_speed_kmh),
});

/** The value fields of a rule that has them, shown under its switch. */
const RULE_VALUES: Record<string, { name: keyof typeof rulesShape; label: string; hint: string }[]> = {
  MIN_REST_NOT_CHECK: [{ name: 'min_rest_minutes', label: RULES_TEXT.minRest, hint: RULES_TEXT.minRestHint }],
  MAX_CONSECUTIVE_DAYS_NOT_CHECK: [
    { name: 'max_consecutive_days', label: RULES_TEXT.maxDays, hint: RULES_TEXT.maxDaysHint },
  ],
  TRAVEL_TIME_NOT_CHECK: [
    { name: 'travel_road_factor', label: RULES_TEXT.roadFactor, hint: RULES_TEXT.roadFactorHint },
    { name: 'travel_speed_kmh', label: RULES_TEXT.speed, hint: RULES_TEXT.speedHint },
  ],
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
        return (
          <div key={name} className="grid gap-2">
            <FormToggle name={`switches.${name}`} invert label={RULES_TEXT.switchLabel[name] ?? name} />
            {(RULE_VALUES[name] ?? []).map((value) => (
              <FormInput
                key={value.name}
                className="max-w-xs"
                name={value.name}
                label={value.label}
                inputMode={value.name === 'travel_road_factor' ? 'decimal' : 'numeric'}
                description={value.hint}
              />
            ))}
          </div>
        );
      })}
    </fieldset>
  );
}
