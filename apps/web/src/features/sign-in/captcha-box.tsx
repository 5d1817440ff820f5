import { SIGN_IN_TEXT } from '@rostra/core/shell/messages';
import { LoaderCircle, ShieldCheck } from 'lucide-react';
import { SIGN_IN_SCREEN_TEXT as T } from '../../texts.ts';
import type { useCaptcha } from './captcha.ts';
import type { FormFailure } from './errors.ts';

export type Captcha = ReturnType<typeof useCaptcha>;

/**
 * The captcha's box: ticking it runs the proof of work (a moment), then it reads "Verified".
 * A request sent with it takes the solution and the box is clear again.
 */
export function CaptchaBox({ captcha }: { captcha: Captcha }) {
  const { state } = captcha;
  const isChecked = state === 'solved';
  return (
    <div className="space-y-1">
      <label className="flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-md border border-neutral-300 bg-neutral-50 px-3 text-sm text-neutral-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-600">
        {state === 'solving' ? (
          <LoaderCircle aria-hidden className="size-5 shrink-0 animate-spin text-neutral-500" />
        ) : null}
        <input
          type="checkbox"
          checked={isChecked}
          aria-busy={state === 'solving'}
          disabled={state === 'solving' || isChecked}
          onChange={captcha.start}
          className={`size-5 shrink-0 accent-emerald-600 ${state === 'solving' ? 'sr-only' : ''}`}
        />
        <span className="flex-1">{T.captchaLabel}</span>
        <span className="flex items-center gap-1 text-xs text-neutral-500" aria-live="polite">
          {state === 'solving' ? T.captchaSolving : isChecked ? T.captchaSolved : null}
          <ShieldCheck aria-hidden className="size-4" />
        </span>
      </label>
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-red-700">
          {T.captchaFailed}
        </p>
      ) : null}
    </div>
  );
}

/** The failure of a request sent without a solved box (spec §5 'Solve the reCAPTCHA'). */
export const CAPTCHA_MISSING: FormFailure = {
  message: SIGN_IN_TEXT.captchaRequired,
  code: 'captcha-required',
};

/**
 * The solution for one request, or the spec's message on the form when the box is not ticked:
 * `send` runs only with a solution.
 */
export async function withSolvedCaptcha(
  captcha: Captcha,
  fail: (failure: FormFailure) => void,
  send: (solution: string) => Promise<void>,
): Promise<void> {
  const solution = captcha.take();
  if (solution === undefined) {
    fail(CAPTCHA_MISSING);
    return;
  }
  await send(solution);
}
