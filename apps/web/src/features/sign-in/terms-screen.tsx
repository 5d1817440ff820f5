import { termsWholeVersion } from '@rostra/core/shell/validators';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { acceptTerms, type Me, signOut } from '../../lib/session.ts';
import { landingPath } from '../../lib/sign-in-flow.ts';
import { SIGN_IN_SCREEN_TEXT as T } from '../../texts.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { useFormTask } from './form-task.ts';

/** Terms (spec §2, §4): non-customers accept the current whole version before anything else. */
export function TermsScreen({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { isBusy, run, failure, attempt } = useFormTask();
  const version = termsWholeVersion(me.terms_version);

  const accept = () =>
    attempt(async () => {
      await acceptTerms(queryClient, me.terms_version);
      await navigate({ href: await landingPath(queryClient, me), replace: true });
    });

  const leave = () =>
    void run(async () => {
      await signOut(queryClient);
      await navigate({ to: '/login', replace: true });
    });

  return (
    <AuthCard title={T.termsTitle}>
      <div className="space-y-4">
        <p className="text-sm text-neutral-700">{T.termsBody(version)}</p>
        <FormMessage message={failure?.message} />
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button onClick={accept} disabled={isBusy} className="sm:flex-1">
            {T.acceptTerms}
          </Button>
          <Button variant="secondary" onClick={leave} disabled={isBusy} className="sm:flex-1">
            {T.signOut}
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
