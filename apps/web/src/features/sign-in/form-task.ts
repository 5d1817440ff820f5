import { useState } from 'react';
import { useBusy } from '../../lib/busy.ts';
import { type FormFailure, toFormFailure } from './errors.ts';

/**
 * A form's one running call and what went wrong with it: `attempt(task)` runs the task (one at a
 * time, busy state and spinner from useBusy) and turns its failure into `failure`, unless
 * `onFailure` takes it (returns true). `fail` sets a failure found before calling (a field check).
 */
export function useFormTask(initial?: FormFailure) {
  const { isBusy, showsSpinner, run } = useBusy();
  const [failure, fail] = useState<FormFailure | undefined>(initial);
  const attempt = (task: () => Promise<void>, onFailure?: (failure: FormFailure) => boolean) =>
    void run(async () => {
      fail(undefined);
      try {
        await task();
      } catch (error) {
        const found = toFormFailure(error);
        if (!onFailure?.(found)) fail(found);
      }
    });
  return { isBusy, showsSpinner, run, failure, fail, attempt };
}
