import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY } from '../time/calendar.ts';
import { activeLocks, isExpired, isLockLive, type WorkspaceDocument, workspaceTtlAt } from './workspace.ts';

const now = Date.parse('2026-01-05T09:00:00Z') / 1000;

describe('workspace lock counts only if updated within 60 s', () => {
  it('updated exactly 60 s ago counts; 61 s ago does not', () => {
    expect(isLockLive({ _qa_update_utc: now - 60 }, now)).toBe(true);
    expect(isLockLive({ _qa_update_utc: now - 61 }, now)).toBe(false);
  });

  it('updated just now, or stamped slightly ahead of now, counts; no update time never does', () => {
    expect(isLockLive({ _qa_update_utc: now }, now)).toBe(true);
    expect(isLockLive({ _qa_update_utc: now + 5 }, now)).toBe(true);
    expect(isLockLive({}, now)).toBe(false);
  });
});

describe('workspace documents and items expire after 7 days', () => {
  it('ttl_at is 7 days after the update', () => {
    expect(workspaceTtlAt(now)).toBe(now + 7 * DAY);
  });

  it('expired exactly at ttl_at, not one second before', () => {
    expect(isExpired({ ttl_at: now }, now)).toBe(true);
    expect(isExpired({ ttl_at: now + 1 }, now)).toBe(false);
  });

  it('without ttl_at, expired exactly 7 days after the last update', () => {
    expect(isExpired({ _qa_update_utc: now - 7 * DAY }, now)).toBe(true);
    expect(isExpired({ _qa_update_utc: now - 7 * DAY + 1 }, now)).toBe(false);
  });

  it('ttl_at wins over the update time; an entry with neither is kept', () => {
    expect(isExpired({ ttl_at: now + 60, _qa_update_utc: now - 30 * DAY }, now)).toBe(false);
    expect(isExpired({}, now)).toBe(false);
  });
});

describe('active locks of other users', () => {
  const doc = (
    over: Partial<WorkspaceDocument> & Pick<WorkspaceDocument, '_id' | 'uid'>,
  ): WorkspaceDocument => ({
    locked_ids: ['b1'],
    _qa_update_utc: now - 10,
    ttl_at: workspaceTtlAt(now - 10),
    ...over,
  });

  it('lists items locked by others, keyed by item id, with who holds them', () => {
    const locks = activeLocks(
      [doc({ _id: 'w2', uid: 'u2', name: 'Bea', locked_ids: ['b1', 'b2'] })],
      'u1',
      now,
    );
    expect(locks).toEqual({
      b1: { docId: 'w2', uid: 'u2', name: 'Bea', updated_at: now - 10 },
      b2: { docId: 'w2', uid: 'u2', name: 'Bea', updated_at: now - 10 },
    });
  });

  it('the user’s own locks are not listed', () => {
    expect(activeLocks([doc({ _id: 'w1', uid: 'u1' })], 'u1', now)).toEqual({});
  });

  it('a lock updated 61 s ago is ignored; at 60 s it counts', () => {
    expect(activeLocks([doc({ _id: 'w2', uid: 'u2', _qa_update_utc: now - 61 })], 'u1', now)).toEqual({});
    expect(
      Object.keys(activeLocks([doc({ _id: 'w2', uid: 'u2', _qa_update_utc: now - 60 })], 'u1', now)),
    ).toEqual(['b1']);
  });

  it('an expired document holds no locks, however fresh its update', () => {
    expect(activeLocks([doc({ _id: 'w2', uid: 'u2', ttl_at: now })], 'u1', now)).toEqual({});
  });

  it('two holders of one item: the most recent update wins, then the smaller document id', () => {
    const older = doc({ _id: 'w3', uid: 'u3', _qa_update_utc: now - 30 });
    const newer = doc({ _id: 'w4', uid: 'u4', _qa_update_utc: now - 5 });
    expect(activeLocks([older, newer], 'u1', now).b1?.uid).toBe('u4');
    expect(activeLocks([newer, older], 'u1', now).b1?.uid).toBe('u4');
    const twin = doc({ _id: 'w0', uid: 'u5', _qa_update_utc: now - 5 });
    expect(activeLocks([newer, twin], 'u1', now).b1?.docId).toBe('w0');
  });

  it('property: the answer does not depend on the order of the documents', () => {
    const arb = fc.array(
      fc.record({
        _id: fc.string({ maxLength: 3 }),
        uid: fc.constantFrom('u1', 'u2', 'u3'),
        locked_ids: fc.subarray(['b1', 'b2', 'b3']),
        _qa_update_utc: fc.integer({ min: now - 120, max: now }),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(arb, (docs) => {
        fc.pre(new Set(docs.map((d) => d._id)).size === docs.length);
        expect(activeLocks([...docs].reverse(), 'u1', now)).toEqual(activeLocks(docs, 'u1', now));
      }),
    );
  });
});
