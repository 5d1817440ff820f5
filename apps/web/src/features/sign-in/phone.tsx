import { DEFAULT_COUNTRY, PHONE_CODE_RESEND_SECONDS, PHONE_COUNTRIES } from '@rostra/core/shell/constants';
import { IDENTITY_MESSAGES } from '@rostra/core/shell/messages';
import { useEffect, useState } from 'react';
import { SIGN_IN_SCREEN_TEXT as T } from '../../texts.ts';
import { TextLink } from '../../ui/auth-card.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { FormInput, FormSelect } from '../../ui/form.tsx';
import { solveCaptcha, useCaptcha } from './captcha.ts';
import { CaptchaBox, withSolvedCaptcha } from './captcha-box.tsx';
import { useFormTask } from './form-task.ts';
import { sendPhoneCode, verifyPhoneCode } from './identity.ts';
import { OneFieldForm, StepForm, useSignInForm } from './one-field-form.tsx';

const COUNTRY_OPTIONS = PHONE_COUNTRIES.map((c) => [c.code, `${c.name} (${c.dial})`] as const);

export function PhoneNumberStep(props: {
  initialError?: string | undefined;
  onCodeSent: (phone: string, shown: string) => void;
}) {
  const form = useSignInForm((f) => f.phoneNumberForm, {
    defaultValues: { country: DEFAULT_COUNTRY.name, number: '' },
  });
  const task = useFormTask(props.initialError ? { message: props.initialError } : undefined);
  const captcha = useCaptcha();
  return (
    <StepForm
      form={form}
      task={task}
      onSubmit={({ phone, shown }) =>
        withSolvedCaptcha(captcha, task.fail, async (solution) => {
          await sendPhoneCode(phone, solution);
          props.onCodeSent(phone, shown);
        })
      }
      fieldOf={(f) =>
        f.field === 'country' ? 'country' : f.code === 'captcha-required' ? undefined : 'number'
      }
      submitLabel={T.sendCode}
    >
      <FormSelect name="country" label={T.country} options={COUNTRY_OPTIONS} />
      <FormInput name="number" label={T.phoneNumber} type="tel" autoComplete="tel-national" inputMode="tel" />
      <CaptchaBox captcha={captcha} />
    </StepForm>
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
  /** The code proves a new number for the signed-in person (the profile) instead of signing in. */
  updatesNumber?: boolean;
}) {
  const [info, setInfo] = useState<string | undefined>();
  const [deadline, setDeadline] = useState(() => Date.now() + PHONE_CODE_RESEND_SECONDS * 1000);
  const secondsLeft = useSecondsLeft(deadline);
  const task = useFormTask();
  const { attempt } = task;

  const resend = () =>
    attempt(
      async () => {
        // The person ticked the box for the first code; a new code's proof of work runs by itself.
        await sendPhoneCode(props.phone, await solveCaptcha());
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
    <OneFieldForm
      task={task}
      schema={(f) => f.phoneCodeForm}
      name="code"
      label={T.code}
      input={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6, autoFocus: true }}
      onSubmit={async (code) => {
        await verifyPhoneCode(props.phone, code.trim(), props.updatesNumber);
        await props.onSignedIn();
      }}
      onFailure={(f) => {
        // An expired code goes back to the number, with the spec's message there.
        if (f.code !== 'code-expired') return false;
        props.onExpired(IDENTITY_MESSAGES['code-expired']);
        return true;
      }}
      submitLabel={T.verify}
      footer={
        <>
          <FormMessage message={info} tone="info" />
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
        </>
      }
    >
      <p className="text-sm text-neutral-600">{T.codeSentTo(props.shown)}</p>
    </OneFieldForm>
  );
}
