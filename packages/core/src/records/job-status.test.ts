import { describe, expect, it } from 'vitest';
import { cancellationRequestIssue, canWriteReview, isJobStartedByTimer } from './job-status.ts';

const both = { resource_cancel_request: true, customer_cancel_request: true };

describe('cancellation requests', () => {
  it('with the flag off, unset, not a true boolean, or no settings at all, it is refused', () => {
    const refused = {
      code: 'requests_disabled',
      message: 'Your organisation does not take cancellation requests',
    };
    expect(cancellationRequestIssue('customer', 'confirmed', { customer_cancel_request: false })).toEqual(
      refused,
    );
    expect(cancellationRequestIssue('customer', 'confirmed', {})).toEqual(refused);
    expect(cancellationRequestIssue('customer', 'confirmed', { customer_cancel_request: 'true' })).toEqual(
      refused,
    );
    expect(cancellationRequestIssue('resource', 'confirmed', undefined)).toEqual(refused);
  });

  it('dispatchers and schedulers never ask: they cancel', () => {
    expect(cancellationRequestIssue('dispatcher', 'confirmed', both)?.code).toBe('requests_disabled');
    expect(cancellationRequestIssue('scheduler', 'confirmed', both)?.code).toBe('requests_disabled');
  });

  it('is taken from draft up to active, and for a parked booking', () => {
    for (const status of ['draft', 'rostered', 'confirmed', 'dispatched', 'active', 'parked']) {
      expect(cancellationRequestIssue('customer', status, both), status).toBeUndefined();
    }
  });

  it('is refused once the booking is finished or later, or already cancelled', () => {
    for (const status of ['finished', 'reviewed', 'feedback']) {
      expect(cancellationRequestIssue('resource', status, both)).toEqual({
        code: 'not_open',
        message: 'This booking can no longer be cancelled',
      });
    }
    expect(cancellationRequestIssue('customer', 'cancelled', both)).toEqual({
      code: 'not_open',
      message: 'This booking is already cancelled',
    });
  });
});

describe('the first timer start also starts the job', () => {
  it('from rostered, confirmed or dispatched', () => {
    expect(['rostered', 'confirmed', 'dispatched'].map(isJobStartedByTimer)).toEqual([true, true, true]);
  });

  it('not from draft (not yet allocated), nor once active or later', () => {
    expect(['draft', 'active', 'parked', 'finished', 'cancelled'].map(isJobStartedByTimer)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(isJobStartedByTimer(undefined)).toBe(false);
  });
});

describe('reviews', () => {
  it('the customer reviews a finished or reviewed booking', () => {
    expect(canWriteReview('customer', 'finished')).toBe(true);
    expect(canWriteReview('customer', 'reviewed')).toBe(true);
  });

  it('not before it is finished, and nobody but the customer', () => {
    expect(canWriteReview('customer', 'active')).toBe(false);
    expect(canWriteReview('customer', 'cancelled')).toBe(false);
    expect(canWriteReview('resource', 'finished')).toBe(false);
    expect(canWriteReview('dispatcher', 'reviewed')).toBe(false);
  });
});
