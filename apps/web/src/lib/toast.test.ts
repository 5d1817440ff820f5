import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HTTP_FAILURE_TEXT } from '../texts.ts';
import { ApiError, UNCONFIRMED_WRITE_MESSAGE } from './api.ts';
import { notifyHttpFailure } from './toast.ts';

// Spied on, not mocked: the web's test files share one module graph (vitest.config.ts), where a
// module mock would not reach a sonner that another file has already loaded.
const shown: { title: string; options: { description?: unknown; id?: unknown } }[] = [];
describe('the HTTP client’s toasts', () => {
  beforeEach(() => {
    shown.length = 0;
    vi.spyOn(toast, 'error').mockImplementation((title, options) => {
      shown.push({ title: String(title), options: { description: options?.description, id: options?.id } });
      return 0;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a lost read keeps the hint to try again; a write whose answer was lost says to check first', async () => {
    const reset = { status: 0, code: 'connection-reset', kind: 'connection-reset' as const };
    await notifyHttpFailure(new ApiError({ ...reset, message: 'Network error' }));
    await notifyHttpFailure(
      new ApiError({ ...reset, message: UNCONFIRMED_WRITE_MESSAGE, unconfirmed: true }),
    );
    expect(shown.map((s) => s.options.description)).toEqual([
      HTTP_FAILURE_TEXT['connection-reset'].hint,
      UNCONFIRMED_WRITE_MESSAGE,
    ]);
    // Two toasts, not one replacing the other.
    expect(new Set(shown.map((s) => s.options.id)).size).toBe(2);
  });
});
