import type { CursorPage } from '@rostra/core/api/common';
import { createQuickViewBody, type QuickViewRecord } from '@rostra/core/api/quick-views';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bookmark, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '../../lib/client.ts';
import { BESIDE_CONTROL } from '../../ui/control-field.tsx';
import { Form, FormInput, SubmitButton } from '../../ui/form.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../ui/popover.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { errorText } from './api.ts';
import { TL } from './texts.ts';
import type { Arranging } from './use-arrangement.ts';

const viewsKey = ['timeline', 'quick-views'] as const;

/** The save form: the view's name, as core's create body checks it. */
const saveForm = createQuickViewBody.pick({ name: true });
type SaveValues = z.input<typeof saveForm>;

/**
 * Quick views (spec `quicviews`, issue 18 point 3): the dispatcher's own saved arrangements of the
 * rows. Save the current one (its query keys) under a name, apply one, delete one. Stored per user
 * by the server (`/quick-views` answers the caller's own only).
 */
export function QuickViews(props: { arranging: Arranging }) {
  const client = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const form = useZodForm(saveForm, { defaultValues: { name: '' } });
  const name = useWatch({ control: form.control, name: 'name' }) ?? '';
  const views = useQuery({
    queryKey: viewsKey,
    queryFn: () =>
      api.get<CursorPage<QuickViewRecord>>('/quick-views', { query: { limit: 100 }, quiet: true }),
    enabled: isOpen,
  });
  const refresh = () => client.invalidateQueries({ queryKey: viewsKey });
  const save = useMutation({
    mutationFn: (named: string) =>
      api.post<QuickViewRecord>(
        '/quick-views',
        { name: named, filters: props.arranging.saved },
        { quiet: true },
      ),
    onSuccess: () => {
      form.reset({ name: '' });
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (view: QuickViewRecord) =>
      api.request(`/quick-views/${encodeURIComponent(view._id)}`, {
        method: 'DELETE',
        headers: { 'if-match': String(view.version ?? 0) },
        quiet: true,
      }),
    onSuccess: async () => {
      await refresh();
      // The deleted view's button is gone: focus stays in the panel, on the name field.
      form.setFocus('name');
    },
  });
  const onSave = ({ name: named }: SaveValues) => {
    if (named.trim() !== '') save.mutate(named.trim());
  };
  const list = [...(views.data?.items ?? [])].sort((x, y) => x.name.localeCompare(y.name));
  const failed = save.error ?? remove.error ?? views.error;
  return (
    <Popover open={isOpen} onOpenChange={setOpen}>
      <PopoverTrigger className="flex min-h-11 items-center gap-1.5 rounded-md border border-neutral-300 px-3 text-sm text-neutral-700 hover:bg-neutral-100 sm:min-h-9">
        <Bookmark aria-hidden className="size-4" />
        {TL.quickViews}
      </PopoverTrigger>
      <PopoverContent className="w-72" aria-label={TL.quickViews}>
        <Form
          form={form}
          onSubmit={onSave}
          guard={false}
          showMessage={false}
          className="flex items-start gap-2"
        >
          <FormInput<SaveValues> name="name" label={TL.viewName} maxLength={200} className="min-w-0 flex-1" />
          <SubmitButton className={BESIDE_CONTROL} disabled={name.trim() === '' || save.isPending}>
            {TL.saveView}
          </SubmitButton>
        </Form>
        {failed ? (
          <p role="alert" className="mt-2 text-xs text-red-700">
            {errorText(failed)}
          </p>
        ) : null}
        <ul className="mt-3 flex flex-col gap-1" aria-label={TL.savedViews}>
          {views.isPending ? <li className="text-xs text-neutral-500">{TL.loadingViews}</li> : null}
          {views.isSuccess && list.length === 0 ? (
            <li className="text-xs text-neutral-500">{TL.noViews}</li>
          ) : null}
          {list.map((view) => (
            <li key={view._id} className="flex items-center gap-1">
              <button
                type="button"
                onClick={() => {
                  props.arranging.apply((view.filters ?? {}) as Record<string, unknown>);
                  setOpen(false);
                }}
                className="min-h-11 min-w-0 flex-1 truncate rounded-md px-2 text-left text-sm hover:bg-neutral-100 sm:min-h-8"
              >
                {view.name}
              </button>
              <button
                type="button"
                aria-label={TL.deleteView(view.name)}
                disabled={remove.isPending}
                onClick={() => remove.mutate(view)}
                className="flex size-11 items-center justify-center rounded-md text-neutral-500 hover:bg-red-50 hover:text-red-700 sm:size-8"
              >
                <Trash2 aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
