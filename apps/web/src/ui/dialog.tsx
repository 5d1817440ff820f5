import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useState } from 'react';
import { SHELL_TEXT } from '../texts.ts';
import { IconButton } from './button.tsx';

/*
 * Dialogs on Radix Dialog and AlertDialog. A dialog is open while it is mounted: the caller shows
 * it by rendering it and closes it by not rendering it. Escape, the backdrop and the close button
 * call `onClose` and nothing else, so a dialog with unsaved changes can ask before it goes. Radix
 * traps focus inside, hides the rest of the page from assistive technology, and returns focus to
 * whatever had it when the dialog opened.
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
  /** Escape and the backdrop do nothing and there is no close button (the wait modal). */
  isDismissable?: boolean;
  className?: string;
  testId?: string;
};

const OVERLAY =
  'fixed inset-0 z-50 bg-neutral-900/40 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none';

/**
 * Props of a Content that focuses `initialFocus`, keeps Escape/outside clicks for `onClose`, and
 * on close gives focus back to what had it at open (Radix returns it only to a Radix Trigger, and
 * these dialogs are opened by state, not by a trigger). `deferFocus` moves focus in on the next
 * frame: a question opened on a key press (Enter on a tab) must not take that key's click as its
 * answer.
 */
function useContentHandlers(props: BaseProps, deferFocus = false) {
  const isDismissable = props.isDismissable ?? true;
  const [previous] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  return {
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      // Back to what had focus, unless the person has already moved on (a menu opened meanwhile
      // must keep its focus, or it closes).
      const now = document.activeElement;
      if (now && now !== document.body && now.isConnected) return;
      if (previous?.isConnected) previous.focus();
    },
    onOpenAutoFocus: (event: Event) => {
      const content = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
      const target = () =>
        props.initialFocus?.current ?? content?.querySelector<HTMLElement>('button') ?? null;
      if (deferFocus) {
        event.preventDefault();
        requestAnimationFrame(() => target()?.focus());
        return;
      }
      if (!props.initialFocus?.current) return;
      event.preventDefault();
      target()?.focus();
    },
    onEscapeKeyDown: (event: KeyboardEvent) => {
      if (!isDismissable) event.preventDefault();
    },
    onPointerDownOutside: (event: Event) => {
      if (!isDismissable) event.preventDefault();
    },
    onInteractOutside: (event: Event) => {
      if (!isDismissable) event.preventDefault();
    },
  };
}

/** Radix warns when a dialog has no description; `undefined` says "none on purpose". */
const describedBy = (description: string | undefined) =>
  description ? {} : ({ 'aria-describedby': undefined } as const);

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/** Radix Dialog's root, portal, backdrop and content: what a modal and a drawer share. */
function DialogFrame({
  props,
  className,
  children,
}: {
  props: BaseProps;
  className: string;
  children: ReactNode;
}) {
  const handlers = useContentHandlers(props);
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={OVERLAY} />
        <DialogPrimitive.Content
          {...handlers}
          {...describedBy(props.description)}
          data-testid={props.testId}
          className={`${className} ${props.className ?? ''}`}
        >
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** The title and, when the dialog may be dismissed, the close button. */
function TitleBar({
  title,
  titleClassName,
  onClose,
  className,
}: {
  title: string;
  titleClassName: string;
  onClose: (() => void) | null;
  className: string;
}) {
  return (
    <div className={className}>
      <DialogPrimitive.Title className={titleClassName}>{title}</DialogPrimitive.Title>
      {onClose ? (
        <IconButton label={SHELL_TEXT.close} onClick={onClose} className="-mr-2">
          <X aria-hidden className="size-4" />
        </IconButton>
      ) : null}
    </div>
  );
}

const BAR = 'flex shrink-0 items-center justify-between gap-4 border-b border-neutral-200';

/** A centred modal with a title bar, a close button and an optional footer of actions. */
export function Modal(props: BaseProps & { footer?: ReactNode; size?: keyof typeof WIDTHS }) {
  const isDismissable = props.isDismissable ?? true;
  return (
    <DialogFrame
      props={props}
      className={`fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border border-neutral-200 bg-white text-neutral-900 shadow-xl transition-[opacity,scale] duration-150 starting:scale-95 starting:opacity-0 focus:outline-none motion-reduce:transition-none ${WIDTHS[props.size ?? 'md']}`}
    >
      <TitleBar
        title={props.title}
        titleClassName={props.hideTitle ? 'sr-only' : 'text-base font-semibold'}
        onClose={isDismissable ? props.onClose : null}
        className={`${BAR} py-2 pr-3 pl-5`}
      />
      <div className="min-h-0 overflow-y-auto px-5 py-4">
        {props.description ? (
          <DialogPrimitive.Description className="mb-3 text-sm text-neutral-600">
            {props.description}
          </DialogPrimitive.Description>
        ) : null}
        {props.children}
      </div>
      {props.footer ? (
        <div className="flex shrink-0 flex-wrap justify-end gap-2 border-t border-neutral-200 px-5 py-3">
          {props.footer}
        </div>
      ) : null}
    </DialogFrame>
  );
}

/**
 * A question that needs an answer (role alertdialog): the title is the question, the footer holds
 * the answers. Escape calls `onClose` (answer No); a click on the backdrop does nothing, as the
 * alertdialog pattern asks. `initialFocus` is usually the safe answer.
 */
export function AlertModal(
  props: Omit<BaseProps, 'hideTitle' | 'isDismissable'> & { footer: ReactNode; size?: keyof typeof WIDTHS },
) {
  const handlers = useContentHandlers(props, true);
  return (
    <AlertDialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={OVERLAY} />
        <AlertDialogPrimitive.Content
          {...handlers}
          {...describedBy(props.description)}
          data-testid={props.testId}
          className={`fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-neutral-200 bg-white text-neutral-900 shadow-xl transition-[opacity,scale] duration-150 starting:scale-95 starting:opacity-0 focus:outline-none motion-reduce:transition-none ${WIDTHS[props.size ?? 'sm']} ${props.className ?? ''}`}
        >
          <div className="px-5 py-4">
            <AlertDialogPrimitive.Title className="text-sm font-medium text-neutral-900">
              {props.title}
            </AlertDialogPrimitive.Title>
            {props.description ? (
              <AlertDialogPrimitive.Description className="mt-1 text-sm text-neutral-600">
                {props.description}
              </AlertDialogPrimitive.Description>
            ) : null}
            {props.children}
          </div>
          <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 px-5 py-3">
            {props.footer}
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

/** A panel that slides in from one side, full height (drawers, the narrow-screen menu). */
export function Drawer(props: BaseProps & { side?: 'left' | 'right'; headerless?: boolean }) {
  const side =
    props.side === 'left'
      ? 'left-0 border-r starting:-translate-x-full'
      : 'right-0 border-l starting:translate-x-full';
  return (
    <DialogFrame
      props={props}
      className={`fixed inset-y-0 z-50 flex h-dvh w-[min(24rem,calc(100%-3rem))] translate-x-0 flex-col border-neutral-200 bg-white text-neutral-900 shadow-xl transition-transform duration-200 ease-out focus:outline-none motion-reduce:transition-none ${side}`}
    >
      <TitleBar
        title={props.title}
        titleClassName="text-base font-semibold"
        onClose={props.headerless ? null : props.onClose}
        className={props.headerless ? 'sr-only' : `${BAR} px-4 py-3`}
      />
      {props.description ? (
        <DialogPrimitive.Description className="sr-only">{props.description}</DialogPrimitive.Description>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto">{props.children}</div>
    </DialogFrame>
  );
}
