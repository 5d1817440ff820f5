import type { ReactNode } from 'react';
import { SHELL_TEXT } from '../texts.ts';
import { Button } from './button.tsx';

/**
 * The footer of a form in a {@link Modal} (ui/dialog.tsx): Cancel, then the button that submits
 * the form `formId` (disabled while `isBusy`), or `children` in its place (e.g. a danger action);
 * `before` stands at the far left (a Delete beside Cancel and Save).
 */
export function ModalActions({
  formId,
  onCancel,
  cancelLabel = SHELL_TEXT.cancel,
  submitLabel,
  isBusy = false,
  before,
  children,
}: {
  formId?: string;
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel?: ReactNode;
  isBusy?: boolean;
  before?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      {before}
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {children ?? (
        <Button type="submit" form={formId} disabled={isBusy} aria-busy={isBusy}>
          {submitLabel}
        </Button>
      )}
    </>
  );
}
