import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_MAX_MS, firstScreen } from './first-screen.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A screen whose busy state the test moves. */
function screen(isBusy: boolean) {
  const listeners = new Set<() => void>();
  const state = { isBusy };
  return {
    signals: {
      isBusy: () => state.isBusy,
      onChange: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    set(isBusy: boolean) {
      state.isBusy = isBusy;
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
}

describe('firstScreen', () => {
  it('waits while the screen loads, and settles once it has stayed done until the browser is idle', async () => {
    const s = screen(true);
    let settled = false;
    void firstScreen(s.signals).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    // Done, and busy again before the browser was idle (one fetch leads to the next): not yet.
    s.set(false);
    s.set(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    s.set(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(true);
    expect(s.listeners.size).toBe(0);
  });

  it('does not wait for ever on a screen that keeps fetching', async () => {
    const s = screen(true);
    let settled = false;
    void firstScreen(s.signals).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_MAX_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});
