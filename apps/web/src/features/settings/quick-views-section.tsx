import type { CursorPage } from '@rostra/core/api/common';
import type { QuickViewRecord } from '@rostra/core/api/quick-views';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { api } from '../../lib/client.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { errorText } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { actionsColumn, columnsFor, DataTable } from '../../ui/data-table.tsx';
import { FormInput } from '../../ui/form.tsx';
import { FormModal } from '../../ui/form-modal.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { ARRANGE_KEYS } from '../timeline/use-arrangement.ts';
import { SettingsSection } from './form-parts.tsx';
import { PLANS_TEXT as P } from './plans-labels-text.ts';
import { send } from './settings-api.ts';

/*
 * Quick views (scheduling spec §3 `quicviews`): the dispatcher's own saved timeline arrangements,
 * which the timeline saves through `/quick-views` (answers the caller's own only). Here: list them,
 * rename, delete, and open one (the timeline with the view's arrangement in its address).
 */

type View = QuickViewRecord & { version: number };

const viewsQuery = queryOptions({
  queryKey: ['admin-settings', 'quick-views'],
  queryFn: async () =>
    (await api.get<CursorPage<View>>('/quick-views', { query: { limit: 100 }, quiet: true })).items,
});

const path = (id: string) => `/quick-views/${encodeURIComponent(id)}`;

/** The view's arrangement as the timeline's search keys (other saved keys are not the timeline's). */
function arrangementOf(view: View): Record<string, string> {
  const filters = (view.filters ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    ARRANGE_KEYS.flatMap((k) => (typeof filters[k] === 'string' && filters[k] ? [[k, filters[k]]] : [])),
  );
}

export function QuickViewsSection() {
  const views = useQuery(viewsQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState<View | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: viewsQuery.queryKey });

  const remove = async (view: View) => {
    if (!(await askConfirm(P.confirmDeleteView(view.name)))) return;
    try {
      await api.request(path(view._id), {
        method: 'DELETE',
        headers: { 'If-Match': String(view.version) },
        quiet: true,
        retry: false,
      });
      notify.success(P.viewDeleted);
    } catch (e) {
      notify.error(errorText(e));
    }
    await refresh();
  };
  const open = (view: View) => void navigate({ to: '/week2timelinev2', search: arrangementOf(view) });

  const col = columnsFor<View>();
  const columns = [
    col.accessor('name', {
      header: P.viewName,
      meta: { className: 'font-medium', field: 'name' },
      cell: ({ row: { original: v } }) => (
        <button
          type="button"
          className="text-left text-sky-800 underline-offset-2 hover:underline"
          onClick={() => open(v)}
          aria-label={P.openView(v.name)}
        >
          {v.name}
        </button>
      ),
    }),
    col.display({
      id: 'filters',
      header: P.viewFilters,
      meta: { className: 'text-neutral-600', field: 'filters' },
      cell: ({ row: { original: v } }) =>
        Object.entries(arrangementOf(v))
          .map(([k, value]) => `${k}: ${value}`)
          .join(', ') || P.noFilters,
    }),
    actionsColumn(col, {
      label: P.actions,
      className: 'w-32 text-right',
      actions: (v) => [
        { label: P.openView(v.name), Icon: ExternalLink, onClick: () => open(v) },
        { label: P.renameViewOf(v.name), Icon: Pencil, onClick: () => setRenaming(v) },
        { label: P.deleteViewOf(v.name), Icon: Trash2, onClick: () => void remove(v) },
      ],
    }),
  ];

  return (
    <SettingsSection title={P.quickViews} intro={P.viewsIntro}>
      <DataTable
        label={P.viewsTable}
        columns={columns}
        data={views.data ?? []}
        getRowId={(v) => v._id}
        rowProps={(v) => ({ 'data-view': v.name })}
        sorting={{ initial: [{ id: 'name', desc: false }] }}
        state={{
          isPending: views.isPending,
          error: views.error,
          onRetry: () => void views.refetch(),
          failedTitle: P.viewsFailed,
          emptyTitle: P.noViews,
          emptyHint: P.noViewsHint,
        }}
      />
      {renaming ? <RenameForm view={renaming} onClose={() => setRenaming(null)} onSaved={refresh} /> : null}
    </SettingsSection>
  );
}

const renameForm = z.object({ name: z.string().trim().min(1, P.nameRequired).max(200) });

function RenameForm({
  view,
  onClose,
  onSaved,
}: {
  view: View;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const form = useZodForm(renameForm, { defaultValues: { name: view.name } });
  const save = async ({ name }: z.output<typeof renameForm>) => {
    await send('PATCH', path(view._id), { name, version: view.version });
    notify.success(P.viewRenamed);
    await onSaved();
    onClose();
  };
  return (
    <FormModal
      title={P.renameView}
      onClose={onClose}
      form={form}
      onSubmit={save}
      quick
      testId="quick-view-form"
    >
      <FormInput<z.input<typeof renameForm>> name="name" label={P.viewName} maxLength={200} />
    </FormModal>
  );
}
