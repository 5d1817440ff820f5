import { describe, expect, it } from 'vitest';
import { routeForMethods, type SignInOptions } from './identity.ts';

const options: SignInOptions = {
  email_password: true,
  email_link: true,
  phone: true,
  anonymous: true,
  federated: [{ id: 'oidc', name: 'Single sign-on' }],
};

describe('where the email step leads', () => {
  it('an unknown email goes to account creation', () => {
    expect(routeForMethods([], options)).toEqual({ kind: 'create' });
  });

  it('a password account goes to password sign-in, with the email link beside it', () => {
    expect(routeForMethods(['password', 'email_link'], options)).toEqual({
      kind: 'password',
      hasEmailLink: true,
    });
  });

  it('an account of an offered provider goes to federated sign-in', () => {
    expect(routeForMethods(['email_link', 'oidc'], options)).toEqual({
      kind: 'federated',
      provider: { id: 'oidc', name: 'Single sign-on' },
      hasEmailLink: true,
    });
  });

  it('an account of a provider this server does not offer gets the unsupported-provider page', () => {
    expect(routeForMethods(['email_link', 'google'], options)).toEqual({
      kind: 'unsupported',
      providers: ['google'],
    });
  });

  it('an account with only the email link gets the link sent', () => {
    expect(routeForMethods(['email_link'], options)).toEqual({ kind: 'email-link' });
  });

  it('with email links turned off, such an account can only recover by reset', () => {
    expect(routeForMethods(['email_link'], { ...options, email_link: false })).toEqual({
      kind: 'unsupported',
      providers: [],
    });
  });
});
