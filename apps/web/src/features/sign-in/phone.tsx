import { DEFAULT_COUNTRY, PHONE_CODE_RESEND_SECONDS } from '@rostra/core/shell/constants';
import { IDENTITY_MESSAGES } from '@rostra/core/shell/messages';
import { checkPhoneCode, checkPhoneNumber } from '@rostra/core/shell/validators';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { SIGN_IN_SCREEN_TEXT as T } from '../../texts.ts';
import { SubmitButton, TextLink } from '../../ui/auth-card.tsx';
import { Field, FormMessage } from '../../ui/field.tsx';
import { useFormTask } from './form-task.ts';
import { sendPhoneCode, verifyPhoneCode } from './identity.ts';

/** Countries offered for phone sign-in: dialling codes the SMS transport is set up for. */
export const PHONE_COUNTRIES = [
  { code: 'AU', name: 'Australia', dial: '+61' },
  { code: 'NZ', name: 'New Zealand', dial: '+64' },
  { code: 'GB', name: 'United Kingdom', dial: '+44' },
  { code: 'IE', name: 'Ireland', dial: '+353' },
  { code: 'US', name: 'United States', dial: '+1' },
  { code: 'CA', name: 'Canada', dial: '+1' },
  { code: 'SG', name: 'Singapore', dial: '+65' },
  { code: 'IN', name: 'India', dial: '+91' },
] as const;

const SUPPORTED_DIAL_CODES = [...new Set(PHONE_COUNTRIES.map((c) => c.dial))];

/** '+61' and '0400 000 001' → '+61400000001' (E.164: no trunk zero, no separators). */
export function toE164(dial: string, number: string): string {
  const digits = number.replace(/[\s\-.()]/g, '');
  return `${dial}${digits.startsWith('0') ? digits.slice(1) : digits}`;
}

export function PhoneNumberStep(props: {
  initialError?: string | undefined;
  onCodeSent: (phone: string, shown: string) => void;
}) {
  const [country, setCountry] = useState<string>(DEFAULT_COUNTRY.name);
  const [number, setNumber] = useState('');
  const { isBusy, showsSpinner, failure, fail, attempt } = useFormTask(
    props.initialError ? { message: props.initialError } : undefined,
  );
  const countryId = useId();
  const dial = PHONE_COUNTRIES.find((c) => c.code === country)?.dial ?? DEFAULT_COUNTRY.code;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = checkPhoneNumber({ number, dialCode: dial, supportedDialCodes: SUPPORTED_DIAL_CODES })[0];
    if (issue) {
      fail({ message: issue.message, field: issue.field });
      return;
    }
    const phone = toE164(dial, number);
    attempt(async () => {
      await sendPhoneCode(phone);
      props.onCodeSent(phone, `${dial} ${number.trim()}`);
    });
  };

  const countryError = failure?.field === 'country' ? failure.message : undefined;
  const numberError = failure && failure.field !== 'country' ? failure.message : undefined;
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <div>
        <label htmlFor={countryId} className="block text-sm font-medium text-neutral-700">
          {T.country}
        </label>
        <select
          id={countryId}
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          aria-invalid={countryError ? true : undefined}
          className="mt-1 block min-h-11 w-full rounded-md border border-neutral-300 bg-white px-3 text-base sm:min-h-9 sm:text-sm"
        >
          {PHONE_COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} ({c.dial})
            </option>
          ))}
        </select>
        {countryError ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {countryError}
          </p>
        ) : null}
      </div>
      <Field
        label={T.phoneNumber}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        error={numberError}
      />
      <SubmitButton isBusy={isBusy} showsSpinner={showsSpinner}>
        {T.sendCode}
      </SubmitButton>
    </form>
  );
}

const secondsUntil = (deadlineMs: number) => Math.max(0, Math.ceil((deadlineMs - Date.now()) / 1000));

/** Seconds left until `deadlineMs`, ticking as the clock moves. */
function useSecondsLeft(deadlineMs: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadlineMs));
  useEffect(() => {
    setSeconds(secondsUntil(deadlineMs));
    const timer = setInterval(() => {
      const next = secondsUntil(deadlineMs);
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadlineMs]);
  return seconds;
}

/**
 * The code step: 6 digits, verify; a wrong code stays here ('Wrong code. Try again.'), an expired
 * one goes back to the number ('This code is no longer valid'); 'Resend code' appears after a
 * visible 15 s countdown (spec §4, §9).
 */
export function PhoneCodeStep(props: {
  phone: string;
  shown: string;
  onSignedIn: () => Promise<void>;
  onExpired: (message: string) => void;
  onChangeNumber: () => void;
}) {
  const [code, setCode] = useState('');
  const [info, setInfo] = useState<string | undefined>();
  const [deadline, setDeadline] = useState(() => Date.now() + PHONE_CODE_RESEND_SECONDS * 1000);
  const secondsLeft = useSecondsLeft(deadline);
  const { isBusy, showsSpinner, failure, fail, attempt } = useFormTask();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = checkPhoneCode(code)[0];
    if (issue) {
      fail({ message: issue.message });
      return;
    }
    attempt(
      async () => {
        await verifyPhoneCode(props.phone, code.trim());
        await props.onSignedIn();
      },
      (f) => {
        // An expired code goes back to the number, with the spec's message there.
        if (f.code !== 'code-expired') return false;
        props.onExpired(IDENTITY_MESSAGES['code-expired']);
        return true;
      },
    );
  };

  const resend = () =>
    attempt(
      async () => {
        await sendPhoneCode(props.phone);
        setDeadline(Date.now() + PHONE_CODE_RESEND_SECONDS * 1000);
        setInfo(T.codeSentTo(props.shown));
      },
      (f) => {
        // Asked too soon: the countdown runs again for as long as the server says.
        const wait = (f.details as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds;
        if (typeof wait === 'number') setDeadline(Date.now() + wait * 1000);
        return false;
      },
    );

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <p className="text-sm text-neutral-600">{T.codeSentTo(props.shown)}</p>
      <Field
        label={T.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={failure?.message}
        autoFocus
      />
      <FormMessage message={info} tone="info" />
      <SubmitButton isBusy={isBusy} showsSpinner={showsSpinner}>
        {T.verify}
      </SubmitButton>
      <div className="flex min-h-11 flex-wrap items-center justify-between gap-2 text-sm">
        {secondsLeft > 0 ? (
          <p className="text-neutral-600" data-testid="resend-countdown">
            {T.resendIn(secondsLeft)}
          </p>
        ) : (
          <TextLink onClick={resend}>{T.resend}</TextLink>
        )}
        <TextLink onClick={props.onChangeNumber}>{T.changeNumber}</TextLink>
      </div>
    </form>
  );
}
