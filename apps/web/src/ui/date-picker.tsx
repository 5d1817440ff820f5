import * as Popover from '@radix-ui/react-popover';
import { DAY, fromYmd, toWallClock, toYmd } from '@rostra/core/time/calendar';
import {
  type DateFormat,
  dateExample,
  dateFormatOf,
  formatDateInput,
  formatDateTimeInput,
  formatTimeInput,
  parseDateInput,
  parseDateTimeInput,
  parseTimeInput,
} from '@rostra/core/time/date-input';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import {
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { meQuery } from '../lib/session.ts';
import { ControlField } from './control-field.tsx';
import { controlClass, FormField } from './form.tsx';

/**
 * Date, time and date-time pickers in the organisation's date format, never the browser's locale
 * (a native `<input type="date">` shows mm/dd/yyyy in an en-US browser whatever the organisation
 * uses). A text input with the format as placeholder: what the person types is read with core's
 * forgiving parser as they type; the form keeps its usual value (`YYYY-MM-DD`, `HH:MM` 24 h, or
 * `YYYY-MM-DDTHH:MM:SS` wall clock). Text that is not a date stays as typed, with a message under
 * it; on leaving the field the form's value becomes '' so that no stale date is saved, and a form
 * that validates natively will not submit. ArrowUp/ArrowDown step a day (or `step` seconds).
 *
 * Dates and date-times also open a calendar (react-day-picker in a Radix Popover) from the button
 * beside the input; its "today" is the organisation's today (its time zone), and choosing a day
 * writes it the organisation's way. All formatting and parsing is core's (time/date-input).
 */

export type TemporalKind = 'date' | 'time' | 'datetime';

export const DATE_INPUT_TEXT = {
  date: (example: string) => `Enter a date like ${example}`,
  time: 'Enter a time like 09:30 AM',
  datetime: (example: string) => `Enter a date and time like ${example} 09:30 AM`,
  before: (min: string) => `Enter a date on or after ${min}`,
  after: (max: string) => `Enter a date on or before ${max}`,
  timePlaceholder: 'hh:mm AM',
  openCalendar: 'Open calendar',
};

/** The signed-in organisation's date format (the spec's default until the session is known). */
export function useDateFormat(): DateFormat {
  const me = useQuery(meQuery).data;
  return dateFormatOf(me?.company?.date_format);
}

/** Today (`YYYY-MM-DD`) on the organisation's clock (UTC until the session is known). */
export function useOrgToday(now: () => number = Date.now): string {
  const me = useQuery(meQuery).data;
  return toYmd(toWallClock(now(), me?.company?.time_zone || 'UTC'));
}

/** A `YYYY-MM-DD` as the calendar's Date (that day at local midnight) and back. */
const dayOf = (ymd: string): Date =>
  new Date(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10)));
