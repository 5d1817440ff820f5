import { type ReactNode, useId } from 'react';

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

/**
 * A titled part of a screen: its heading (so screen-reader users can jump between sections) with
 * the actions beside it, then the content. A card by default; `plain` drops the frame.
 */
export function Section({
  title,
  actions,
  children,
  plain = false,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  plain?: boolean;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={plain ? 'mt-6' : 'min-w-0 rounded-lg border border-neutral-200 bg-white'}
    >
      <div
        className={`flex flex-wrap items-center justify-between gap-2 ${plain ? '' : 'border-b border-neutral-100 px-4 py-3'}`}
      >
        <h2
          id={id}
          className={
            plain ? 'text-sm font-semibold text-neutral-700' : 'text-base font-semibold text-neutral-900'
          }
        >
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {plain ? children : <div className="p-4">{children}</div>}
    </section>
  );
}
