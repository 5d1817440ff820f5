import { errorPage } from '@rostra/core/shell/routes';

/**
 * The error page of the spec, on an empty layout. Its link goes to /login, which sends a signed-in
 * person on to their default landing page and anyone else to sign-in: the default page for both.
 */
export function ErrorPage({ status }: { status: number }) {
  const { title, linkText } = errorPage(status);
  return (
    <main className="grid min-h-dvh place-items-center p-6">
      <div className="text-center">
        <p className="text-sm font-medium text-neutral-500">{status}</p>
        <h1 className="mt-1 text-2xl font-semibold">{title}</h1>
        <a className="mt-4 inline-block text-sky-700 underline underline-offset-4" href="/login">
          {linkText}
        </a>
      </div>
    </main>
  );
}
