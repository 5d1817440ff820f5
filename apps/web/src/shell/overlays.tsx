import { OVERLAY_TEXT } from '@rostra/core/shell/messages';
import { LoaderCircle } from 'lucide-react';
import { useRef } from 'react';
import { Toaster } from 'sonner';
import { confirmStore, waitStore } from '../lib/overlays.ts';
import { useStore } from '../lib/store.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/dialog.tsx';

/** The confirm dialogue: one question, Yes and No; Escape and the backdrop answer No. */
export function ConfirmHost() {
  const request = useStore(confirmStore);
  const noRef = useRef<HTMLButtonElement>(null);
  if (!request) return null;
  return (
    <Modal
      title={request.message}
      role="alertdialog"
      size="sm"
      onClose={() => request.resolve(false)}
      initialFocus={noRef}
      testId="confirm-dialog"
      footer={
        <>
          <Button ref={noRef} variant="secondary" onClick={() => request.resolve(false)}>
            {request.no}
          </Button>
          <Button onClick={() => request.resolve(true)}>{request.yes}</Button>
        </>
      }
    >
      {null}
    </Modal>
  );
}

/** The wait modal: 'Please wait' / 'This will only take a short moment', not dismissable. */
export function WaitHost() {
  const count = useStore(waitStore);
  if (count === 0) return null;
  return (
    <Modal
      title={OVERLAY_TEXT.waitTitle}
      onClose={() => undefined}
      isDismissable={false}
      size="sm"
      testId="wait-dialog"
    >
      <div className="flex items-center gap-3" role="status" aria-live="polite">
        <LoaderCircle aria-hidden className="size-5 shrink-0 animate-spin text-sky-700" />
        <p className="text-sm text-neutral-700">{OVERLAY_TEXT.waitBody}</p>
      </div>
    </Modal>
  );
}

export function AppToaster() {
  return (
    <Toaster position="top-center" closeButton richColors={false} toastOptions={{ className: 'text-sm' }} />
  );
}
