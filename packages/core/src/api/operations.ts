import { z } from 'zod';
import { FORM_FIELD_TYPES, FORM_LIMITS } from '../forms/form-template.ts';
import { EQUIPMENT_STATUSES, POD_STATUSES } from '../stock/statuses.ts';
import { bookingPage } from './bookings.ts';
import { cursorQuery, ID, querySeconds, VERSION } from './common.ts';

/*
 * The operations API (issue #8): form templates and the forms filled for jobs, equipments and pods
 * (barcode `code`), uploads, and the maps (tile configuration, the map query). Requests are strict
 * and bounded (the robustness probe sends 1 MB strings); answers are the stored documents, with
 * the fields kept from older data passed through. The server validates and answers with these;
 * the operations screens take their types from them.
 */

export const CODE = z
  .string()
  .trim()
  .min(1, 'Enter the code')
  .max(64)
  .describe('barcode or reference number');
const NAME = z.string().trim().min(1, 'Enter a name').max(120);
const NOTES = z.string().max(2000);
const SEARCH = z.string().max(100);

/** A document's stamps: every stored document answers them. */
const documentStamps = {
  _id: z.string(),
  name: z.string(),
  created_by: z.string().optional(),
  version: z.number(),
  _qa_create_utc: z.number(),
  _qa_update_utc: z.number(),
};

/**
 * The `details` of a 409 `version_conflict` answer to a change: the record as it is now, for the
 * screen to show again (`{ error: { code, message, details: { current } } }`).
 */
export function conflictDetailsOf<T extends z.ZodType>(record: T) {
  return z.object({ current: record });
}

/** `{_id, deleted: true}`: the answer of a delete. */
export const deletedAnswer = z.object({ _id: z.string(), deleted: z.boolean() });

// --- forms ------------------------------------------------------------------------------------

const fieldShape = {
  key: z.string().min(1).max(FORM_LIMITS.keyMax),
  label: z.string().max(FORM_LIMITS.labelMax),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean().optional(),
  options: z.array(z.string().max(FORM_LIMITS.optionMax)).max(FORM_LIMITS.optionsMax).optional(),
};
export const formField = z.strictObject(fieldShape);
/** A field as answered (a template's, or the copy a submission keeps). */
const storedField = z.object(fieldShape);

export const formBody = z.strictObject({
  name: z.string().max(FORM_LIMITS.nameMax),
  description: NOTES.optional(),
  fields: z.array(formField).max(FORM_LIMITS.fieldsMax),
});
export type FormBody = z.input<typeof formBody>;
export const formUpdateBody = formBody.extend({ version: VERSION.optional() });

/** A form template as answered. */
export const formTemplateRecord = z.looseObject({
  ...documentStamps,
  description: z.string().optional(),
  fields: z.array(storedField),
});
export type FormTemplateRecord = z.infer<typeof formTemplateRecord>;
/** A refused change of a template: the template as it is now. */
export const formConflict = conflictDetailsOf(formTemplateRecord);

const answer = z.union([z.string().max(FORM_LIMITS.answerMax), z.number(), z.boolean(), z.null()]);

export const submissionBody = z.strictObject({
  form_id: ID,
  answers: z
    .record(z.string().max(FORM_LIMITS.keyMax), answer)
    .refine((a) => Object.keys(a).length <= FORM_LIMITS.fieldsMax, {
      message: `at most ${FORM_LIMITS.fieldsMax} answers`,
    }),
});

/** A form filled for a job: the template's name and fields as they were, and the answers. */
export const formSubmission = z.looseObject({
  ...documentStamps,
  form_id: z.string(),
  form_name: z.string(),
  job_id: z.string(),
  parent_id: z.string().optional(),
  status: z.string().optional(),
  fields: z.array(storedField),
  answers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  created_by_name: z.string().optional(),
});
export type FormSubmission = z.infer<typeof formSubmission>;

