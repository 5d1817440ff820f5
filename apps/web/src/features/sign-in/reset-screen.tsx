import { IDENTITY_MESSAGES, identityMessage } from '@rostra/core/shell/messages';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { SIGN_IN_SCREEN_TEXT as T } from '../../texts.ts';
import { AuthCard, AuthFooterLink } from '../../ui/auth-card.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { useFormTask } from './form-task.ts';
import { requestPasswordReset, resetPassword } from './identity.ts';
import { EmailForm, OneFieldForm } from './one-field-form.tsx';

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

/** Each stage's heading. */
const STAGE_TITLES: Readonly<Record<Stage['kind'], string>> = {
  request: T.recoverTitle,
  sent: T.linkSent,
  'new-password': T.newPasswordTitle,
  done: T.passwordChanged,
  failed: T.resetFailedTitle,
};

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
  const title = STAGE_TITLES[stage.kind];
  return (
    <AuthCard title={title} footer={<AuthFooterLink to="/login">{T.backToSignIn}</AuthFooterLink>}>
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
  return (
    <EmailForm
      task={useFormTask()}
      initialValue={props.initialEmail}
      onSubmit={async (email) => {
        await requestPasswordReset(email.trim());
        props.onSent(email.trim());
      }}
      submitLabel={T.resetPassword}
    >
      <p className="text-sm text-neutral-600">{T.recoverIntro}</p>
    </EmailForm>
  );
}

const LINK_FAILURES = new Set(['expired-action-code', 'invalid-action-code']);

function NewPasswordForm(props: {
  token: string;
  onDone: () => void;
  onLinkFailed: (message: string) => void;
}) {
  return (
    <OneFieldForm
      task={useFormTask()}
      schema={(f) => f.newPasswordForm}
      name="password"
      label={T.newPassword}
      input={{ type: 'password', autoComplete: 'new-password', autoFocus: true }}
      onSubmit={async (password) => {
        await resetPassword(props.token, password);
        props.onDone();
      }}
      onFailure={(f) => {
        // An invalid or expired link: the failure page, which offers a new one.
        if (!f.code || !LINK_FAILURES.has(f.code)) return false;
        props.onLinkFailed(f.message);
        return true;
      }}
      submitLabel={T.save}
    />
  );
}
