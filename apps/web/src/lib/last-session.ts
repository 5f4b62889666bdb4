import type { SessionInfo } from '@fieldwork/domain/access/auth.schemas';

const KEY = 'fieldwork.last-session';

/**
 * The signed-in session as the server last confirmed it, kept in this browser so the installed app opens its own
 * chrome with no signal. It stands in only when the server cannot be reached: any answer from the server (a session,
 * or a 401) replaces or forgets it, and signing out forgets it.
 */
export function rememberSession(session: SessionInfo | null): void {
  try {
    if (session) localStorage.setItem(KEY, JSON.stringify(session));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or disabled (private mode): the app still works online.
  }
}

export function lastSession(): SessionInfo | null {
  try {
    const text = localStorage.getItem(KEY);
    return text ? (JSON.parse(text) as SessionInfo) : null;
  } catch {
    return null;
  }
}
