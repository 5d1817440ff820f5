/// <reference lib="webworker" />
import { solveChallenge } from 'altcha-lib/v1';

/*
 * The captcha's proof of work, off the page's thread (captcha.ts): finds the number whose
 * SHA-256 with the salt is the challenge, and posts it back (null when none up to the maximum).
 */
type Work = { challenge: string; salt: string; algorithm: string; maxnumber: number };

self.onmessage = async (event: MessageEvent<Work>) => {
  const { challenge, salt, algorithm, maxnumber } = event.data;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  self.postMessage(solution ? solution.number : null);
};
