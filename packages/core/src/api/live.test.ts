import { describe, expect, it } from 'vitest';
import { liveClientMessage, parseLiveServerMessage } from './live.ts';

describe('the live protocol', () => {
  it('takes each message the server sends', () => {
    const sent = [
      { type: 'hello', seq: 0 },
      { type: 'subscribed', subscription: { topic: 'records', kind: 'customers' }, seq: 3 },
      { type: 'event', seq: 4, topic: 'booking', kind: 'updated', data: { _id: 'b1' } },
      { type: 'reload', seq: 9 },
      {
        type: 'error',
        code: 'forbidden_topic',
        message: 'Not allowed: allocation',
        subscription: { topic: 'allocation' },
      },
    ];
    for (const message of sent)
      expect(parseLiveServerMessage(JSON.stringify(message))).toEqual({ ok: true, message });
  });

  it('refuses a malformed server message and says which part is wrong', () => {
    expect(
      parseLiveServerMessage(
        JSON.stringify({ type: 'event', seq: '4', topic: 'booking', kind: 'x', data: {} }),
      ),
    ).toEqual({
      ok: false,
      issue: 'seq: Invalid input: expected number, received string',
    });
    expect(parseLiveServerMessage(JSON.stringify({ type: 'hello' }))).toMatchObject({
      ok: false,
      issue: expect.stringMatching(/^seq: /),
    });
    expect(parseLiveServerMessage(JSON.stringify({ type: 'gossip', seq: 1 }))).toMatchObject({
      ok: false,
      issue: expect.stringMatching(/^type: /),
    });
    expect(parseLiveServerMessage('{not json')).toEqual({ ok: false, issue: 'message: not JSON' });
  });

  it('refuses a client subscription to a record kind the records topic does not carry', () => {
    const result = liveClientMessage.safeParse({
      type: 'subscribe',
      subscription: { topic: 'records', kind: 'secrets' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['subscription', 'kind']);
  });
});
