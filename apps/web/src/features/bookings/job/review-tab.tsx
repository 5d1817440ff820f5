import { notesBody, reviewBody } from '@rostra/core/api/job-life';
import { canWriteReview } from '@rostra/core/records/job-status';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { FieldError } from '../../../ui/control-field.tsx';
import { FormMessage } from '../../../ui/field.tsx';
import { Fieldset } from '../../../ui/fieldset.tsx';
import { Form, FormTextarea, SubmitButton } from '../../../ui/form.tsx';
import { SkeletonRows } from '../../../ui/list-state.tsx';
import { useZodForm } from '../../../ui/zod-form.ts';
import { putNotes, putReview, reviewQuery } from '../../job-life/api.ts';
import type { Booking } from '../api.ts';
import { JOB_TEXT as T } from './texts.ts';
import { useJobLifeLive } from './use-job-life.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/** The review, or none yet (a 404 from the server means nobody has written one). */
function useReview(jobId: string) {
  const review = useQuery(reviewQuery(jobId));
  const isNone = review.isError && isApiError(review.error) && review.error.status === 404;
  return { review, data: isNone ? null : (review.data ?? null), isNone };
}

/**
 * The review form (issue 9 point 4): the job's customer rates (1–5) and comments at finished or
 * reviewed; everyone else reads it.
 */
export function ReviewTab({ booking }: { booking: Booking }) {
  const { role } = useShell();
  useJobLifeLive(booking._id);
  const { review, data, isNone } = useReview(booking._id);
  const canWrite = canWriteReview(role, booking.status);

  if (review.isPending) return <SkeletonRows rows={1} height="h-24" />;
  if (review.isError && !isNone) {
    return (
      <div role="alert" className="text-sm text-red-800">
        <p>{T.reviewFailed}</p>
        <p className="text-xs">{review.error.message}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void review.refetch()}>
          {T.retry}
        </Button>
      </div>
    );
  }
  if (canWrite)
    return <ReviewForm jobId={booking._id} rating={data?.rating ?? 0} comment={data?.comment ?? ''} />;
  if (!data || typeof data.rating !== 'number')
    return <p className="text-sm text-neutral-500">{T.noReview}</p>;
  return (
    <section aria-label={T.review} className="space-y-2">
      <p className="flex items-center gap-1" role="img" aria-label={T.stars(data.rating)}>
        {STARS.map((s) => (
          <Star
            key={s}
            aria-hidden
            className={`size-5 ${s <= (data.rating ?? 0) ? 'fill-amber-400 text-amber-500' : 'text-neutral-300'}`}
          />
        ))}
      </p>
      {data.comment ? <p className="text-sm whitespace-pre-wrap text-neutral-800">{data.comment}</p> : null}
    </section>
  );
}

/** The customer's rating and comment: core's `reviewBody`, with the form's word for no rating. */
const reviewForm = reviewBody.extend({
  rating: z.number().min(1, T.ratingRequired).pipe(reviewBody.shape.rating),
  comment: reviewBody.shape.comment.transform((c) => c.trim()),
});

function ReviewForm({ jobId, rating, comment }: { jobId: string; rating: number; comment: string }) {
  const queryClient = useQueryClient();
  // Follows the stored review while untouched.
  const form = useZodForm(reviewForm, {
    values: { rating, comment },
    resetOptions: { keepDirtyValues: true },
  });
  const save = async (values: z.output<typeof reviewForm>) => {
    await putReview(jobId, values.rating, values.comment);
    notify.success(T.reviewSaved);
    void queryClient.invalidateQueries({ queryKey: reviewQuery(jobId).queryKey });
  };
  return (
    <Form form={form} onSubmit={save} className="space-y-3">
      <StarsField />
      <FormTextarea<ReviewValues> name="comment" label={T.comment} maxLength={2000} rows={4} />
      <SubmitButton>{T.saveReview}</SubmitButton>
    </Form>
  );
}

type ReviewValues = z.input<typeof reviewForm>;

/** The rating as five radio stars (arrow keys move between them). */
function StarsField() {
  const { field, fieldState } = useController<ReviewValues, 'rating'>({ name: 'rating' });
  const id = useId();
  const message = fieldState.error?.message;
  return (
    <Fieldset aria-describedby={message ? `${id}-error` : undefined} legend={T.rating}>
      <div className="mt-1 flex gap-1">
        {STARS.map((s) => (
          <label key={s} className="cursor-pointer">
            <input
              type="radio"
              name={`${id}-rating`}
              value={s}
              ref={s === 1 ? field.ref : undefined}
              checked={field.value === s}
              onChange={() => field.onChange(s)}
              onBlur={field.onBlur}
              className="peer sr-only"
            />
            <span className="inline-flex size-11 items-center justify-center rounded-md peer-focus-visible:ring-2 peer-focus-visible:ring-sky-600">
              <Star
                aria-hidden
                className={`size-7 ${s <= (field.value ?? 0) ? 'fill-amber-400 text-amber-500' : 'text-neutral-300'}`}
              />
              <span className="sr-only">{T.stars(s)}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={message} />
    </Fieldset>
  );
}

/** The dispatcher's notes at reviewed (issue 9 point 4), kept with the review. */
export function NotesTab({ booking }: { booking: Booking }) {
  const queryClient = useQueryClient();
  useJobLifeLive(booking._id);
  const { review, data, isNone } = useReview(booking._id);
  const form = useZodForm(notesBody, {
    values: { notes: data?.notes ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const save = async (values: z.output<typeof notesBody>) => {
    await putNotes(booking._id, values.notes);
    notify.success(T.notesSaved);
    void queryClient.invalidateQueries({ queryKey: reviewQuery(booking._id).queryKey });
  };
  if (review.isPending) return <SkeletonRows rows={1} height="h-24" />;
  return (
    <Form form={form} onSubmit={save} className="space-y-3">
      <FormTextarea<z.input<typeof notesBody>> name="notes" label={T.notes} rows={6} maxLength={4000} />
      {review.isError && !isNone ? <FormMessage message={review.error.message} /> : null}
      <SubmitButton>{T.saveNotes}</SubmitButton>
    </Form>
  );
}
