import type { NotificationState } from '@rostra/core/api/notifications';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from './live.ts';
import { applyNotificationEvent } from './notifications.ts';

const state = (over: Partial<NotificationState> = {}): NotificationState => ({
  dot: true,
  last_seen: 100,
  latest_notification: 200,
  latest_bid: null,
  ...over,
});

/** Applies one live event to a cached state; says what it became and whether it asked to refetch. */
function apply(event: LiveEvent, cached: NotificationState | undefined) {
  let next = cached;
  let refetched = false;
  applyNotificationEvent(event, {
    setState: (update) => {
      next = update(next);
    },
    refetch: () => {
      refetched = true;
    },
  });
  return { next, refetched };
}

const change = (kind: string, data: Record<string, unknown> = {}): LiveEvent => ({
  type: 'event',
  seq: 1,
  topic: 'notifications',
  kind,
  data,
});

describe('live notification events', () => {
  it('last seen moved (another tab opened the drawer): the dot clears without a round trip', () => {
    expect(apply(change('notifications.seen', { last_seen: 300 }), state())).toEqual({
      next: state({ dot: false, last_seen: 300 }),
      refetched: false,
    });
  });

  it('last seen moved but a bid is newer still: the dot stays', () => {
    const { next } = apply(change('notifications.seen', { last_seen: 300 }), state({ latest_bid: 301 }));
    expect(next?.dot).toBe(true);
  });

  it('a new notification, a bid or a reload reads the state and list again', () => {
    expect(apply(change('notification.created', { _id: 'n1' }), state({ dot: false })).refetched).toBe(true);
    expect(apply(change('bid.created'), state()).refetched).toBe(true);
    expect(apply({ type: 'reload' }, state()).refetched).toBe(true);
  });

  it('a refused subscription changes nothing', () => {
    expect(apply({ type: 'error', code: 'forbidden_topic', message: '' }, state())).toEqual({
      next: state(),
      refetched: false,
    });
  });
});
