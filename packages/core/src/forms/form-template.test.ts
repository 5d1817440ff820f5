import { describe, expect, it } from 'vitest';
import { checkAnswers, checkTemplate, type FormField, fieldKeyFor, isDateText } from './form-template.ts';

const FIELDS: FormField[] = [
  { key: 'arrived', label: 'Arrived', type: 'checkbox', required: true },
  { key: 'km', label: 'Kilometres', type: 'number' },
  { key: 'mood', label: 'Mood', type: 'select', options: ['good', 'poor'], required: true },
  { key: 'day', label: 'Day', type: 'date' },
  { key: 'notes', label: 'Notes', type: 'text' },
  { key: 'sign', label: 'Signature', type: 'signature', required: true },
];

describe('checkTemplate', () => {
  it('a named template with well-formed fields has no issues', () => {
    expect(checkTemplate({ name: 'Visit', fields: FIELDS })).toEqual([]);
  });

  it('names every problem at its path: blank name, blank label, bad and repeated keys, a choice without options', () => {
    const issues = checkTemplate({
      name: ' ',
      fields: [
        { key: 'a', label: '', type: 'text' },
        { key: 'a', label: 'A again', type: 'text' },
        { key: '1x', label: 'Bad key', type: 'text' },
        { key: 's', label: 'Pick', type: 'select', options: [] },
      ],
    });
    expect(issues.map((i) => [i.code, i.field])).toEqual([
      ['name_required', 'name'],
      ['label_required', 'fields.0.label'],
      ['duplicate_key', 'fields.1.key'],
      ['invalid_key', 'fields.2.key'],
      ['options_required', 'fields.3.options'],
    ]);
  });

  it('a template without fields cannot be saved', () => {
    expect(checkTemplate({ name: 'Empty', fields: [] }).map((i) => i.code)).toEqual(['no_fields']);
  });
});

describe('checkAnswers', () => {
  const complete = { arrived: true, km: 12.5, mood: 'good', day: '2026-02-28', notes: 'ok', sign: 'Ann Lee' };

  it('a complete, well-typed submission has no issues; optional fields may be left out', () => {
    expect(checkAnswers(FIELDS, complete)).toEqual([]);
    expect(checkAnswers(FIELDS, { arrived: true, mood: 'poor', sign: 'A' })).toEqual([]);
  });

  it('required fields: an unticked required checkbox, a blank choice and a blank signature are each missing', () => {
    const issues = checkAnswers(FIELDS, { arrived: false, mood: '', sign: '   ' });
    expect(issues.map((i) => [i.field, i.message])).toEqual([
      ['answers.arrived', 'Arrived is required'],
      ['answers.mood', 'Mood is required'],
      ['answers.sign', 'Signature is required'],
    ]);
  });

  it('each answer must be of its field type: a number, a real date, one of the options, no unknown field', () => {
    const issues = checkAnswers(FIELDS, {
      ...complete,
      km: '12' as unknown as number,
      day: '2026-02-30',
      mood: 'great',
      extra: 'x',
    });
    expect(issues.map((i) => i.field)).toEqual([
      'answers.extra',
      'answers.km',
      'answers.mood',
      'answers.day',
    ]);
  });
});

describe('isDateText and fieldKeyFor', () => {
  it('only real YYYY-MM-DD dates (29 Feb in leap years only)', () => {
    expect(isDateText('2028-02-29')).toBe(true);
    expect(isDateText('2026-02-29')).toBe(false);
    expect(isDateText('28/02/2026')).toBe(false);
  });

  it('keys come from labels and never repeat', () => {
    expect(fieldKeyFor('Arrival time', [])).toBe('arrival_time');
    expect(fieldKeyFor('Arrival time', ['arrival_time'])).toBe('arrival_time_2');
    expect(fieldKeyFor('1st visit?', [])).toBe('f_1st_visit');
    expect(fieldKeyFor('!!!', [])).toBe('field');
  });
});
