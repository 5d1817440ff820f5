import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HTTP_FAILURE_TEXT } from '../texts.ts';
import { ApiError, UNCONFIRMED_WRITE_MESSAGE } from './api.ts';
import { notifyHttpFailure } from './toast.ts';

const shown = vi.hoisted(() => [] as { title: string; options: Record<string, unknown> }[]);
vi.mock('sonner', () => {
  const toast = Object.assign(() => undefined, {
    error: (title: string, options: Record<string, unknown>) => shown.push({ title, options }),
    success: () => undefined,
  });
  return { toast };
});

describe('the HTTP client’s toasts', () => {
  beforeEach(() => {
    shown.length = 0;
  });

  it('a lost read keeps the hint to try again; a write whose answer was lost says to check first', () => {
    const reset = { status: 0, code: 'connection-reset', kind: 'connection-reset' as const };
    notifyHttpFailure(new ApiError({ ...reset, message: 'Network error' }));
    notifyHttpFailure(new ApiError({ ...reset, message: UNCONFIRMED_WRITE_MESSAGE, unconfirmed: true }));
    expect(shown.map((s) => s.options.description)).toEqual([
      HTTP_FAILURE_TEXT['connection-reset'].hint,
      UNCONFIRMED_WRITE_MESSAGE,
    ]);
    // Two toasts, not one replacing the other.
    expect(new Set(shown.map((s) => s.options.id)).size).toBe(2);
  });
});
