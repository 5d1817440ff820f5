import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { orgDocuments } from '../schema/documents.ts';
import { orgSettings } from '../schema/organisations.ts';

/*
 * The "mandatory form on state change" flag (shell spec §3 feature flags; issue #9 point 4): with
 * it on, a job is not finished or reviewed until a form has been filled for it (a
 * `form_submission` document of the job).
 */

/** The actions the flag guards. */
export const FORM_GUARDED_ACTIONS = ['finish', 'review'] as const;

export const FORM_REQUIRED_MESSAGE = 'Please fill in the job form before changing its status';

/** The refusal when the flag is on and the job has no filled form; undefined otherwise. */
export async function mandatoryFormRefusal(
  tx: Tx,
  orgId: string,
  jobId: string,
  action: string,
): Promise<{ code: 'form_required'; message: string } | undefined> {
  if (!(FORM_GUARDED_ACTIONS as readonly string[]).includes(action)) return undefined;
  const [display] = await tx
    .select({ value: orgSettings.value })
    .from(orgSettings)
    .where(and(eq(orgSettings.orgId, orgId), eq(orgSettings.key, 'display'), eq(orgSettings.role, '')));
  if (display?.value.mandatory_form_on_state_change !== true) return undefined;
  const [form] = await tx
    .select({ id: orgDocuments.id })
    .from(orgDocuments)
    .where(
      and(
        eq(orgDocuments.orgId, orgId),
        eq(orgDocuments.kind, 'form_submission'),
        eq(orgDocuments.jobId, jobId),
      ),
    )
    .limit(1);
  return form ? undefined : { code: 'form_required', message: FORM_REQUIRED_MESSAGE };
}
