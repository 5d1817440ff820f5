import type { RosterPublishingBody } from '@rostra/core/notifications/api';
import { PUBLISH_TEXT as P } from '@rostra/core/notifications/publish';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { rosterPublishingQuery } from '../timeline/publish-api.ts';
import { FormToggle, Loaded, SectionForm, useSectionForm } from './form-parts.tsx';
import { send } from './settings-api.ts';

const schema = z.object({ publish: z.boolean() });
const valuesOf = (d: RosterPublishingBody) => ({ publish: d.publish });
/** The switch is one boolean, saved whole: no version to compare. */
const noVersion = () => 0;

/**
 * Publishing rosters (issue #19 point 4), off by default: on, a dispatcher's roster changes are
 * drafts until a dispatcher publishes the period from the timeline.
 */
export function PublishingSection() {
  const doc = useQuery(rosterPublishingQuery);
  return <Loaded query={doc}>{(d) => <PublishingForm doc={d} />}</Loaded>;
}

function PublishingForm({ doc }: { doc: RosterPublishingBody }) {
  const queryClient = useQueryClient();
  const { form, cancel } = useSectionForm(schema, doc, valuesOf, noVersion);
  const save = async (values: z.output<typeof schema>) => {
    await send('PUT', '/settings/roster-publishing', values);
    await queryClient.invalidateQueries({ queryKey: rosterPublishingQuery.queryKey });
  };
  return (
    <SectionForm form={form} title={P.section} intro={P.intro} onSave={save} onCancel={cancel}>
      <FormToggle name="publish" label={P.setting} note={P.settingNote} />
    </SectionForm>
  );
}
