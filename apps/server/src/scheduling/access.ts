import type { Access, RecordRef } from '../http/access.ts';

/*
 * Who may call the scheduling routes (spec §6): dispatchers read and write the organisation's
 * records; partners (a duty) also read the catalogue and the timeline's resources; everyone else
 * reads only records whose readers list holds them. The 'scheduler' role gets nothing the spec
 * does not give it (least privilege, as the core's role table).
 */

export const ANY_MEMBER: Access = { kind: 'signedIn' };
export const DISPATCHER_ONLY: Access = { kind: 'signedIn', roles: ['dispatcher'] };
/** Catalogue readers: dispatchers and partners. */
export const CATALOGUE_READERS: Access = { kind: 'signedIn', roles: ['dispatcher'], duties: ['partner'] };

export const withRecord = (access: Access, record: RecordRef): Access =>
  access.kind === 'signedIn' ? { ...access, record } : access;
