import { DEFAULT_SWITCHES, RULE_SWITCH_NAMES, SWITCH_NAMES } from '@rostra/core/allocation/scenario';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ME_KEY } from '../../lib/session.ts';
import { Fieldset } from '../../ui/fieldset.tsx';
import { FormSelect } from '../../ui/form.tsx';
import { type MaybeRechecked, RecheckedNotice, useRechecked } from '../../ui/rechecked-notice.tsx';
import { FormToggle, Loaded, SectionForm, useSectionForm } from './form-parts.tsx';
import { OptimiseField, optimiseShape, optimiseValues } from './optimise-field.tsx';
import { RulesFields, rulesShape, rulesValues } from './rules-fields.tsx';
import { type AllocationDoc, allocationQuery, send } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

/** The week's first day (the select's text) and each switch (true = that check is skipped). */
const schema = z.object({
  week_start_day: z.string().transform(Number),
  switches: z.record(z.string(), z.boolean()),
  ...rulesShape,
  ...optimiseShape,
});

const RULES: readonly string[] = RULE_SWITCH_NAMES;
/** The contract's switches; the rules' are in `RulesFields`. */
const CONTRACT_SWITCHES = SWITCH_NAMES.filter((name) => !RULES.includes(name));

const valuesOf = (d: AllocationDoc) => ({
  week_start_day: String(d.week_start_day),
  switches: { ...DEFAULT_SWITCHES, ...d.switches },
  ...rulesValues(d),
  ...optimiseValues(d),
});

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
  const { form, withVersion, cancel } = useSectionForm(schema, doc, valuesOf, (d) => d.version);
  // The organisation's bookings the new switches put in or took out of conflict (issue 16 point 2).
  const rechecked = useRechecked();

  const save = async (value: z.output<typeof schema>) => {
    rechecked.take(
      await withVersion((version) =>
        send<MaybeRechecked>('PUT', '/allocation-settings', { ...value, version }),
      ),
    );
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
    // Every screen's week starts on the new day: /me carries it.
    await queryClient.invalidateQueries({ queryKey: ME_KEY });
  };

  return (
    <SectionForm
      form={form}
      title={T.allocation}
      intro={T.allocationIntro}
      onSave={save}
      onCancel={cancel}
      notice={<RecheckedNotice {...rechecked.props} className="" />}
    >
      <FormSelect
        className="max-w-xs"
        name="week_start_day"
        label={T.weekStartDay}
        options={T.weekdays.map((day, i) => [String(i), day] as const)}
      />
      <Fieldset className="grid gap-x-6 md:grid-cols-2" legend={T.checkRuns} look="heading">
        {CONTRACT_SWITCHES.map((name) => (
          <FormToggle
            key={name}
            name={`switches.${name}`}
            invert
            label={T.switchLabel[name] ?? name}
            note={T.defaultValue(!DEFAULT_SWITCHES[name])}
          />
        ))}
      </Fieldset>
      <RulesFields />
      <OptimiseField />
    </SectionForm>
  );
}
