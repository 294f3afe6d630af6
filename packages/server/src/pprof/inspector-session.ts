import { Session } from 'node:inspector/promises';

let session: Session | undefined;

/** The process's one in-process inspector session (connected on first use), shared by the profilers. */
export function inspectorSession(): Session {
  if (session === undefined) {
    session = new Session();
    session.connect();
  }
  return session;
}
