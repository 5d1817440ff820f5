import { z } from 'zod';
import { labelSchema } from '../records/label.ts';
import { FLAG, ID, queryBoolean, stamps, TEXT, updateBodyOf } from './common.ts';

/*
 * The labels API (spec §3): the catalogue's labels (groups, services, certificates, labels and
 * the kinds the seed data also has). The server validates with these, the web types its lists
 * and checks its forms with them.
 */

/** Label kinds: the spec's four and the ones its data also shows. */
export const LABEL_TYPES = [
  'group',
  'service',
  'certificate',
  'label',
  'site',
  'taskstatus',
  'option_1',
  'eventstate',
  'announcement',
  'category',
] as const;

export const labelFields = {
  _id: ID.optional(),
  name: TEXT,
  type: z.enum(LABEL_TYPES).optional(),
  unit_price: z.number().min(0).max(1e9).nullish(),
  lbl_not_riyo_id: TEXT.nullish(),
  inactive: FLAG.optional(),
};
export const createLabelBody = z.strictObject(labelFields);
export type CreateLabelBody = z.input<typeof createLabelBody>;
export const updateLabelBody = updateBodyOf(labelFields);
export type UpdateLabelBody = z.input<typeof updateLabelBody>;

/** `GET /labels?type&inactive`: one kind, active or not. */
export const labelFilters = {
  type: z.enum(LABEL_TYPES).optional(),
  inactive: queryBoolean.optional(),
};

/** A label as the API answers it: always named and typed (imported labels may carry other fields). */
export const labelRecord = labelSchema.extend({ name: z.string(), type: z.string(), ...stamps });
export type LabelRecord = z.infer<typeof labelRecord>;
