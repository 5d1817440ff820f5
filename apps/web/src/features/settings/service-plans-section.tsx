import type { CursorPage } from '@rostra/core/api/common';
import { SERVICE_PLAN_UPDATE_TYPES, type ServicePlanRecord } from '@rostra/core/api/service-plans';
import { fromYmd, toYmd } from '@rostra/core/time/calendar';
import { formatDateInput } from '@rostra/core/time/date-input';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { api } from '../../lib/client.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { errorText } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { actionsColumn, columnsFor, DataTable } from '../../ui/data-table.tsx';
import { FormDateField, useDateFormat } from '../../ui/date-picker.tsx';
import { FormInput, FormSelect } from '../../ui/form.tsx';
import { FormModal } from '../../ui/form-modal.tsx';
import {
  type MaybeRechecked,
  RecheckedNotice,
  type TakeRechecked,
  useRechecked,
} from '../../ui/rechecked-notice.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { SettingsSection } from './form-parts.tsx';
import { PLANS_TEXT as P } from './plans-labels-text.ts';
import { send } from './settings-api.ts';

/*
 * Service plans (scheduling spec §3: VisitStemID, VisitStemUpdated, UpdateType, EndDate): list,
 * add, edit and delete through the existing `/service-plans` routes (dispatchers only). EndDate is
 * the organisation's wall-clock day as seconds (the spec's representation), entered and shown in
 * its date format.
 */

type Plan = ServicePlanRecord & { version: number };

const plansQuery = queryOptions({
  queryKey: ['admin-settings', 'service-plans'],
  queryFn: async () =>
    (await api.get<CursorPage<Plan>>('/service-plans', { query: { limit: 250 }, quiet: true })).items,
});

const path = (id: string) => `/service-plans/${encodeURIComponent(id)}`;

export function ServicePlansSection() {
  const plans = useQuery(plansQuery);
  const queryClient = useQueryClient();
  const format = useDateFormat();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  // The bookings a change put in or took out of conflict (a plan made inactive or ended).
  const rechecked = useRechecked();
  const refresh = () => queryClient.invalidateQueries({ queryKey: plansQuery.queryKey });
  const day = (sec: number | null | undefined) =>
    sec == null ? P.none : formatDateInput(toYmd(sec), format);

  const remove = async (plan: Plan) => {
    if (!(await askConfirm(P.confirmDeletePlan(plan.VisitStemID)))) return;
    try {
      await api.request(path(plan.VisitStemID), {
        method: 'DELETE',
        headers: { 'If-Match': String(plan.version) },
        quiet: true,
        retry: false,
      });
      notify.success(P.planDeleted);
    } catch (e) {
      notify.error(errorText(e));
    }
    await refresh();
  };

  const col = columnsFor<Plan>();
  const columns = [
    col.accessor('VisitStemID', { header: P.visitStemId, meta: { className: 'font-medium', field: 'id' } }),
    col.accessor((p) => p.UpdateType ?? '', {
      id: 'type',
      header: P.updateType,
      meta: { field: 'type' },
      cell: (c) => c.getValue() || P.noUpdateType,
    }),
    col.accessor((p) => p.EndDate ?? null, {
      id: 'end',
      header: P.endDate,
      meta: { className: 'tabular-nums', field: 'end' },
      cell: (c) => day(c.getValue()),
    }),
    actionsColumn(col, {
      label: P.actions,
      className: 'w-24 text-right',
      actions: (p) => [
        { label: P.editPlanOf(p.VisitStemID), Icon: Pencil, onClick: () => setEditing(p) },
        { label: P.deletePlanOf(p.VisitStemID), Icon: Trash2, onClick: () => void remove(p) },
      ],
    }),
  ];

  return (
    <SettingsSection
      title={P.servicePlans}
      intro={P.plansIntro}
      action={
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden className="size-4" />
          {P.addPlan}
        </Button>
      }
    >
      <RecheckedNotice {...rechecked.props} className="mb-3" />
      <DataTable
        label={P.plansTable}
        columns={columns}
        data={plans.data ?? []}
        getRowId={(p) => p.VisitStemID}
        rowProps={(p) => ({ 'data-plan': p.VisitStemID })}
        sorting={{ initial: [{ id: 'VisitStemID', desc: false }] }}
        state={{
          isPending: plans.isPending,
          error: plans.error,
          onRetry: () => void plans.refetch(),
          failedTitle: P.plansFailed,
          emptyTitle: P.noPlans,
          emptyHint: P.noPlansHint,
        }}
      />
      {editing ? (
        <PlanForm
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
          take={rechecked.take}
        />
      ) : null}
    </SettingsSection>
  );
}

/** The form: the id (fixed once saved), the update type and, for an ended plan, its end date. */
const planForm = z
  .object({
    VisitStemID: z.string().trim().min(1, P.idRequired).max(100),
    UpdateType: z.enum(['', ...SERVICE_PLAN_UPDATE_TYPES]),
    EndDate: z.string(),
  })
  .refine((v) => v.UpdateType !== 'Ended' || v.EndDate !== '', {
    message: P.endDateRequired,
    path: ['EndDate'],
  });
type PlanValues = z.input<typeof planForm>;

function PlanForm({
  plan,
  onClose,
  onSaved,
  take,
}: {
  plan: Plan | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
  take: TakeRechecked;
}) {
  const form = useZodForm(planForm, {
    defaultValues: {
      VisitStemID: plan?.VisitStemID ?? '',
      UpdateType: SERVICE_PLAN_UPDATE_TYPES.find((t) => t === plan?.UpdateType) ?? '',
      EndDate: plan?.EndDate == null ? '' : toYmd(plan.EndDate),
    },
  });
  const save = async (v: z.output<typeof planForm>) => {
    const fields = {
      UpdateType: v.UpdateType === '' ? null : v.UpdateType,
      EndDate: v.EndDate === '' ? null : fromYmd(v.EndDate),
    };
    const answer = plan
      ? await send<MaybeRechecked>('PATCH', path(plan.VisitStemID), { ...fields, version: plan.version })
      : await send<MaybeRechecked>('POST', '/service-plans', { VisitStemID: v.VisitStemID, ...fields });
    take(answer ?? {});
    notify.success(P.planSaved);
    await onSaved();
    onClose();
  };
  const types: [string, string][] = [
    ['', P.noUpdateType],
    ['Inactive', P.inactive],
    ['Ended', P.ended],
  ];
  return (
    <FormModal
      title={plan ? P.editPlan : P.addPlan}
      onClose={onClose}
      form={form}
      onSubmit={save}
      quick
      submitText={plan ? P.save : P.add}
      submittingText={P.saving}
      testId="service-plan-form"
    >
      <FormInput<PlanValues>
        name="VisitStemID"
        label={P.visitStemId}
        maxLength={100}
        readOnly={plan !== null}
      />
      <FormSelect<PlanValues> name="UpdateType" label={P.updateType} options={types} />
      <FormDateField<PlanValues> name="EndDate" label={P.endDate} />
    </FormModal>
  );
}
