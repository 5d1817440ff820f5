import type { ReactNode } from 'react';

/** A screen's frame: its heading, the actions beside it, and the content below. */
export function Page({
  title,
  actions,
  children,
  wide = false,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`mx-auto px-3 py-4 sm:px-6 sm:py-6 ${wide ? 'max-w-none' : 'max-w-6xl'}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-neutral-900">{title}</h1>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className="mt-4">{children}</div>
    </div>
  );
}
