import { describe, expect, it } from 'vitest';
import { type Access, type Caller, canRead, isRoleAllowed, readerOf } from './access.ts';

const caller = (role: Caller['role'], duties: string[] = []): Caller => ({
  uid: 'u-1',
  sessionId: 's-1',
  via: 'cookie',
  isAnonymous: false,
  orgId: 'org-a',
  role,
  duties,
  resourceId: null,
  customerId: null,
});

describe('the readers-list rule (_uid_r)', () => {
  it('a dispatcher reads every record of the organisation, listed or not', () => {
    expect(canRead(caller('dispatcher'), [])).toBe(true);
    expect(canRead(caller('dispatcher'), ['someone-else'])).toBe(true);
    expect(readerOf(caller('dispatcher'))).toEqual({ uid: 'u-1', seesAll: true });
  });

  it('anyone else reads a record only when their uid is in its readers list', () => {
    for (const role of ['scheduler', 'resource', 'customer'] as const) {
      expect(canRead(caller(role), ['u-1', 'u-2']), role).toBe(true);
      expect(canRead(caller(role), ['u-2']), role).toBe(false);
      expect(canRead(caller(role), []), `${role}: an empty list admits dispatchers only`).toBe(false);
      expect(readerOf(caller(role)), role).toEqual({ uid: 'u-1', seesAll: false });
    }
  });

  it('a kind of record without a readers list is limited by the organisation alone', () => {
    expect(canRead(caller('customer'), undefined)).toBe(true);
    expect(canRead(caller('customer'), null)).toBe(true);
  });
});

describe('roles and duties of a declaration', () => {
  const dispatchersOrPartners: Access = { kind: 'signedIn', roles: ['dispatcher'], duties: ['partner'] };

  it('no list admits every member', () => {
    expect(isRoleAllowed({ kind: 'signedIn' }, caller('customer'))).toBe(true);
  });

  it('a listed role or a listed duty admits; neither refuses', () => {
    expect(isRoleAllowed(dispatchersOrPartners, caller('dispatcher'))).toBe(true);
    expect(isRoleAllowed(dispatchersOrPartners, caller('resource', ['partner']))).toBe(true);
    expect(isRoleAllowed(dispatchersOrPartners, caller('resource'))).toBe(false);
    expect(isRoleAllowed(dispatchersOrPartners, caller('scheduler', ['driver']))).toBe(false);
  });
});
