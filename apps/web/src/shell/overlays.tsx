import { OVERLAY_TEXT } from '@rostra/core/shell/messages';
import { LoaderCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { confirmStore, waitStore } from '../lib/overlays.ts';
import { useStore } from '../lib/store.ts';
import { Button } from '../ui/button.tsx';
import { ControlField, controlClass } from '../ui/control-field.tsx';
import { AlertModal, Modal } from '../ui/dialog.tsx';

/**
 * The confirm dialogue: one question, Yes and No; Escape answers No. A question
 * may list details under it and ask for a reason in words, which Yes then needs.
 */
export function ConfirmHost() {
  const request = useStore(confirmStore);
  if (!request) return null;
  // A new question starts with an empty reason (keyed by the request).
  return <ConfirmDialog key={`${request.message}|${request.details?.join('|') ?? ''}`} request={request} />;
}

function ConfirmDialog({ request }: { request: NonNullable<ReturnType<typeof confirmStore.get>> }) {
  const noRef = useRef<HTMLButtonElement>(null);
  const [reason, setReason] = useState('');
  const needsReason = request.reasonLabel !== undefined;
  const isReady = !needsReason || reason.trim() !== '';
  return (
    <AlertModal
      title={request.message}
      size={request.details || needsReason ? 'md' : 'sm'}
      onClose={() => request.resolve(false)}
      initialFocus={noRef}
      testId="confirm-dialog"
      footer={
        <>
          <Button ref={noRef} variant="secondary" onClick={() => request.resolve(false)}>
            {request.no}
          </Button>
          <Button
            disabled={!isReady}
            onClick={() => request.resolve(true, needsReason ? reason.trim() : undefined)}
          >
            {request.yes}
          </Button>
        </>
      }
    >
      {request.details?.length ? (
        <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-red-800" data-testid="confirm-details">
          {request.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : null}
      {needsReason ? (
        <ControlField className="mt-3" label={request.reasonLabel}>
          {(id) => (
            <textarea
              id={id}
              value={reason}
              maxLength={500}
              rows={2}
              onChange={(e) => setReason(e.target.value)}
              className={controlClass(false, 'py-2')}
            />
          )}
        </ControlField>
      ) : null}
    </AlertModal>
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
