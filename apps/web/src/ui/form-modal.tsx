import { type ComponentProps, useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Modal } from './dialog.tsx';
import { Form } from './form.tsx';
import { ModalActions } from './modal-actions.tsx';

/**
 * A dialog holding one kit form ({@link Form}): the fields, then Cancel and the submit button in
 * the footer (the button sends the form by its id, and is disabled while it is sent or when
 * `isBlocked`). `onCancel` is what Cancel and the close button do (default: `onClose`), e.g. ask
 * before dropping changes.
 */
export function FormModal<V extends FieldValues, O>({
  title,
  description,
  onClose,
  onCancel = onClose,
  submitText,
  submittingText = submitText,
  cancelText,
  isBlocked = false,
  size,
  testId,
  children,
  ...form
}: Omit<ComponentProps<typeof Form<V, O>>, 'id' | 'className'> & {
  title: string;
  description?: string | undefined;
  onClose: () => void;
  onCancel?: () => void;
  submitText: string;
  submittingText?: string;
  cancelText: string;
  isBlocked?: boolean;
  size?: 'sm' | 'md' | 'lg' | undefined;
  testId?: string | undefined;
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
      footer={
        <ModalActions
          formId={formId}
          onCancel={onCancel}
          cancelLabel={cancelText}
          submitLabel={isSubmitting ? submittingText : submitText}
          isBusy={isSubmitting || isBlocked}
        />
      }
    >
      <Form {...form} id={formId} className="space-y-3">
        {children}
      </Form>
    </Modal>
  );
}
