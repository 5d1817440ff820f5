/** The sign-in screen's first step; the later steps (./steps.tsx, ./phone.tsx) load on demand. */
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Phone, UserRound } from 'lucide-react';
import { SIGN_IN_SCREEN_TEXT as T } from '../../texts.ts';
import { Divider } from '../../ui/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { useFormTask } from './form-task.ts';
import {
  type EmailRoute,
  findSignInMethods,
  routeForMethods,
  signInOptionsQuery,
  startFederatedSignIn,
} from './identity.ts';
import { EmailForm } from './one-field-form.tsx';

/** The later steps' code, asked for as soon as an e-mail is sent, beside the server's answer. */
export const laterSteps = () => import('./steps.tsx');
export const phoneSteps = () => import('./phone.tsx');

export function EmailStep(props: {
  onRoute: (email: string, route: EmailRoute) => Promise<void>;
  onPhone: () => void;
  onGuest: () => Promise<void>;
}) {
  const options = useQuery(signInOptionsQuery).data;
  const task = useFormTask();
  const { isBusy, attempt } = task;

  const guest = () =>
    attempt(async () => {
      await props.onGuest();
    });

  return (
    <>
      <EmailForm
        task={task}
        onSubmit={async (email) => {
          void laterSteps();
          const methods = await findSignInMethods(email.trim());
          const offered = options ?? (await signInOptionsQuery.queryFn());
          await props.onRoute(email.trim(), routeForMethods(methods, offered));
        }}
        submitLabel={T.next}
      />
      <Divider label={T.or} />
      <div className="grid gap-2">
        {(options?.federated ?? []).map((p) => (
          <Button key={p.id} variant="secondary" onClick={() => void startFederatedSignIn(p.id)}>
            <KeyRound aria-hidden className="size-4" />
            {T.federated(p.name)}
          </Button>
        ))}
        {options?.phone === false ? null : (
          <Button
            variant="secondary"
            onClick={props.onPhone}
            onPointerDown={() => void phoneSteps()}
            disabled={isBusy}
          >
            <Phone aria-hidden className="size-4" />
            {T.phone}
          </Button>
        )}
        {options?.anonymous === false ? null : (
          <Button variant="ghost" onClick={guest} disabled={isBusy}>
            <UserRound aria-hidden className="size-4" />
            {T.guest}
          </Button>
        )}
      </div>
    </>
  );
}
