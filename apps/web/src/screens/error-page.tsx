import { errorPage } from '@rostra/core/shell/routes';

/** The error page of the spec, on an empty layout. */
export function ErrorPage({ status }: { status: number }) {
  const { title, linkText } = errorPage(status);
  return (
    <main className="grid min-h-screen place-items-center p-6">
      <div className="text-center">
        <p className="text-sm font-medium text-neutral-500">{status}</p>
        <h1 className="mt-1 text-2xl font-semibold">{title}</h1>
        <a className="mt-4 inline-block text-sky-700 underline underline-offset-4" href="/">
          {linkText}
        </a>
      </div>
    </main>
  );
}
