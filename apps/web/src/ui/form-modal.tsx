import { type ComponentProps, type ReactNode, type RefObject, useId, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { isApiError } from '../lib/api.ts';
import { confirmLeave } from '../lib/unsaved.ts';
import { SHELL_TEXT } from '../texts.ts';
import { Button } from './button.tsx';
import { Modal } from './dialog.tsx';
import { Form, FormRootMessage } from './form.tsx';
import { ModalActions } from './modal-actions.tsx';

/**
 * A dialog holding one kit form ({@link Form}): the fields, then Cancel and the submit button in
 * the footer (the button sends the form by its id, and is disabled while it is sent or when
 * `isBlocked`; "Save" and "Saving…" unless said otherwise). `onCancel` is what Cancel and the
 * close button do (default: `onClose`), e.g. ask before dropping changes. `before` stands at the
 * far left of the footer (a Delete), and `formClassName` lays the fields out (default: one
 * column). `quick`: a narrow dialog for a short form whose loss is cheap (a rename, a bid, a
 * correction), closed without asking about unsaved edits.
 */
export function FormModal<V extends FieldValues, O>({
  title,
  description,
  onClose,
  onCancel = onClose,
  submitText,
  submittingText = submitText ?? SHELL_TEXT.saving,
  cancelText = SHELL_TEXT.cancel,
  isBlocked = false,
  quick = false,
  size = quick ? 'sm' : undefined,
  testId,
  initialFocus,
  before,
  formClassName = 'space-y-3',
  children,
  ...form
}: Omit<ComponentProps<typeof Form<V, O>>, 'id' | 'className'> & {
  title: string;
  description?: string | undefined;
  onClose: () => void;
  onCancel?: () => void;
  submitText?: string;
  submittingText?: string;
  cancelText?: string;
  isBlocked?: boolean;
  quick?: boolean;
  size?: 'sm' | 'md' | 'lg' | undefined;
  testId?: string | undefined;
  initialFocus?: RefObject<HTMLElement | null>;
  before?: ReactNode;
  formClassName?: string;
}) {
  const formId = useId();
  const isSubmitting = form.form.formState.isSubmitting;
  return (
    <Modal
      title={title}
      {...(description ? { description } : {})}
      onClose={onCancel}
      {...(size ? { size } : {})}
      {...(testId ? { testId } : {})}
      {...(initialFocus ? { initialFocus } : {})}
      footer={
        <ModalActions
          formId={formId}
          onCancel={onCancel}
          cancelLabel={cancelText}
          submitLabel={isSubmitting ? submittingText : (submitText ?? SHELL_TEXT.save)}
          isBusy={isSubmitting || isBlocked}
          before={before}
        />
      }
    >
      <Form {...form} {...(quick ? { guard: false } : {})} id={formId} className={formClassName}>
        {children}
      </Form>
    </Modal>
  );
}

/**
 * A versioned record's create-or-edit form in a {@link FormModal}: Cancel (and Escape) ask first
 * when something changed; Save sends. A save refused because someone else changed the record
 * since it was read (`version_conflict`) shows `staleText` with a Reload button in place of the
 * form's message and blocks saving until `onReload` has read the record again (it resets the
 * form); the edits stay on screen until then. `formError` words other refusals first.
 */
export function VersionedFormModal<V extends FieldValues, O>({
  onReload,
  staleText,
  formError,
  onClose,
  children,
  ...modal
}: Omit<
  ComponentProps<typeof FormModal<V, O>>,
  'onCancel' | 'submitText' | 'submittingText' | 'isBlocked' | 'showMessage' | 'quick'
> & {
  onReload: () => unknown;
  staleText: string;
}) {
  const [isStale, setStale] = useState(false);
  const close = async () => {
    if (await confirmLeave()) onClose();
  };
  const whole = (error: unknown) => {
    const worded = formError?.(error);
    if (worded !== undefined || !(isApiError(error) && error.code === 'version_conflict')) return worded;
    setStale(true);
    return staleText;
  };
  const reload = () => void Promise.resolve(onReload()).then(() => setStale(false));
  return (
    <FormModal
      {...modal}
      onClose={onClose}
      onCancel={() => void close()}
      formError={whole}
      showMessage={false}
      isBlocked={isStale}
    >
      {isStale ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <span>{staleText}</span>
          <Button variant="secondary" onClick={reload}>
            {SHELL_TEXT.reload}
          </Button>
        </div>
      ) : (
        <FormRootMessage />
      )}
      {children}
    </FormModal>
  );
}
