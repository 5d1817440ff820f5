import { ROUTE_TEXT } from '@rostra/core/shell/messages';
import { checkEmail } from '@rostra/core/shell/validators';
import { type FormEvent, useId, useState } from 'react';

/** Sign-in, email first (shell spec §4). The later steps arrive with the identity screens. */
export function SignInScreen() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const emailId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = checkEmail(email)[0];
    setError(issue?.message);
  };

  return (
    <main className="grid min-h-screen place-items-center bg-neutral-50 p-4">
      <section
        aria-labelledby="sign-in-title"
        className="w-full max-w-sm rounded-lg border border-neutral-200 bg-white p-6 shadow-sm"
      >
        <p className="text-sm font-semibold tracking-wide text-sky-700">Rostra</p>
        <h1 id="sign-in-title" className="mt-1 text-xl font-semibold">
          Sign in
        </h1>
        <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
          <div>
            <label htmlFor={emailId} className="block text-sm font-medium text-neutral-700">
              Email
            </label>
            <input
              id={emailId}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="mt-1 block w-full rounded-md border border-neutral-300 px-3 py-2 text-base"
            />
            {error ? (
              <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            className="w-full rounded-md bg-sky-700 px-3 py-2 font-medium text-white hover:bg-sky-800"
          >
            Next
          </button>
        </form>
        <a href="/reset" className="mt-4 inline-block text-sm text-sky-700 underline underline-offset-4">
          {ROUTE_TEXT.troubleSigningIn}
        </a>
      </section>
    </main>
  );
}
