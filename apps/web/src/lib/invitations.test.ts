import { describe, expect, it } from 'vitest';
import { invitationOf, withoutInvitation } from './invitations.ts';

describe('invitation links', () => {
  it('reads the invitation and its organisation from a path, wherever they are in the query', () => {
    expect(invitationOf('/?invitation=inv-1&org=org-a')).toEqual({ id: 'inv-1', org: 'org-a' });
    expect(invitationOf('/bookings?x=1&org=o%201&invitation=i')).toEqual({ id: 'i', org: 'o 1' });
  });

  it('is no invitation without both parts, or without a query at all', () => {
    expect(invitationOf('/?invitation=inv-1')).toBeUndefined();
    expect(invitationOf('/?org=org-a')).toBeUndefined();
    expect(invitationOf('/bookings')).toBeUndefined();
    expect(invitationOf(undefined)).toBeUndefined();
  });

  it('drops only the invitation’s parameters, so a reload does not accept it again', () => {
    expect(withoutInvitation('/?invitation=inv-1&org=org-a')).toBe('/');
    expect(withoutInvitation('/bookings?job_id=7&invitation=i&org=o')).toBe('/bookings?job_id=7');
    expect(withoutInvitation('/bookings')).toBe('/bookings');
  });
});
