import { promoteBody } from '@rostra/core/api/job-life';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import type { z } from 'zod';
import { notify } from '../../../lib/toast.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { FormMessage } from '../../../ui/field.tsx';
import { Fieldset } from '../../../ui/fieldset.tsx';
import { Form } from '../../../ui/form.tsx';
import { ModalActions } from '../../../ui/modal-actions.tsx';
import { useZodForm } from '../../../ui/zod-form.ts';
import { demoteResource, promoteResource } from '../../job-life/api.ts';
import { BOOKINGS_KEY, type NamedRecord } from '../api.ts';
import { JOB_TEXT as T } from './texts.ts';

/**
 * Promote a resource to promoted dispatcher, whose views are restricted to the labels chosen, or
 * demote them back (shell spec §4; issue 9 point 7). A dispatcher's dialog, usable wherever
 * resources are listed: give it the resource and the organisation's labels.
 */
export function PromoteDialog({
  resource,
  labels,
  isPromoted,
  onClose,
  onDone,
}: {
  resource: { _id: string; name: string };
  labels: readonly NamedRecord[];
  /** Already a promoted dispatcher: the dialog offers the demotion. */
  isPromoted: boolean;
  onClose: () => void;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  const formId = useId();
  const form = useZodForm(promoteBody, { defaultValues: { labels: [] } });
  const done = (text: string) => {
    notify.success(text);
    void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['resources'] });
    onDone?.();
    onClose();
  };
  const promote = async (values: z.output<typeof promoteBody>) => {
    await promoteResource(resource._id, values.labels);
    done(T.promoted(resource.name));
  };
  const demote = useMutation({
    mutationFn: () => demoteResource(resource._id),
    onSuccess: () => done(T.demoted(resource.name)),
    onError: (e) => setError(e.message),
  });
  const isBusy = form.formState.isSubmitting || demote.isPending;

  return (
    <Modal
      title={isPromoted ? T.demote : T.promoteTitle(resource.name)}
      {...(isPromoted ? {} : { description: T.promoteHint })}
      onClose={onClose}
      testId="promote-dialog"
      footer={
        <ModalActions formId={formId} onCancel={onClose} submitLabel={T.promote} isBusy={isBusy}>
          {isPromoted ? (
            <Button variant="danger" onClick={() => demote.mutate()} disabled={isBusy}>
              {T.demote}
            </Button>
          ) : undefined}
        </ModalActions>
      }
    >
      {isPromoted ? (
        <p className="text-sm text-neutral-700">{resource.name}</p>
      ) : (
        <Form id={formId} form={form} onSubmit={promote} guard={false}>
          <LabelChoice labels={labels} />
        </Form>
      )}
      <div className="mt-3">
        <FormMessage message={error} />
      </div>
    </Modal>
  );
}

/** The labels a promoted dispatcher will see, as checkboxes. */
function LabelChoice({ labels }: { labels: readonly NamedRecord[] }) {
  const { field } = useController<z.input<typeof promoteBody>, 'labels'>({ name: 'labels' });
  const chosen = field.value;
  return (
    <Fieldset legend={T.chooseLabels}>
      {labels.length === 0 ? (
        <p className="mt-1 text-sm text-neutral-500">{T.noLabels}</p>
      ) : (
        <div className="mt-2 grid max-h-64 grid-cols-1 gap-1 overflow-y-auto sm:grid-cols-2">
          {labels.map((l) => (
            <label key={l._id} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-8">
              <input
                type="checkbox"
                checked={chosen.includes(l._id)}
                onChange={(e) =>
                  field.onChange(e.target.checked ? [...chosen, l._id] : chosen.filter((x) => x !== l._id))
                }
                className="size-4"
              />
              {l.name ?? l._id}
            </label>
          ))}
        </div>
      )}
    </Fieldset>
  );
}
