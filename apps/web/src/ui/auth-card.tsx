import { Link } from '@tanstack/react-router';
import { LoaderCircle } from 'lucide-react';
import type { PropsWithChildren, ReactNode } from 'react';
import { SHELL_TEXT } from '../texts.ts';
import { Button } from './button.tsx';

/** The plain layout of the sign-in, reset and terms pages: one calm card in the middle. */
export function AuthCard({
  title,
  children,
  footer,
}: PropsWithChildren<{ title: string; footer?: ReactNode }>) {
  return (
    <main className="grid min-h-dvh place-items-start bg-neutral-50 px-4 py-10 sm:place-items-center sm:py-4">
      <div className="mx-auto w-full max-w-sm">
        <section
          aria-labelledby="auth-title"
          className="rounded-lg border border-neutral-200 bg-white p-6 shadow-sm"
        >
          <p className="text-sm font-semibold tracking-wide text-sky-700">{SHELL_TEXT.appName}</p>
          <h1 id="auth-title" className="mt-1 text-xl font-semibold">
            {title}
          </h1>
          <div className="mt-5">{children}</div>
        </section>
        {footer ? <div className="mt-4 text-center text-sm">{footer}</div> : null}
      </div>
    </main>
  );
}

/** A submit button that says it is busy (and shows a spinner after 500 ms). */
export function SubmitButton({
  children,
  isBusy,
  showsSpinner,
  variant = 'primary',
}: {
  children: ReactNode;
  isBusy: boolean;
  showsSpinner: boolean;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <Button type="submit" variant={variant} disabled={isBusy} aria-busy={isBusy} className="w-full">
      {showsSpinner ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
      {children}
    </Button>
  );
}

export function Divider({ label }: { label: string }) {
  return (
    <div className="my-4 flex items-center gap-3 text-xs text-neutral-500" aria-hidden>
      <span className="h-px flex-1 bg-neutral-200" />
      {label}
      <span className="h-px flex-1 bg-neutral-200" />
    </div>
  );
}

export function TextLink({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="min-h-11 text-sm text-sky-700 underline underline-offset-4 hover:text-sky-900 sm:min-h-0"
    >
      {children}
    </button>
  );
}

/** The link under the card (to sign-in, to password reset). */
export function AuthFooterLink({ to, children }: { to: '/login' | '/reset'; children: ReactNode }) {
  return (
    <Link to={to} className="text-sky-700 underline underline-offset-4 hover:text-sky-900">
      {children}
    </Link>
  );
}
