import { describe, expect, it } from 'vitest';
import { correctedAt } from './clock.ts';

describe('correctedAt', () => {
  const now = Date.parse('2026-03-09T10:00:00Z');
  it("moves a device's time by its clock's offset from the server's", () => {
    // The device is 5 minutes fast; the event happened 20 minutes ago (queued offline).
    const offset = 5 * 60_000;
    expect(correctedAt(now - 20 * 60_000 + offset, now + offset, now)).toBe(now - 20 * 60_000);
  });
  it('never places an event after the server receives it', () => {
    expect(correctedAt(now + 60_000, now, now)).toBe(now);
  });
  it('an event sent as it happens on a correct clock keeps its time', () => {
    expect(correctedAt(now, now, now)).toBe(now);
  });
});
