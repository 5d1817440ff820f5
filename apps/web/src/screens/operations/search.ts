import * as z from 'zod/mini';
import { text } from '../../lib/search-params.ts';

/** The query of /forms (issue 17 point 5): the booking whose forms are shown. */
export const formsSearch = z.object({ job_id: text });
