import { searchSchema } from '../../../lib/search-params.ts';

/** The query of /forms (issue 17 point 5): the booking whose forms are shown. */
export const formsSearch = searchSchema({ job_id: 'text' });
