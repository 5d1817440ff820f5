import type { CaptchaChallenge } from '@rostra/core/api/identity';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/client.ts';

/*
 * The captcha of phone sign-in and account creation (shell spec §1, §5): the server's
 * proof-of-work challenge (ALTCHA's format, `GET /api/v1/captcha`) solved in a web worker, sent
 * as the `captcha` field of the request it protects. A solution is good once.
 */

async function findNumber(c: CaptchaChallenge): Promise<number | null> {
  const work = { challenge: c.challenge, salt: c.salt, algorithm: c.algorithm, maxnumber: c.maxnumber };
  if (typeof Worker === 'undefined') {
    const { solveChallenge } = await import('altcha-lib/v1');
    return (
      (await solveChallenge(work.challenge, work.salt, work.algorithm, work.maxnumber).promise)?.number ??
      null
    );
  }
  const worker = new Worker(new URL('./captcha-worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<number | null>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<number | null>) => resolve(event.data);
      worker.onerror = () => reject(new Error('captcha worker failed'));
      worker.postMessage(work);
    });
  } finally {
    worker.terminate();
  }
}

/** A fresh challenge, solved: the `captcha` field's value. */
export async function solveCaptcha(): Promise<string> {
  const c = await api.get<CaptchaChallenge>('/captcha', { retry: false, quiet: true, auth: 'cookie' });
  const number = await findNumber(c);
  if (number === null) throw new Error('captcha not solved');
  const payload = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number,
    salt: c.salt,
    signature: c.signature,
  };
  return btoa(JSON.stringify(payload));
}

export type CaptchaState = 'idle' | 'solving' | 'solved' | 'failed';

/**
 * The captcha box's state: `start` solves (the box ticked), `take` hands the solution to one
 * request and clears the box, since the server accepts a solution only once.
 */
export function useCaptcha() {
  const [state, setState] = useState<CaptchaState>('idle');
  const solution = useRef<string | undefined>(undefined);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  const start = useCallback(() => {
    setState('solving');
    solveCaptcha().then(
      (value) => {
        solution.current = value;
        if (isMounted.current) setState('solved');
      },
      () => {
        if (isMounted.current) setState('failed');
      },
    );
  }, []);
  const take = useCallback((): string | undefined => {
    const value = solution.current;
    solution.current = undefined;
    if (value !== undefined) setState('idle');
    return value;
  }, []);
  return { state, start, take };
}
