import { searchSchema } from '../../lib/search-params.ts';

/** The query of /reset: the reset link's token, or the error the server sent back with the address. */
export const resetSearch = searchSchema({ token: 'text', error: 'text', email: 'text' });
