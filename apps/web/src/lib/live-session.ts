/*
 * What the session needs of the live socket (restart it for a new session; hear that the server
 * ended it), apart from the socket's code (./live.ts), which loads with the screens that listen:
 * the sign-in page does without it.
 */

let shared: { restart(): void } | undefined;
const signedOutListeners = new Set<() => void>();

/** ./live.ts names its one connection here when it opens it. */
export function setSharedLive(connection: { restart(): void }): void {
  shared = connection;
}

/**
 * Called when the server ends the shared socket because the session ended or the membership
 * changed (close 4401); returns the unsubscribe. The app re-reads who is signed in.
 */
export function onLiveSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/** The server ended the shared socket (4401): every listener hears it. */
export function liveSignedOut(): void {
  for (const listener of [...signedOutListeners]) listener();
}

/** A new socket for the new session (sign-in, sign-out, company or role switch). */
export function restartLive(): void {
  shared?.restart();
}
