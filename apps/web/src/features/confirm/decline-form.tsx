import type { DecisionBody } from '@rostra/core/notifications/confirm';
import { Button } from '../../ui/button.tsx';
import { Form, FormTextarea, useZodFormOnDemand } from '../../ui/form.tsx';
import { CONFIRM_TEXT as T } from './confirm-text.ts';

/** The decline step's one field, checked by core's `decisionBody` (loaded when first checked). */
type DeclineValues = Pick<DecisionBody, 'reason'>;
const loadDeclineSchema = () =>
  import('@rostra/core/notifications/confirm').then((m) => m.decisionBody.pick({ reason: true }));

/** Decline, with an optional reason (decision.tsx's second step). */
export function DeclineForm({
  onAnswer,
  isBusy,
  onCancel,
}: {
  onAnswer: (body: DecisionBody) => void;
  isBusy: boolean;
  onCancel: () => void;
}) {
  const form = useZodFormOnDemand(loadDeclineSchema, { defaultValues: { reason: '' } });
  const submit = ({ reason }: DeclineValues) => {
    const text = reason?.trim();
    onAnswer({ decision: 'decline', ...(text ? { reason: text } : {}) });
  };
  return (
    <Form form={form} onSubmit={submit} guard={false} className="space-y-3" aria-label={T.declineTitle}>
      <FormTextarea<DeclineValues>
        name="reason"
        label={T.reason}
        description={T.reasonHint}
        // The reason is what the second step asks for.
        autoFocus
        maxLength={500}
        rows={3}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={isBusy} aria-busy={isBusy}>
          {T.sendDecline}
        </Button>
        <Button variant="secondary" disabled={isBusy} onClick={onCancel}>
          {T.cancel}
        </Button>
      </div>
    </Form>
  );
}
