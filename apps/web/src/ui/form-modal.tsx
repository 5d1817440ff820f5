import { type ComponentProps, type ReactNode, type RefObject, useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import { SHELL_TEXT } from '../texts.ts';
import { Modal } from './dialog.tsx';
import { Form } from './form.tsx';
import { ModalActions } from './modal-actions.tsx';

/**
 * A dialog holding one kit form ({@link Form}): the fields, then Cancel and the submit button in
 * the footer (the button sends the form by its id, and is disabled while it is sent or when
 * `isBlocked`). `onCancel` is what Cancel and the close button do (default: `onClose`), e.g. ask
 * before dropping changes. `before` stands at the far left of the footer (a Delete), and
 * `formClassName` lays the fields out (default: one column).
 */
export function FormModal<V extends FieldValues, O>({
  title,
  description,
  onClose,
  onCancel = onClose,
  submitText,
  submittingText = submitText,
  cancelText = SHELL_TEXT.cancel,
  isBlocked = false,
  size,
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
  submitText: string;
  submittingText?: string;
  cancelText?: string;
  isBlocked?: boolean;
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
          submitLabel={isSubmitting ? submittingText : submitText}
          isBusy={isSubmitting || isBlocked}
          before={before}
        />
      }
    >
      <Form {...form} id={formId} className={formClassName}>
        {children}
      </Form>
    </Modal>
  );
}