export const formsQuery = z.strictObject({
  ...cursorQuery,
  q: SEARCH.optional().describe('text in the name'),
});
export const submissionsQuery = z.strictObject({
  ...cursorQuery,
  form_id: ID.optional(),
  job_id: ID.optional(),
  q: SEARCH.optional().describe('text in the form name'),
});
/** A list's query as the web sends it (the server coerces the query string's numbers). */
export type SubmissionsQuery = z.infer<typeof submissionsQuery>;
export const jobFormsQuery = z.strictObject(cursorQuery);
export type FormsQuery = z.infer<typeof formsQuery>;

// --- equipments and pods ----------------------------------------------------------------------

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
/** What the equipments and pods dialog sends (a pod's fields; an equipment has no job). */
export type StockBody = z.input<typeof podBody> | z.input<typeof equipmentBody>;

/** An equipment or a pod as answered. */
export const stockRecord = z.looseObject({
  ...documentStamps,
  code: z.string(),
  status: z.string().optional(),
  notes: z.string().optional(),
  /** Pods: the job it is booked or loaded on. */
  job_id: z.string().optional(),
});
export type StockRecord = z.infer<typeof stockRecord>;
/** A refused change of an equipment or a pod: the record as it is now. */
export const stockConflict = conflictDetailsOf(stockRecord);

const stockQuery = { ...cursorQuery, q: SEARCH.optional().describe('text in the name or code') };
export const equipmentQuery = z.strictObject({
  ...stockQuery,
  code: CODE.optional().describe('exactly this code (a scanned barcode)'),
  status: z.enum(EQUIPMENT_STATUSES).optional(),
});
export const podQuery = z.strictObject({
  ...stockQuery,
  code: CODE.optional().describe('exactly this code (a scanned barcode)'),
  status: z.enum(POD_STATUSES).optional(),
  job_id: ID.optional().describe('pods booked or loaded on this job'),
});
export type StockQuery = z.infer<typeof podQuery> | z.infer<typeof equipmentQuery>;

// --- uploads ----------------------------------------------------------------------------------

export const UPLOAD_TYPES = ['image', 'pdf'] as const;

/** An uploaded file's record (its bytes: `GET /uploads/:id/content`). */
export const uploadRecord = z.object({
  _id: z.string(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number(),
  owner: z.string().nullable(),
  created_by: z.string().nullable(),
  _qa_create_utc: z.number(),
});
export type UploadRecord = z.infer<typeof uploadRecord>;

export const uploadsQuery = z.strictObject({
  ...cursorQuery,
  q: SEARCH.optional().describe('text in the file name'),
  type: z.enum(UPLOAD_TYPES).optional(),
});
export type UploadsQuery = z.infer<typeof uploadsQuery>;
export const uploadQuery = z.strictObject({ name: z.string().min(1).max(200).describe('the file name') });
export const uploadContentQuery = z.strictObject({ inline: z.enum(['true', 'false']).optional() });

// --- maps -------------------------------------------------------------------------------------

/** The map tile URL template (`{z}/{x}/{y}`), or null for a plain background. */
export const mapConfig = z.object({ tile_url: z.string().nullable(), attribution: z.string().nullable() });
export type MapConfig = z.infer<typeof mapConfig>;

export const mapJobsQuery = z.strictObject({
  from: querySeconds.describe('overlapping: end after (wall-clock s)'),
  to: querySeconds.describe('overlapping: begin before (wall-clock s)'),
  status: z.string().min(1).max(40).optional(),
  resource_id: ID.optional().describe('only jobs of this resource (resIds)'),
  page: z.coerce.number().int().min(1).max(100_000).optional().describe('1-based; default 1'),
  limit: z.coerce.number().int().min(1).max(100).optional().describe('default 20'),
});
export type MapJobsQuery = z.infer<typeof mapJobsQuery>;

/** A page of the map query: the window's jobs, soonest first, with the total and its statuses. */
export const mapJobsPage = bookingPage.extend({
  /** The statuses of the whole window (the status filter's choices). */
  statuses: z.array(z.string()),
});
export type MapJobsPage = z.infer<typeof mapJobsPage>;
