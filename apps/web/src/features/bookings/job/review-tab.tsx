import { canWriteReview } from '@rostra/core/records/job-status';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormMessage } from '../../../ui/field.tsx';
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

  if (review.isPending) return <div className="h-24 animate-pulse rounded bg-neutral-100" aria-busy="true" />;
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

function ReviewForm({
  jobId,
  rating: initialRating,
  comment: initialComment,
}: {
  jobId: string;
  rating: number;
  comment: string;
}) {
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(initialRating);
  const [comment, setComment] = useState(initialComment);
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  useEffect(() => {
    setRating(initialRating);
    setComment(initialComment);
  }, [initialRating, initialComment]);
  const save = useMutation({
    mutationFn: () => putReview(jobId, rating, comment.trim()),
    onSuccess: () => {
      notify.success(T.reviewSaved);
      void queryClient.invalidateQueries({ queryKey: reviewQuery(jobId).queryKey });
    },
    onError: (e) => setError(e.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) return setError(T.ratingRequired);
    setError(undefined);
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <fieldset>
        <legend className="text-sm font-medium text-neutral-700">{T.rating}</legend>
        <div className="mt-1 flex gap-1">
          {STARS.map((s) => (
            <label key={s} className="cursor-pointer">
              <input
                type="radio"
                name={`${id}-rating`}
                value={s}
                checked={rating === s}
                onChange={() => setRating(s)}
                className="peer sr-only"
              />
              <span className="inline-flex size-11 items-center justify-center rounded-md peer-focus-visible:ring-2 peer-focus-visible:ring-sky-600">
                <Star
                  aria-hidden
                  className={`size-7 ${s <= rating ? 'fill-amber-400 text-amber-500' : 'text-neutral-300'}`}
                />
                <span className="sr-only">{T.stars(s)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-comment`} className="block text-sm font-medium text-neutral-700">
          {T.comment}
        </label>
        <textarea
          id={`${id}-comment`}
          value={comment}
          maxLength={2000}
          rows={4}
          onChange={(e) => setComment(e.target.value)}
          className="mt-1 block w-full rounded-md border border-neutral-300 px-3 py-2 text-base sm:text-sm"
        />
      </div>
      <FormMessage message={error} />
      <Button type="submit" disabled={save.isPending}>
        {T.saveReview}
      </Button>
    </form>
  );
}

/** The dispatcher's notes at reviewed (issue 9 point 4), kept with the review. */
export function NotesTab({ booking }: { booking: Booking }) {
  const queryClient = useQueryClient();
  useJobLifeLive(booking._id);
  const { review, data, isNone } = useReview(booking._id);
  const stored = data?.notes ?? '';
  const [notes, setNotes] = useState(stored);
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  useEffect(() => setNotes(stored), [stored]);
  const save = useMutation({
    mutationFn: () => putNotes(booking._id, notes),
    onSuccess: () => {
      notify.success(T.notesSaved);
      void queryClient.invalidateQueries({ queryKey: reviewQuery(booking._id).queryKey });
    },
    onError: (e) => setError(e.message),
  });
  if (review.isPending) return <div className="h-24 animate-pulse rounded bg-neutral-100" aria-busy="true" />;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        save.mutate();
      }}
      className="space-y-3"
    >
      <label htmlFor={`${id}-notes`} className="block text-sm font-semibold text-neutral-900">
        {T.notes}
      </label>
      <textarea
        id={`${id}-notes`}
        value={notes}
        rows={6}
        maxLength={4000}
        onChange={(e) => setNotes(e.target.value)}
        className="block w-full rounded-md border border-neutral-300 px-3 py-2 text-base sm:text-sm"
      />
      {review.isError && !isNone ? <FormMessage message={review.error.message} /> : null}
      <FormMessage message={error} />
      <Button type="submit" disabled={save.isPending}>
        {T.saveNotes}
      </Button>
    </form>
  );
}
