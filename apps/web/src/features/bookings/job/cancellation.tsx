import { cancellationRequestIssue } from '@rostra/core/records/job-status';
import { can } from '@rostra/core/shell/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormMessage } from '../../../ui/field.tsx';
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
    void queryClient.invalidateQueries({ queryKey: cancellationQuery(booking._id).queryKey });
  };

  const ask = useMutation({
    mutationFn: () => requestCancellation(booking._id, reason.trim()),
    onSuccess: () => {
      setSent(true);
      setAsking(false);
      notify.success(T.requestSent);
      refresh();
    },
    onError: (e) => setError(e.message),
  });
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    ask.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-2 rounded-md border border-neutral-200 p-3">
      <label htmlFor={id} className="block text-sm font-medium text-neutral-700">
        {T.cancellationReason}
      </label>
      <textarea
        id={id}
        value={reason}
        rows={3}
        maxLength={1000}
        onChange={(e) => setReason(e.target.value)}
        className="block w-full rounded-md border border-neutral-300 px-3 py-2 text-base sm:text-sm"
      />
      <FormMessage message={error} />
      <div className="flex gap-2">
        <Button type="submit" disabled={ask.isPending}>
          {T.sendRequest}
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
