import { describe, expect, it } from 'vitest';
import { defaultLandingPath } from './landing.ts';

const flags = (...on: string[]) => Object.fromEntries(on.map((k) => [k, true]));

describe('dispatcher landing page', () => {
  it('goes to /bookings when bookings is enabled, whatever else is', () => {
    expect(defaultLandingPath('dispatcher', flags('bookings'))).toBe('/bookings');
    expect(defaultLandingPath('dispatcher', flags('bookings', 'projecttasks', 'calevents'))).toBe(
      '/bookings',
    );
  });

  it('else to /projecttasks when projecttasks is enabled', () => {
    expect(defaultLandingPath('dispatcher', flags('projecttasks'))).toBe('/projecttasks');
    expect(defaultLandingPath('dispatcher', flags('projecttasks', 'calevents'))).toBe('/projecttasks');
  });

  it('else to / when neither calevents nor bookings is enabled', () => {
    expect(defaultLandingPath('dispatcher', flags('home', 'reports'))).toBe('/');
  });

  it('else, with calevents enabled (left open by the spec), to /calevents', () => {
    expect(defaultLandingPath('dispatcher', flags('calevents'))).toBe('/calevents');
  });

  it('default flags (bookings, projecttasks, calevents all off) land on /', () => {
    expect(defaultLandingPath('dispatcher', undefined)).toBe('/');
    expect(defaultLandingPath('dispatcher', {})).toBe('/');
  });

  it('only a boolean true enables; other values leave the default (off)', () => {
    expect(defaultLandingPath('dispatcher', { bookings: 'true', projecttasks: 1 })).toBe('/');
  });
});

describe('non-dispatcher landing page (customer, resource, scheduler, partner)', () => {
  it('everyone goes to /bookings when bookings is enabled', () => {
    for (const role of ['customer', 'resource', 'scheduler'] as const) {
      expect(defaultLandingPath(role, flags('bookings', 'calevents'))).toBe('/bookings');
    }
  });

  it('else a customer goes to /projecttasks, even when projecttasks is off', () => {
    expect(defaultLandingPath('customer', flags('home'))).toBe('/projecttasks');
    expect(defaultLandingPath('customer', flags('calevents'))).toBe('/projecttasks');
  });

  it('else a non-customer with calevents goes to /calevents', () => {
    expect(defaultLandingPath('resource', flags('calevents'))).toBe('/calevents');
    expect(defaultLandingPath('scheduler', flags('calevents', 'projecttasks'))).toBe('/calevents');
  });

  it('else /; projecttasks alone does not take a non-customer there', () => {
    expect(defaultLandingPath('resource', flags('projecttasks'))).toBe('/');
    expect(defaultLandingPath('scheduler', flags('home'))).toBe('/');
  });

  it('default flags: customer /projecttasks, resource /', () => {
    expect(defaultLandingPath('customer', undefined)).toBe('/projecttasks');
    expect(defaultLandingPath('resource', undefined)).toBe('/');
  });
});
