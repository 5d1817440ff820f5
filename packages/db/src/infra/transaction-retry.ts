/**
 * Runs a transaction again when PostgreSQL aborted it to break a deadlock (40P01) or a
 * serialisation conflict (40001): the work is redone from the start on what is committed then.
 */
export async function withTransactionRetry<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      if (i >= attempts || !isRetryable(e)) throw e;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * i));
    }
  }
}

function isRetryable(e: unknown): boolean {
  for (let err: unknown = e; err && typeof err === 'object'; err = (err as { cause?: unknown }).cause) {
    const code = (err as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}
