import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { SHELL_TEXT } from '../texts.ts';
import { IconButton } from './button.tsx';

/**
 * Dialogs on the native modal `<dialog>`: the browser puts it in the top layer, makes the rest of
 * the page inert (the focus trap), and turns Escape into a cancel event, which is routed to
 * `onClose` so that a dialog with unsaved changes can ask first. Focus returns to whatever had it
 * when the dialog opened.
 */
type BaseProps = {
  title: string;
  /** Visually hidden title (the panel shows its own heading or none). */
  hideTitle?: boolean;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  /** Element to focus on open (default: the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** alertdialog for questions that need an answer (confirm), dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  /** Escape and the backdrop do nothing (the wait modal). */
  isDismissable?: boolean;
  className?: string;
  testId?: string;
};

function useModal(onClose: () => void, isDismissable: boolean, initialFocus?: RefObject<HTMLElement | null>) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, [initialFocus]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const cancel = (event: Event) => {
      event.preventDefault();
      if (isDismissable) onCloseRef.current();
    };
    const click = (event: MouseEvent) => {
      // A click on the dialog element itself (not its content) is a click on the backdrop.
      if (isDismissable && event.target === dialog) onCloseRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    dialog.addEventListener('click', click);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.removeEventListener('click', click);
    };
  }, [isDismissable]);

  return ref;
}

/**
 * A centred modal with a title bar and a close button; an alertdialog (a question) shows its
 * title as the question itself, without the bar.
 */
export function Modal(props: BaseProps & { footer?: ReactNode; size?: 'sm' | 'md' | 'lg' }) {
  const { isDismissable = true } = props;
  const ref = useModal(props.onClose, isDismissable, props.initialFocus);
  const titleId = useId();
  const descriptionId = useId();
  const width = props.size === 'lg' ? 'max-w-2xl' : props.size === 'sm' ? 'max-w-sm' : 'max-w-lg';
  return (
    <dialog
      ref={ref}
      role={props.role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={props.description ? descriptionId : undefined}
      data-testid={props.testId}
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-lg border border-neutral-200 bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-neutral-900/40 ${props.className ?? ''}`}
    >
      {props.role === 'alertdialog' ? null : (
        <div className="flex items-center justify-between gap-4 border-b border-neutral-200 py-2 pr-3 pl-5">
          <h2 id={titleId} className={props.hideTitle ? 'sr-only' : 'text-base font-semibold'}>
            {props.title}
          </h2>
          {isDismissable ? (
            <IconButton label={SHELL_TEXT.close} onClick={props.onClose} className="-mr-2">
              <X aria-hidden className="size-4" />
            </IconButton>
          ) : null}
        </div>
      )}
      <div className="px-5 py-4">
        {props.role === 'alertdialog' ? (
          <h2 id={titleId} className="text-sm font-medium text-neutral-900">
            {props.title}
          </h2>
        ) : null}
        {props.description ? (
          <p id={descriptionId} className="mb-3 text-sm text-neutral-600">
            {props.description}
          </p>
        ) : null}
        {props.children}
      </div>
      {props.footer ? (
        <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 px-5 py-3">
          {props.footer}
        </div>
      ) : null}
    </dialog>
  );
}

/** A panel that slides in from one side, full height (drawers, the narrow-screen menu). */
export function Drawer(props: BaseProps & { side?: 'left' | 'right'; headerless?: boolean }) {
  const { isDismissable = true } = props;
  const ref = useModal(props.onClose, isDismissable, props.initialFocus);
  const titleId = useId();
  const side =
    props.side === 'left'
      ? 'mr-auto ml-0 starting:open:-translate-x-full'
      : 'ml-auto mr-0 starting:open:translate-x-full';
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={props.testId}
      className={`${side} my-0 h-dvh max-h-none w-[min(24rem,calc(100%-3rem))] max-w-none translate-x-0 border-neutral-200 bg-white p-0 text-neutral-900 shadow-xl transition-transform duration-200 ease-out backdrop:bg-neutral-900/40 motion-reduce:transition-none ${props.className ?? ''}`}
    >
      <div className="flex h-full flex-col">
        <div
          className={
            props.headerless
              ? 'sr-only'
              : 'flex items-center justify-between gap-4 border-b border-neutral-200 px-4 py-3'
          }
        >
          <h2 id={titleId} className="text-base font-semibold">
            {props.title}
          </h2>
          {props.headerless ? null : (
            <IconButton label={SHELL_TEXT.close} onClick={props.onClose} className="-mr-2">
              <X aria-hidden className="size-4" />
            </IconButton>
          )}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{props.children}</div>
      </div>
    </dialog>
  );
}

/** Closes a non-modal popover on Escape or a click outside it. */
export function useDismiss(
  isOpen: boolean,
  close: () => void,
  refs: readonly RefObject<HTMLElement | null>[],
  returnFocus?: RefObject<HTMLElement | null>,
): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      closeRef.current();
      returnFocus?.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (refs.some((r) => r.current?.contains(target))) return;
      closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen, refs, returnFocus]);
}
