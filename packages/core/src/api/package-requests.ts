import { z } from 'zod';
import { FORM_TEXT } from '../shell/messages.ts';
import { numberedPageOf, numberedQuery } from './common.ts';

/*
 * Customer package requests (shell spec §5, issue #22 point 14): a customer sends the
 * organisation a service package request — a type chosen from its service labels and a note;
 * without a type: 'Please select a type before sending a package'. Dispatchers list them and mark
 * them handled. The server validates and answers with these, the web types its form with them.
 */

/** `POST /package-requests`: the type is a service label's id. */
export const packageRequestBody = z.strictObject({
  type: z
    .string({ error: FORM_TEXT.packageTypeRequired })
    .trim()
    .min(1, FORM_TEXT.packageTypeRequired)
    .max(100)
    .describe("a service label's id"),
  note: z.string().trim().max(2000).optional(),
});
export type PackageRequestBody = z.input<typeof packageRequestBody>;

/** A package type a customer may choose: an active service label. */
export const packageType = z.object({ _id: z.string(), name: z.string() });
export type PackageType = z.infer<typeof packageType>;

/** `GET /package-requests/types`: the organisation's active service labels, by name. */
export const packageTypes = z.object({ items: z.array(packageType) });
export type PackageTypes = z.infer<typeof packageTypes>;

/** A package request as the API answers it. */
export const packageRequestRecord = z.object({
  _id: z.string(),
  /** The service label's id. */
  type: z.string(),
  /** The service label's name when it was sent. */
  type_name: z.string(),
  note: z.string(),
  customer_id: z.string().nullable(),
  /** Who sent it: their customer record's name, else their user name. */
  sender_name: z.string(),
  created_by: z.string(),
  /** Epoch milliseconds. */
  created_at: z.number(),
  /** Epoch milliseconds; null while open. */
  handled_at: z.number().nullable(),
  handled_by: z.string().nullable(),
});
export type PackageRequest = z.infer<typeof packageRequestRecord>;

/**
 * `GET /package-requests`: numbered pages, newest first. Dispatchers see every request
 * (`open`: only those not yet handled); a customer sees their own.
 */
export const packageRequestListQuery = z.strictObject({
  ...numberedQuery,
  open: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: only requests not yet handled; false: only handled ones'),
});
export const packageRequestPage = numberedPageOf(packageRequestRecord);
export type PackageRequestPage = z.infer<typeof packageRequestPage>;
