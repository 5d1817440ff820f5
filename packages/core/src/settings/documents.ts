import {
  DEFAULT_MAX_CONSECUTIVE_DAYS,
  DEFAULT_MIN_REST_MINUTES,
  DEFAULT_SWITCHES,
  DEFAULT_TRAVEL_ROAD_FACTOR,
  DEFAULT_TRAVEL_SPEED_KMH,
  MAX_MAX_CONSECUTIVE_DAYS,
  MAX_MIN_REST_MINUTES,
  OPTIMISE_BUDGET_MAX_MS,
  SWITCH_NAMES,
  type SwitchName,
} from '../allocation/scenario.ts';
import { GENERIC_MENU_KEYS, MENU_ORDER } from '../shell/menu.ts';
import { ROLES } from '../shell/roles.ts';
import { DISPLAY_DEFAULTS } from './defaults.ts';
import type { Checked, SettingsIssue } from './issues.ts';

/**
 * The settings documents a dispatcher edits on /settings besides the company profile: menu flags
 * (organisation-wide or per role), captions (`m_{key}` menu labels and other overrides), display
 * and feature flags (`ds`), and the allocation switches of the allocation contract.
 */

/** Menu flags are kept organisation-wide ('') and per role (a role's value overrides). */
export const MENU_SCOPES = ['', ...ROLES] as const;
export type MenuScope = (typeof MENU_SCOPES)[number];

/** Every key the menu knows: its fixed order, then the generic keys. */
export const MENU_FLAG_KEYS: readonly string[] = [...MENU_ORDER, ...GENERIC_MENU_KEYS];

/** Most captions a document may hold, and the longest caption. */
export const MAX_CAPTIONS = 200;
export const MAX_CAPTION_LENGTH = 80;
const CAPTION_KEY = /^[A-Za-z0-9_]{1,60}$/;

