import { DEFAULT_SWITCHES, SWITCH_NAMES } from '@rostra/core/allocation/scenario';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type MaybeRechecked, RecheckedNotice, useRechecked } from '../../ui/rechecked-notice.tsx';
import { Loaded, SectionForm, SelectField, Toggle } from './form-parts.tsx';
import { type AllocationDoc, allocationQuery, send, useDraft } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

/**
 * The allocation switches of the allocation contract, shown as "check runs" (a switch is true
 * when its check is skipped), and the day the week starts on.
 */
export function AllocationSection() {
  const doc = useQuery(allocationQuery);
  return <Loaded query={doc}>{(d) => <AllocationForm doc={d} />}</Loaded>;
}

function AllocationForm({ doc }: { doc: AllocationDoc }) {
  const queryClient = useQueryClient();
  const { draft, setDraft, isDirty, reset, withVersion } = useDraft(
    doc,
    (d) => ({ week_start_day: d.week_start_day, switches: d.switches }),
    (d) => d.version,
  );
  const value = draft ?? { week_start_day: 0, switches: { ...DEFAULT_SWITCHES } };
  // The organisation's bookings the new switches put in or took out of conflict (issue 16 point 2).
  const rechecked = useRechecked();

  const save = async () => {
    rechecked.take(
      await withVersion((version) =>
        send<MaybeRechecked>('PUT', '/allocation-settings', { ...value, version }),
      ),
    );
    reset();
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
  };

  return (
    <SectionForm
      title={T.allocation}
      intro={T.allocationIntro}
      isDirty={isDirty}
      onSave={save}
      onCancel={reset}
      notice={<RecheckedNotice {...rechecked.props} className="" />}
    >
      {(errors) => (
        <>
          <SelectField
            className="max-w-xs"
            label={T.weekStartDay}
            value={String(value.week_start_day)}
            error={errors.week_start_day}
            onChange={(v) => setDraft({ ...value, week_start_day: Number(v) })}
            options={T.weekdays.map((day, i) => ({ value: String(i), label: day }))}
          />
          <fieldset className="grid gap-x-6 md:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-neutral-800">{T.checkRuns}</legend>
            {SWITCH_NAMES.map((name) => (
              <div key={name}>
                <Toggle
                  label={T.switchLabel[name] ?? name}
                  checked={!(value.switches[name] ?? DEFAULT_SWITCHES[name])}
                  note={T.defaultValue(!DEFAULT_SWITCHES[name])}
                  onChange={(runs) => setDraft({ ...value, switches: { ...value.switches, [name]: !runs } })}
                />
                {errors[`switches.${name}`] ? (
                  <p className="text-sm text-red-700">{errors[`switches.${name}`]}</p>
                ) : null}
              </div>
            ))}
          </fieldset>
        </>
      )}
    </SectionForm>
  );
}