const ymdOf = (d: Date): string =>
  `${String(d.getFullYear()).padStart(4, '0')}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar button and its popover: choosing a day calls `onPick(YYYY-MM-DD)`. */
function CalendarButton({
  value,
  min,
  max,
  disabled,
  onPick,
}: {
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  disabled?: boolean | undefined;
  onPick: (ymd: string) => void;
}) {
  const [isOpen, setOpen] = useState(false);
  const today = useOrgToday();
  const selected = value ? dayOf(value) : undefined;
  const limits = [...(min ? [{ before: dayOf(min) }] : []), ...(max ? [{ after: dayOf(max) }] : [])];
  return (
    <Popover.Root open={isOpen} onOpenChange={setOpen}>
      <Popover.Trigger
        type="button"
        disabled={disabled}
        aria-label={DATE_INPUT_TEXT.openCalendar}
        title={DATE_INPUT_TEXT.openCalendar}
        className="absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center rounded-r-md text-neutral-500 hover:text-neutral-900 disabled:text-neutral-300"
      >
        <CalendarDays aria-hidden className="size-4" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          className="z-50 rounded-lg border border-neutral-200 bg-white p-2 text-sm shadow-lg"
        >
          <DayPicker
            mode="single"
            autoFocus
            selected={selected}
            defaultMonth={selected ?? dayOf(today)}
            today={dayOf(today)}
            disabled={limits}
            onSelect={(day) => {
              if (!day) return;
              onPick(ymdOf(day));
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

type Codec = {
  format: (value: string) => string;
  parse: (text: string) => string | undefined;
  step: (value: string, direction: 1 | -1, stepSeconds: number) => string;
  placeholder: string;
  message: string;
};

const pad2 = (n: number) => String(n).padStart(2, '0');
const hmOfSeconds = (s: number) => {
  const inDay = ((s % DAY) + DAY) % DAY;
  return `${pad2(Math.floor(inDay / 3600))}:${pad2(Math.floor((inDay % 3600) / 60))}`;
};
const secondsOfHm = (hm: string) => Number(hm.slice(0, 2)) * 3600 + Number(hm.slice(3, 5)) * 60;

function codecOf(kind: TemporalKind, format: DateFormat): Codec {
  if (kind === 'date') {
    return {
      format: (v) => formatDateInput(v, format),
      parse: (t) => parseDateInput(t, format),
      step: (v, d) => toYmd(fromYmd(v) + d * DAY),
      placeholder: format,
      message: DATE_INPUT_TEXT.date(dateExample(format)),
    };
  }
  if (kind === 'time') {
    return {
      format: formatTimeInput,
      parse: parseTimeInput,
      step: (v, d, s) => hmOfSeconds(secondsOfHm(v) + d * s),
      placeholder: DATE_INPUT_TEXT.timePlaceholder,
      message: DATE_INPUT_TEXT.time,
    };
  }
  return {
    format: (v) => formatDateTimeInput(v, format),
    parse: (t) => parseDateTimeInput(t, format),
    step: (v, d, s) => {
      const sec = Date.parse(`${v.length === 16 ? `${v}:00` : v}Z`) / 1000 + d * s;
      return new Date(sec * 1000).toISOString().slice(0, 19);
    },
    placeholder: `${format} ${DATE_INPUT_TEXT.timePlaceholder}`,
    message: DATE_INPUT_TEXT.datetime(dateExample(format)),
  };
}

export type TemporalInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'min' | 'max' | 'step'
> & {
  kind: TemporalKind;
  /** The form's value: `YYYY-MM-DD`, `HH:MM` or `YYYY-MM-DDTHH:MM[:SS]`; '' when empty. */
  value: string;
  onValueChange: (value: string) => void;
  /** Dates only: the first and last allowed `YYYY-MM-DD`. */
  min?: string | undefined;
  max?: string | undefined;
  /** What ArrowUp/ArrowDown add, in seconds (time and date-time; a date steps a day). */
  step?: number;
  /** Classes of the element around the input and its message (default `block`). */
  wrapperClassName?: string | undefined;
  /** Dates and date-times: show the calendar button (default true). */
  calendar?: boolean;
};

/** One date, time or date-time input in the organisation's format; see the module comment. */
export function TemporalInput({
  kind,
  value,
  onValueChange,
  min,
  max,
  step = 900,
  wrapperClassName,
  calendar = true,
  className,
  onBlur,
  onKeyDown,
  ...input
}: TemporalInputProps) {
  const format = useDateFormat();
  const codec = codecOf(kind, format);
  const [text, setText] = useState(() => codec.format(value));
  const [isShown, setIsShown] = useState(false);
  const emitted = useRef(value);
  const shownFormat = useRef(format);
  const inputRef = useRef<HTMLInputElement>(null);
  const messageId = `${useId()}-message`;

  // A value set from outside (load, reset, another control), or the format once the session is
  // known, rewrites the text; a value this input emitted itself leaves the person's text alone.
  useEffect(() => {
    if (value === emitted.current && format === shownFormat.current) return;
    emitted.current = value;
    shownFormat.current = format;
    setText(codecOf(kind, format).format(value));
    setIsShown(false);
  }, [value, format, kind]);

  const problemOf = (t: string): string | undefined => {
    if (t.trim() === '') return undefined;
    const parsed = codec.parse(t);
    if (parsed === undefined) return codec.message;
    if (kind === 'date' && min && parsed < min) return DATE_INPUT_TEXT.before(codec.format(min));
    if (kind === 'date' && max && parsed > max) return DATE_INPUT_TEXT.after(codec.format(max));
    return undefined;
  };
  const problem = problemOf(text);

  useEffect(() => {
    inputRef.current?.setCustomValidity(problem ?? '');
  }, [problem]);

  const emit = (next: string) => {
    emitted.current = next;
    if (next !== value) onValueChange(next);
  };

  /** Leaving the field (or Enter): a good text is written the organisation's way; a bad one empties the value. */
  const commit = () => {
    if (text.trim() === '') return emit('');
    const parsed = codec.parse(text);
    if (parsed === undefined || problemOf(text)) {
      setIsShown(true);
      return emit('');
    }
    setText(codec.format(parsed));
    emit(parsed);
  };

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented) return;
    if (e.key === 'Enter') {
      if (problem) e.preventDefault();
      commit();
      return;
    }
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    const current = text.trim() === '' ? undefined : codec.parse(text);
    if (current === undefined) return;
    e.preventDefault();
    const next = codec.step(current, e.key === 'ArrowUp' ? 1 : -1, step);
    setText(codec.format(next));
    setIsShown(false);
    emit(next);
  };

  const describedBy = [input['aria-describedby'], isShown && problem ? messageId : undefined]
    .filter(Boolean)
    .join(' ');
  const current = text.trim() === '' ? undefined : codec.parse(text);
  const hasCalendar = calendar && kind !== 'time';
  /** A day chosen in the calendar: a date-time keeps its time of day (midnight when it has none). */
  const pick = (ymd: string) => {
    const next = kind === 'date' ? ymd : `${ymd}T${current?.slice(11, 19) || '00:00:00'}`;
    setText(codec.format(next));
    setIsShown(false);
    emit(next);
    inputRef.current?.focus();
  };
  return (
    <span className={wrapperClassName ?? 'block'}>
      <span className={hasCalendar ? 'relative block' : 'contents'}>
        <input
          {...input}
          ref={inputRef}
          type="text"
          inputMode={kind === 'date' && !format.includes('mmm') ? 'numeric' : 'text'}
          autoComplete="off"
          spellCheck={false}
          placeholder={input.placeholder ?? codec.placeholder}
          className={hasCalendar ? `${className ?? ''} pr-10` : className}
          value={text}
          aria-invalid={(isShown && problem) || input['aria-invalid'] ? true : undefined}
          aria-describedby={describedBy || undefined}
          data-value={value}
          onChange={(e) => {
            const t = e.target.value;
            setText(t);
            if (t.trim() === '') return emit('');
            const parsed = codec.parse(t);
            if (parsed !== undefined && !problemOf(t)) {
              setIsShown(false);
              emit(parsed);
            }
          }}
          onBlur={(e) => {
            commit();
            onBlur?.(e);
          }}
          onInvalid={() => setIsShown(true)}
          onKeyDown={keyDown}
        />
        {hasCalendar ? (
          <CalendarButton
            value={current?.slice(0, 10)}
            min={min}
            max={max}
            disabled={input.disabled}
            onPick={pick}
          />
        ) : null}
      </span>
      {isShown && problem ? (
        <span id={messageId} role="alert" className="mt-1 block text-sm text-red-700">
          {problem}
        </span>
      ) : null}
    </span>
  );
}

/** A date input (`YYYY-MM-DD` value) in the organisation's format. */
export function DateInput(props: Omit<TemporalInputProps, 'kind'>) {
  return <TemporalInput kind="date" {...props} />;
}

/** A time-of-day input (`HH:MM` 24 h value) shown `hh:MM AM`. */
export function TimeInput(props: Omit<TemporalInputProps, 'kind' | 'min' | 'max'>) {
  return <TemporalInput kind="time" {...props} />;
}

/** A wall-clock date and time input (`YYYY-MM-DDTHH:MM:SS` value). */
export function DateTimeInput(props: Omit<TemporalInputProps, 'kind' | 'min' | 'max'>) {
  return <TemporalInput kind="datetime" {...props} />;
}

/**
 * {@link TemporalInput} with its label and the form's message, like `Field` (ui/field.tsx): the
 * form's message (a missing date, an end before the start) shows under the input's own.
 */
export function TemporalField({
  label,
  error,
  className,
  ...input
}: TemporalInputProps & { label: string; error?: string | undefined }) {
  return (
    <ControlField label={label} error={error} className={className}>
      {(id, describedBy) => (
        <TemporalInput
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={controlClass(Boolean(error))}
          {...input}
        />
      )}
    </ControlField>
  );
}

/**
 * A date, time or date-time field of the form kit ({@link FormField}): the form holds the value
 * (`YYYY-MM-DD`, `HH:MM` or `YYYY-MM-DDTHH:MM:SS`; '' when empty) and the schema checks it.
 */
export function FormDateField<V extends FieldValues = FieldValues>({
  name,
  label,
  description,
  className,
  isLabelHidden,
  kind = 'date',
  ...input
}: {
  name: FieldPath<V>;
  label: ReactNode;
  description?: ReactNode;
  className?: string | undefined;
  isLabelHidden?: boolean | undefined;
  kind?: TemporalKind;
} & Omit<TemporalInputProps, 'kind' | 'value' | 'onValueChange' | 'name' | 'id'>) {
  return (
    <FormField<V> {...{ name, label, description, className, isLabelHidden }}>
      {(f) => (
        <TemporalInput
          {...input}
          kind={kind}
          id={f.id}
          name={f.name}
          aria-invalid={f['aria-invalid']}
          aria-describedby={f['aria-describedby']}
          value={typeof f.value === 'string' ? f.value : ''}
          onValueChange={f.onChange}
          onBlur={f.onBlur}
          className={controlClass(f['aria-invalid'] === true, isLabelHidden ? 'mt-0' : '')}
        />
      )}
    </FormField>
  );
}
