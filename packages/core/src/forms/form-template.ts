/**
 * Simple form templates and their answers (issue #8: forms attached to jobs). A template is a
 * name and an ordered list of fields; a submission is one answer per field key. The server checks
 * both before it stores them and the form editor and filler show the same issues in place.
 */

export const FORM_FIELD_TYPES = ['text', 'number', 'checkbox', 'select', 'date', 'signature'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export type FormField = {
  /** Stable key of the answer (letters, digits, `_`), unique in the template. */
  key: string;
  label: string;
  type: FormFieldType;
  required?: boolean | undefined;
  /** The choices of a `select` field. */
  options?: string[] | undefined;
};

export type FormTemplate = { name: string; fields: FormField[] };

/** An answer: text, date (`YYYY-MM-DD`), select and signature are strings; number; checkbox. */
export type FormAnswer = string | number | boolean | null;
export type FormAnswers = Record<string, FormAnswer>;

/** What is wrong with a template or an answer; `field` is the path (`fields.2.label`, `answers.key`). */
export type FormIssue = { code: string; field: string; message: string };

export const FORM_LIMITS = {
  nameMax: 120,
  fieldsMax: 50,
  labelMax: 120,
  keyMax: 40,
  optionsMax: 30,
  optionMax: 80,
  /** Text and signature answers (a typed signature is the signer's name). */
  answerMax: 2000,
} as const;

export const FORM_TEXT = {
  nameRequired: 'Give the form a name',
  noFields: 'Add at least one field',
  labelRequired: 'Give the field a label',
  keyInvalid: 'A field key uses letters, digits and _ only',
  keyTaken: (key: string) => `Another field already uses the key ${key}`,
  optionsRequired: 'A choice field needs at least one option',
  optionsBlank: 'Options cannot be blank',
  required: (label: string) => `${label} is required`,
  notNumber: (label: string) => `${label} must be a number`,
  notDate: (label: string) => `${label} must be a valid date`,
  notOption: (label: string) => `${label} must be one of its options`,
  notText: (label: string) => `${label} must be text`,
  notCheckbox: (label: string) => `${label} must be ticked or not`,
  tooLong: (label: string) => `${label} is too long`,
  unknownField: (key: string) => `The form has no field ${key}`,
} as const;

const KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A key made from a label (`Arrival time` → `arrival_time`), not one of `taken`. */
export function fieldKeyFor(label: string, taken: readonly string[]): string {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .replace(/^(\d)/, 'f_$1')
      .slice(0, FORM_LIMITS.keyMax - 4) || 'field';
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}_${n}`;
  return key;
}

/** The template's issues (empty when it can be saved). */
export function checkTemplate(template: FormTemplate): FormIssue[] {
  const issues: FormIssue[] = [];
  if (template.name.trim() === '')
    issues.push({ code: 'name_required', field: 'name', message: FORM_TEXT.nameRequired });
  if (template.fields.length === 0)
    issues.push({ code: 'no_fields', field: 'fields', message: FORM_TEXT.noFields });
  const seen = new Set<string>();
  template.fields.forEach((f, i) => {
    const at = `fields.${i}`;
    if (f.label.trim() === '')
      issues.push({ code: 'label_required', field: `${at}.label`, message: FORM_TEXT.labelRequired });
    if (!KEY.test(f.key) || f.key.length > FORM_LIMITS.keyMax)
      issues.push({ code: 'invalid_key', field: `${at}.key`, message: FORM_TEXT.keyInvalid });
    else if (seen.has(f.key))
      issues.push({ code: 'duplicate_key', field: `${at}.key`, message: FORM_TEXT.keyTaken(f.key) });
    seen.add(f.key);
    if (f.type === 'select') {
      const options = f.options ?? [];
      if (options.length === 0)
        issues.push({ code: 'options_required', field: `${at}.options`, message: FORM_TEXT.optionsRequired });
      else if (options.some((o) => o.trim() === ''))
        issues.push({ code: 'blank_option', field: `${at}.options`, message: FORM_TEXT.optionsBlank });
    }
  });
  return issues;
}

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isDateText(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const isBlank = (v: FormAnswer | undefined): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The answers' issues against the template's fields: required fields answered (a required
 * checkbox must be ticked), each answer of its field's type, a select among its options, a date a
 * real date, no answer to a field the form does not have. Empty when the submission can be stored.
 */
export function checkAnswers(fields: readonly FormField[], answers: FormAnswers): FormIssue[] {
  const issues: FormIssue[] = [];
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const key of Object.keys(answers))
    if (!byKey.has(key))
      issues.push({ code: 'unknown_field', field: `answers.${key}`, message: FORM_TEXT.unknownField(key) });
  for (const f of fields) {
    const v = answers[f.key];
    const at = `answers.${f.key}`;
    const push = (code: string, message: string) => issues.push({ code, field: at, message });
    if (f.type === 'checkbox') {
      if (v !== undefined && v !== null && typeof v !== 'boolean')
        push('invalid_answer', FORM_TEXT.notCheckbox(f.label));
      else if (f.required && v !== true) push('required', FORM_TEXT.required(f.label));
      continue;
    }
    if (isBlank(v)) {
      if (f.required) push('required', FORM_TEXT.required(f.label));
      continue;
    }
    switch (f.type) {
      case 'number':
        if (typeof v !== 'number' || !Number.isFinite(v))
          push('invalid_answer', FORM_TEXT.notNumber(f.label));
        break;
      case 'date':
        if (typeof v !== 'string' || !isDateText(v)) push('invalid_answer', FORM_TEXT.notDate(f.label));
        break;
      case 'select':
        if (typeof v !== 'string' || !(f.options ?? []).includes(v))
          push('invalid_answer', FORM_TEXT.notOption(f.label));
        break;
      default:
        if (typeof v !== 'string') push('invalid_answer', FORM_TEXT.notText(f.label));
        else if (v.length > FORM_LIMITS.answerMax) push('too_long', FORM_TEXT.tooLong(f.label));
    }
  }
  return issues;
}
