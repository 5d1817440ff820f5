import type { orgDocuments } from '../schema/documents.ts';
import type { GeneratedOrg, OrgPlan } from './generate.ts';

/*
 * Demo documents of the operations screens (issue #8): a few form templates, equipments and pods
 * with barcode codes, some pods booked and loaded on the demo's upcoming jobs. Pure: rows only.
 */

type DocumentRow = typeof orgDocuments.$inferInsert;

/** Menu entries of the operations screens turned on in the demo organisations. */
export const OPERATIONS_MENU = { vehroutes: true, forms: true, equipments: true, pods: true } as const;

const VISIT_FORM = {
  name: 'Visit checklist',
  description: 'Filled by the carer at the end of each visit.',
  fields: [
    { key: 'arrived_on_time', label: 'Arrived on time', type: 'checkbox' },
    {
      key: 'client_wellbeing',
      label: 'Client wellbeing',
      type: 'select',
      options: ['Good', 'Fair', 'Poor'],
      required: true,
    },
    { key: 'medication_given', label: 'Medication given', type: 'checkbox' },
    { key: 'kilometres', label: 'Kilometres travelled', type: 'number' },
    { key: 'notes', label: 'Notes', type: 'text' },
    { key: 'signature', label: 'Carer signature', type: 'signature', required: true },
  ],
};

const INCIDENT_FORM = {
  name: 'Incident report',
  description: 'Anything that went wrong on a job.',
  fields: [
    { key: 'incident_date', label: 'Date of the incident', type: 'date', required: true },
    {
      key: 'severity',
      label: 'Severity',
      type: 'select',
      options: ['Low', 'Medium', 'High'],
      required: true,
    },
    { key: 'what_happened', label: 'What happened', type: 'text', required: true },
    { key: 'reported_by', label: 'Reported by (signature)', type: 'signature', required: true },
  ],
};

const MOVE_FORM = {
  name: 'Pre-move inspection',
  description: 'Condition of the goods before loading.',
  fields: [
    { key: 'items_counted', label: 'Items counted', type: 'number', required: true },
    { key: 'damage_found', label: 'Existing damage found', type: 'checkbox' },
    {
      key: 'access',
      label: 'Access',
      type: 'select',
      options: ['Ground floor', 'Stairs', 'Lift'],
      required: true,
    },
    { key: 'customer_signature', label: 'Customer signature', type: 'signature', required: true },
  ],
};

const CARE_EQUIPMENT = [
  ['Patient hoist', 'EQ-HC-001'],
  ['Shower chair', 'EQ-HC-002'],
  ['Wheelchair (folding)', 'EQ-HC-003'],
  ['Blood pressure monitor', 'EQ-HC-004'],
  ['Slide sheet set', 'EQ-HC-005'],
] as const;

const MOVING_EQUIPMENT = [
  ['Furniture trolley', 'EQ-MM-001'],
  ['Stair climber dolly', 'EQ-MM-002'],
  ['Ratchet straps (10)', 'EQ-MM-003'],
  ['Moving blankets (20)', 'EQ-MM-004'],
  ['Piano board', 'EQ-MM-005'],
] as const;

export function operationsDocuments(plan: OrgPlan, data: GeneratedOrg, now: number): DocumentRow[] {
  const orgId = plan.id;
  const rows: DocumentRow[] = [];
  const forms = plan.kind === 'care' ? [VISIT_FORM, INCIDENT_FORM] : [MOVE_FORM, INCIDENT_FORM];
  for (const [i, f] of forms.entries())
    rows.push({
      orgId,
      id: `form-${i + 1}`,
      kind: 'form',
      name: f.name,
      data: { description: f.description, fields: f.fields },
    });
  const equipment = plan.kind === 'care' ? CARE_EQUIPMENT : MOVING_EQUIPMENT;
  for (const [i, [name, code]] of equipment.entries())
    rows.push({
      orgId,
      id: `equipment-${i + 1}`,
      kind: 'equipment',
      name,
      code,
      status: i === 3 ? 'maintenance' : 'available',
      data: {},
    });
  // Pods: containers (the moving organisation's storage pods, the care organisation's supply
  // pods); the first few booked and loaded on upcoming jobs.
  {
    const upcoming = data.records
      .filter((r) => (r.key ?? 'booking') === 'booking' && r.beginAt >= now && r.status !== 'cancelled')
      .sort((a, b) => a.beginAt - b.beginAt)
      .slice(0, plan.kind === 'moving' ? 3 : 2);
    const count = plan.kind === 'moving' ? 8 : 4;
    for (let i = 0; i < count; i++) {
      const job = upcoming[i];
      rows.push({
        orgId,
        id: `pod-${i + 1}`,
        kind: 'pod',
        name: `${plan.kind === 'moving' ? 'Pod' : 'Supply pod'} ${String(i + 1).padStart(2, '0')}`,
        code: `POD-${plan.kind === 'moving' ? 'MM' : 'HC'}-${String(1001 + i)}`,
        status: job ? (i === 0 ? 'loaded' : 'booked') : 'available',
        jobId: job ? (job.id as string) : null,
        data: {},
      });
    }
  }
  return rows;
}
