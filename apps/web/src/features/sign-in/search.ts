import { searchSchema } from '../../lib/search-params.ts';

/**
 * The query of /login (spec §2): a sign-in link's token, an error the server sent back, the e-mail
 * link's confirmation step and where to go once signed in.
 */
export const signInSearch = searchSchema({
  token: 'text',
  error: 'text',
  email_link: 'text',
  redirect: 'text',
  /** Back from an email link or a federated provider: the end of a sign-in (see lib/identity.ts). */
  signed_in: ['1'],
});
