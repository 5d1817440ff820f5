import { z } from 'zod';
import {
  ID,
  IDS,
  LONG_TEXT,
  numberedPageOf,
  numberedQuery,
  searchText,
  stamps,
  TEXT,
  updateBodyOf,
} from './common.ts';

/*
 * The project tasks API (spec §6; issue 8's directory): simple records with a readers list
 * (`_uid_r`) and no actions for any role. The server validates with these, the web types and
 * checks its forms with them.
 */

export const projectTaskFields = {
  _id: ID.optional(),
  name: TEXT,
  status: z.string().max(40).nullish(),
  notes: LONG_TEXT.nullish(),
  customerId: ID.nullish(),
  _uid_r: IDS.optional().describe('user ids who may read the task (readers list)'),
};
export const createProjectTaskBody = z.strictObject(projectTaskFields);
export type CreateProjectTaskBody = z.input<typeof createProjectTaskBody>;
export const updateProjectTaskBody = updateBodyOf(projectTaskFields);

/** A project task as the API answers it (extra imported fields pass through). */
export const projectTaskRecord = z.looseObject({
  _id: z.string(),
  name: z.string(),
  status: z.string().nullish(),
  notes: z.string().nullish(),
  customerId: z.string().nullish(),
  _uid_r: z.array(z.string()).nullish(),
  ...stamps,
});
export type ProjectTaskRecord = z.infer<typeof projectTaskRecord>;

/** `GET /directory/project-tasks`: search, status, numbered pages (latest changed first). */
export const projectTaskDirectoryQuery = z.strictObject({
  q: searchText,
  status: z.string().max(40).optional(),
  ...numberedQuery,
});
export type ProjectTaskDirectoryQuery = z.input<typeof projectTaskDirectoryQuery>;
export const projectTaskDirectoryPage = numberedPageOf(projectTaskRecord);
