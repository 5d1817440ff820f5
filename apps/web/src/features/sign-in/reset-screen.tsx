import { IDENTITY_MESSAGES, identityMessage } from '@rostra/core/shell/messages';
import { checkEmail, checkNewPassword } from '@rostra/core/shell/validators';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { SIGN_IN_SCREEN_TEXT as T } from '../../texts.ts';
import { AuthCard, SubmitButton } from '../../ui/auth-card.tsx';
import { Field, FormMessage } from '../../ui/field.tsx';
import { useFormTask } from './form-task.ts';
import { requestPasswordReset, resetPassword } from './identity.ts';

export type ResetSearch = {
  token?: string | undefined;
  error?: string | undefined;
  email?: string | undefined;
};

/** The identity library sends an unusable reset link back as `?error=INVALID_TOKEN`. */
function linkFailure(code: string): string {
  return code === 'INVALID_TOKEN' ? IDENTITY_MESSAGES['invalid-action-code'] : identityMessage(code);
}

type Stage =
  | { kind: 'request' }
  | { kind: 'sent'; email: string }
  | { kind: 'new-password'; token: string }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/**
 * Password reset (spec §4): ask for the link; the link (verified by the server on the way here)
 * opens the new-password form; success, or the failure page for an invalid or expired link.
 */
export function ResetScreen({ search }: { search: ResetSearch }) {
  const [stage, setStage] = useState<Stage>(() =>
    search.error
      ? { kind: 'failed', message: linkFailure(search.error) }
      : search.token
        ? { kind: 'new-password', token: search.token }
        : { kind: 'request' },
  );
  const title =
    stage.kind === 'new-password'
      ? T.newPasswordTitle
      : stage.kind === 'done'
        ? T.passwordChanged
        : stage.kind === 'failed'
          ? T.resetFailedTitle
          : stage.kind === 'sent'
            ? T.linkSent
            : T.recoverTitle;
  return (
    <AuthCard
      title={title}
      footer={
        <Link to="/login" className="text-sky-700 underline underline-offset-4 hover:text-sky-900">
          {T.backToSignIn}
        </Link>
      }
    >
      {stage.kind === 'request' ? (
        <RequestForm
          initialEmail={search.email ?? ''}
          onSent={(email) => setStage({ kind: 'sent', email })}
        />
      ) : null}
      {stage.kind === 'sent' ? (
        <p role="status" className="text-sm text-neutral-700">
          {T.recoverSent(stage.email)}
        </p>
      ) : null}
      {stage.kind === 'new-password' ? (
        <NewPasswordForm
          token={stage.token}
          onDone={() => setStage({ kind: 'done' })}
          onLinkFailed={(message) => setStage({ kind: 'failed', message })}
        />
      ) : null}
      {stage.kind === 'done' ? (
        <div className="space-y-4">
          <p role="status" className="text-sm text-neutral-700">
            {T.passwordChangedBody}
          </p>
          <Link
            to="/login"
            className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-sky-700 px-4 text-sm font-medium text-white hover:bg-sky-800 sm:min-h-9"
          >
            {T.signIn}
          </Link>
        </div>
      ) : null}
      {stage.kind === 'failed' ? (
        <div className="space-y-4">
          <FormMessage message={stage.message} />
          <RequestForm
            initialEmail={search.email ?? ''}
            onSent={(email) => setStage({ kind: 'sent', email })}
          />
        </div>
      ) : null}
    </AuthCard>
  );
}

function RequestForm(props: { initialEmail: string; onSent: (email: string) => void }) {
  const [email, setEmail] = useState(props.initialEmail);
  const { isBusy, showsSpinner, failure, fail, attempt } = useFormTask();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = checkEmail(email)[0];
    if (issue) {
      fail({ message: issue.message });
      return;
    }
    attempt(async () => {
      await requestPasswordReset(email.trim());
      props.onSent(email.trim());
    });
  };
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <p className="text-sm text-neutral-600">{T.recoverIntro}</p>
      <Field
        label={T.email}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={failure?.message}
      />
      <SubmitButton isBusy={isBusy} showsSpinner={showsSpinner}>
        {T.resetPassword}
      </SubmitButton>
    </form>
  );
}

const LINK_FAILURES = new Set(['expired-action-code', 'invalid-action-code']);

function NewPasswordForm(props: {
  token: string;
  onDone: () => void;
  onLinkFailed: (message: string) => void;
}) {
  const [password, setPassword] = useState('');
  const { isBusy, showsSpinner, failure, fail, attempt } = useFormTask();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = checkNewPassword(password)[0];
    if (issue) {
      fail({ message: issue.message });
      return;
    }
    attempt(
      async () => {
        await resetPassword(props.token, password);
        props.onDone();
      },
      (f) => {
        // An invalid or expired link: the failure page, which offers a new one.
        if (!f.code || !LINK_FAILURES.has(f.code)) return false;
        props.onLinkFailed(f.message);
        return true;
      },
    );
  };
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <Field
        label={T.newPassword}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={failure?.message}
        autoFocus
      />
      <SubmitButton isBusy={isBusy} showsSpinner={showsSpinner}>
        {T.save}
      </SubmitButton>
    </form>
  );
}
