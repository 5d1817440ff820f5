import { cancellationBody } from '@rostra/core/api/job-life';
import { cancellationRequestIssue } from '@rostra/core/records/job-status';
import { can } from '@rostra/core/shell/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormMessage } from '../../../ui/field.tsx';
import { Form, FormTextarea, SubmitButton } from '../../../ui/form.tsx';
import { useZodForm } from '../../../ui/zod-form.ts';
import { answerCancellation, cancellationQuery, requestCancellation } from '../../job-life/api.ts';
import { BOOKINGS_KEY, type Booking } from '../api.ts';
import { JOB_TEXT as T } from './texts.ts';

/**
 * Cancellation requests (issue 9 point 7): a resource or customer of the job asks (only with the
 * organisation's flag for their role); a dispatcher approves (the job is cancelled) or refuses.
 */
export function Cancellation({ booking }: { booking: Booking }) {
  const { role, settings } = useShell();
  const queryClient = useQueryClient();
  const flag = can(role, 'request_cancellation', settings?.ds);
  const decides = can(role, 'decide_cancellation');
  const latest = useQuery({ ...cancellationQuery(booking._id), enabled: decides || flag });
  const pending = latest.data?.status === 'pending' ? latest.data : undefined;
  const [isAsking, setAsking] = useState(false);
  const [isSent, setSent] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
    void queryClient.invalidateQueries({ queryKey: cancellationQuery(booking._id).queryKey });
  };

  const answer = useMutation({
    mutationFn: (a: 'approve' | 'refuse') => answerCancellation(booking._id, a),
    onSuccess: (_, a) => {
      notify.success(a === 'approve' ? T.cancellationApproved : T.cancellationRefused);
      refresh();
    },
    onError: (e) => setError(e.message),
  });

  if (decides) {
    if (!pending) return null;
    return (
      <section
        aria-label={T.cancellationRequested}
        className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
      >
        <p className="font-medium">{T.cancellationRequested}</p>
        <p>{T.requestedBy(pending.by.role, pending.reason)}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="danger" onClick={() => answer.mutate('approve')} disabled={answer.isPending}>
            {T.approve}
          </Button>
          <Button variant="secondary" onClick={() => answer.mutate('refuse')} disabled={answer.isPending}>
            {T.refuse}
          </Button>
        </div>
        <FormMessage message={error} />
      </section>
    );
  }

  if (cancellationRequestIssue(role, booking.status, settings?.ds)) return null;
  if (pending || isSent) {
    return (
      <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
        {T.cancellationRequested}
      </p>
    );
  }
  if (!isAsking) {
    return (
      <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setAsking(true)}>
        {T.requestCancellation}
      </Button>
    );
  }
  return (
    <AskForm
      onSend={async (reason) => {
        await requestCancellation(booking._id, reason);
        setSent(true);
        setAsking(false);
        notify.success(T.requestSent);
        refresh();
      }}
      onCancel={() => setAsking(false)}
    />
  );
}

/** The request's reason: core's `cancellationBody`, sent trimmed. */
const askForm = cancellationBody.extend({ reason: cancellationBody.shape.reason.transform((r) => r.trim()) });

function AskForm({ onSend, onCancel }: { onSend: (reason: string) => Promise<void>; onCancel: () => void }) {
  const form = useZodForm(askForm, { defaultValues: { reason: '' } });
  // Opened by its button: the reason is where the keyboard goes next.
  useEffect(() => form.setFocus('reason'), [form]);
  return (
    <Form
      form={form}
      onSubmit={(values) => onSend(values.reason)}
      guard={false}
      className="space-y-2 rounded-md border border-neutral-200 p-3"
    >
      <FormTextarea<z.input<typeof askForm>>
        name="reason"
        label={T.cancellationReason}
        rows={3}
        maxLength={1000}
      />
      <div className="flex gap-2">
        <SubmitButton>{T.sendRequest}</SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          {T.cancel}
        </Button>
      </div>
    </Form>
  );
}