export const DOCUMENT_TEXT = {
  unknownMenuKey: 'Not a menu entry',
  flagNotBoolean: 'Must be on or off (true or false)',
  unknownDisplayFlag: 'Not a display or feature flag',
  captionKey: 'A caption name is 1 to 60 letters, digits or _',
  captionText: `A caption is text of at most ${MAX_CAPTION_LENGTH} characters`,
  tooManyCaptions: `At most ${MAX_CAPTIONS} captions`,
  unknownSwitch: 'Not an allocation switch',
  weekStartDay: 'The week starts on a day from 0 (Sunday) to 6 (Saturday)',
  minRest: `Minimum rest is a whole number of minutes from 0 to ${MAX_MIN_REST_MINUTES}`,
  optimiseBudget: `The optimisation budget is a whole number of milliseconds from 0 to ${OPTIMISE_BUDGET_MAX_MS}`,
  travelRoadFactor: 'The road factor is a number from 1 to 3',
  travelSpeed: 'The average speed is a whole number of km/h from 5 to 130',
  maxConsecutiveDays: `Consecutive working days is a whole number from 1 to ${MAX_MAX_CONSECUTIVE_DAYS}`,
  notAnObject: 'Must be an object of names and values',
} as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function booleansOf(
  input: unknown,
  allowed: readonly string[],
  unknownMessage: string,
  prefix: string,
): Checked<Record<string, boolean>> {
  if (!isObject(input))
    return { ok: false, issues: [{ field: prefix, code: 'invalid', message: DOCUMENT_TEXT.notAnObject }] };
  const issues: SettingsIssue[] = [];
  const value: Record<string, boolean> = {};
  for (const [key, flag] of Object.entries(input)) {
    const field = prefix ? `${prefix}.${key}` : key;
    if (!allowed.includes(key)) issues.push({ field, code: 'unknown_key', message: unknownMessage });
    else if (typeof flag !== 'boolean')
      issues.push({ field, code: 'invalid', message: DOCUMENT_TEXT.flagNotBoolean });
    else value[key] = flag;
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}

/** Menu flags: keys of the menu only, each on or off. */
export function checkMenuFlags(input: unknown): Checked<Record<string, boolean>> {
  return booleansOf(input, MENU_FLAG_KEYS, DOCUMENT_TEXT.unknownMenuKey, '');
}

/** Display and feature flags (`ds`): the known flags only, each on or off. */
export function checkDisplayFlags(input: unknown): Checked<Record<string, boolean>> {
  return booleansOf(input, Object.keys(DISPLAY_DEFAULTS), DOCUMENT_TEXT.unknownDisplayFlag, '');
}

/**
 * Captions (`cf`): names of letters, digits and _, texts of at most 80 characters. Texts are
 * trimmed; an empty text is dropped (the caption falls back to its default).
 */
export function checkCaptions(input: unknown): Checked<Record<string, string>> {
  if (!isObject(input))
    return { ok: false, issues: [{ field: '', code: 'invalid', message: DOCUMENT_TEXT.notAnObject }] };
  const issues: SettingsIssue[] = [];
  const value: Record<string, string> = {};
  const entries = Object.entries(input);
  if (entries.length > MAX_CAPTIONS)
    issues.push({ field: '', code: 'too_many', message: DOCUMENT_TEXT.tooManyCaptions });
  for (const [key, text] of entries) {
    if (!CAPTION_KEY.test(key))
      issues.push({ field: key, code: 'invalid_key', message: DOCUMENT_TEXT.captionKey });
    else if (typeof text !== 'string' || text.trim().length > MAX_CAPTION_LENGTH) {
      issues.push({ field: key, code: 'invalid', message: DOCUMENT_TEXT.captionText });
    } else if (text.trim() !== '') value[key] = text.trim();
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}

/**
 * The allocation settings document: the week's first day, the contract's switches (and Rostra's
 * rules', see `RULE_SWITCH_NAMES`) and the rules' values.
 */
export type AllocationSettings = {
  week_start_day?: number;
  switches?: Partial<Record<SwitchName, boolean>>;
  /** Minutes of rest between two jobs of a resource (the rest rule, when switched on). */
  min_rest_minutes?: number;
  /** Milliseconds a batch started with "Optimise" improves on the greedy batch (contract's `budget_ms`). */
  optimise_budget_ms?: number;
  /** Most calendar days in a row a resource works (the consecutive days rule, when switched on). */
  max_consecutive_days?: number;
  /** Road distance over straight-line distance, 1–3 (the travel time rule, when switched on). */
  travel_road_factor?: number;
  /** Average speed between jobs, km/h, 5–130 (the travel time rule, when switched on). */
  travel_speed_kmh?: number;
};

/** The travel time rule's road factor in effect: the stored one, else `DEFAULT_TRAVEL_ROAD_FACTOR`. */
export function effectiveTravelRoadFactor(stored: unknown): number {
  return validRoadFactor(stored) ? stored : DEFAULT_TRAVEL_ROAD_FACTOR;
}

function validRoadFactor(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 1 && v <= 3;
}

/** The travel time rule's average speed in effect, km/h: the stored one, else `DEFAULT_TRAVEL_SPEED_KMH`. */
export function effectiveTravelSpeed(stored: unknown): number {
  return validTravelSpeed(stored) ? stored : DEFAULT_TRAVEL_SPEED_KMH;
}

function validTravelSpeed(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 5 && v <= 130;
}

/** The optimisation budget when none is stored: the issue's target budget at 1,000 × 5,000. */
export const DEFAULT_OPTIMISE_BUDGET_MS = 2000;

/** The optimisation budget in effect, milliseconds: the stored one, else the default. */
export function effectiveOptimiseBudget(stored: unknown): number {
  return validOptimiseBudget(stored) ? stored : DEFAULT_OPTIMISE_BUDGET_MS;
}

function validOptimiseBudget(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= OPTIMISE_BUDGET_MAX_MS;
}

/** The most consecutive working days in effect: the stored one, else `DEFAULT_MAX_CONSECUTIVE_DAYS`. */
export function effectiveMaxConsecutiveDays(stored: unknown): number {
  return validMaxDays(stored) ? stored : DEFAULT_MAX_CONSECUTIVE_DAYS;
}

function validMaxDays(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_MAX_CONSECUTIVE_DAYS;
}

/** The minimum rest in effect, minutes: the stored one, else `DEFAULT_MIN_REST_MINUTES`. */
export function effectiveMinRest(stored: unknown): number {
  return validMinRest(stored) ? stored : DEFAULT_MIN_REST_MINUTES;
}

function validMinRest(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_MIN_REST_MINUTES;
}

/** The switches in effect: the contract's defaults with the organisation's choices on top. */
export function effectiveSwitches(stored: unknown): Record<SwitchName, boolean> {
  const out = { ...DEFAULT_SWITCHES };
  if (isObject(stored)) {
    for (const name of SWITCH_NAMES) {
      const v = stored[name];
      if (typeof v === 'boolean') out[name] = v;
    }
  }
  return out;
}

/** Allocation settings: `week_start_day` 0–6 and switches by the contract's names (true = skip). */
export function checkAllocationSettings(input: unknown): Checked<AllocationSettings> {
  if (!isObject(input))
    return { ok: false, issues: [{ field: '', code: 'invalid', message: DOCUMENT_TEXT.notAnObject }] };
  const issues: SettingsIssue[] = [];
  const value: AllocationSettings = {};
  for (const [key, raw] of Object.entries(input)) {
    if (key === 'week_start_day') {
      if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= 6)
        value.week_start_day = raw;
      else issues.push({ field: key, code: 'invalid', message: DOCUMENT_TEXT.weekStartDay });
    } else if (key === 'switches') {
      const switches = booleansOf(raw, SWITCH_NAMES, DOCUMENT_TEXT.unknownSwitch, 'switches');
      if (switches.ok) value.switches = switches.value;
      else issues.push(...switches.issues);
    } else if (key === 'min_rest_minutes') {
      if (validMinRest(raw)) value.min_rest_minutes = raw;
      else issues.push({ field: key, code: 'invalid', message: DOCUMENT_TEXT.minRest });
    } else if (key === 'optimise_budget_ms') {
      if (validOptimiseBudget(raw)) value.optimise_budget_ms = raw;
      else issues.push({ field: key, code: 'invalid', message: DOCUMENT_TEXT.optimiseBudget });
    } else if (key === 'max_consecutive_days') {
      if (validMaxDays(raw)) value.max_consecutive_days = raw;
      else issues.push({ field: key, code: 'invalid', message: DOCUMENT_TEXT.maxConsecutiveDays });
    } else if (key === 'travel_road_factor') {
      if (validRoadFactor(raw)) value.travel_road_factor = raw;
      else issues.push({ field: key, code: 'invalid', message: DOCUMENT_TEXT.travelRoadFactor });
    } else if (key === 'travel_speed_kmh') {
      if (validTravelSpeed(raw)) value.travel_speed_kmh = raw;
      else issues.push({ field: key, code: 'invalid', message: DOCUMENT_TEXT.travelSpeed });
    } else {
      issues.push({ field: key, code: 'unknown_field', message: `${key} is not an allocation setting` });
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}
