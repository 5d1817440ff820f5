import { FORM_FIELD_TYPES, FORM_LIMITS } from '@rostra/core/forms/form-template';
import { z } from 'zod';
import { ID, VERSION } from '../http/kit.ts';

/*
 * Request bodies of the operations routes (forms, equipments, pods): strict objects, every string
 * and list bounded (the robustness probe sends 1 MB strings).
 */

export const CODE = z.string().trim().min(1).max(64).describe('barcode or reference number');
const NAME = z.string().trim().min(1).max(120);
const NOTES = z.string().max(2000);

export const formField = z.strictObject({
  key: z.string().min(1).max(FORM_LIMITS.keyMax),
  label: z.string().max(FORM_LIMITS.labelMax),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean().optional(),
  options: z.array(z.string().max(FORM_LIMITS.optionMax)).max(FORM_LIMITS.optionsMax).optional(),
});

export const formBody = z.strictObject({
  name: z.string().max(FORM_LIMITS.nameMax),
  description: NOTES.optional(),
  fields: z.array(formField).max(FORM_LIMITS.fieldsMax),
});

export const formUpdateBody = formBody.extend({ version: VERSION.optional() });

const answer = z.union([z.string().max(FORM_LIMITS.answerMax), z.number(), z.boolean(), z.null()]);

export const submissionBody = z.strictObject({
  form_id: ID,
  answers: z
    .record(z.string().max(FORM_LIMITS.keyMax), answer)
    .refine((a) => Object.keys(a).length <= FORM_LIMITS.fieldsMax, {
      message: `at most ${FORM_LIMITS.fieldsMax} answers`,
    }),
});

export const EQUIPMENT_STATUSES = ['available', 'in_use', 'maintenance', 'retired'] as const;
export const POD_STATUSES = ['available', 'booked', 'loaded', 'delivered'] as const;

export const equipmentBody = z.strictObject({
  name: NAME,
  code: CODE,
  status: z.enum(EQUIPMENT_STATUSES).optional(),
  notes: NOTES.optional(),
});
export const equipmentUpdateBody = equipmentBody.partial().extend({ version: VERSION.optional() });

export const podBody = z.strictObject({
  name: NAME,
  code: CODE,
  status: z.enum(POD_STATUSES).optional(),
  job_id: ID.nullable().optional().describe('the job (booking) it is booked or loaded on'),
  notes: NOTES.optional(),
});
export const podUpdateBody = podBody.partial().extend({ version: VERSION.optional() });
