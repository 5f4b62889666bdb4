import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@fieldwork/domain/access/auth.schemas';
import { viewerClass, type Capability, type ViewerClass } from '@fieldwork/domain/access/roles.rules';
import { api, ApiError, type DataOf } from './api-client';
import { lastSession, rememberSession } from './last-session';
import { canKeepOffline } from './offline-scope';

const unreachable = (error: unknown) => error instanceof ApiError && error.code === 'NETWORK';

export const SESSION_KEY = ['session'] as const;
export const SETUP_STATUS_KEY = ['setup-status'] as const;

export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: async (): Promise<SessionInfo | null> => {
    try {
      const res = await api.get<DataOf<SessionInfo>>('/user/profile', { skipAuthRedirect: true });
      rememberSession(res.data);
      return res.data;
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 401) {
        rememberSession(null);
        return null;
      }
      // No signal: the installed app still opens as the user last seen here; their data says it is unreachable.
      const remembered = unreachable(error) ? lastSession() : null;
      if (remembered) return remembered;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

export const setupStatusQuery = queryOptions({
  queryKey: SETUP_STATUS_KEY,
  queryFn: async () => {
    try {
      return (await api.get<DataOf<{ needsSetup: boolean }>>('/auth/setup-status', { skipAuthRedirect: true })).data;
    } catch (error) {
      // Someone signed in here before, so the company exists: no need to ask the server while it is unreachable.
      if (unreachable(error) && lastSession()) return { needsSetup: false };
      throw error;
    }
  },
  staleTime: Infinity,
});

/** Called after login, setup, signup or invitation acceptance: the response body is the new session. */
export function storeSession(queryClient: QueryClient, session: SessionInfo): void {
  rememberSession(session);
  queryClient.setQueryData(SESSION_KEY, session);
  queryClient.setQueryData(SETUP_STATUS_KEY, { needsSetup: false });
}

/** Forget everything tied to the old identity so the next user never sees cached data of the previous one. */
export function clearSession(queryClient: QueryClient): void {
  rememberSession(null);
  queryClient.setQueryData(SESSION_KEY, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] && q.queryKey[0] !== SETUP_STATUS_KEY[0] });
}

export type Auth = {
  session: SessionInfo;
  viewerClass: ViewerClass;
  can: (capability: Capability) => boolean;
};

const AuthContext = createContext<Auth | null>(null);

/** Provides the signed-in session to the shell; children render only while a session exists. */
export function AuthProvider({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { data } = useQuery(sessionQuery);
  const value = useMemo<Auth | null>(() => (data ? authOf(data) : null), [data]);
  if (!value) return <>{fallback}</>;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function authOf(session: SessionInfo): Auth {
  const capabilities = new Set(session.capabilities);
  return {
    session,
    viewerClass: viewerClass(session.user),
    // The server sends the capability list it enforces; the UI only mirrors it.
    can: (capability) => capabilities.has(capability),
  };
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}

export function useSession(): SessionInfo {
  return useAuth().session;
}

export function useCan(capability: Capability): boolean {
  return useAuth().can(capability);
}

export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    const session = queryClient.getQueryData<SessionInfo | null>(SESSION_KEY);
    try {
      await api.post('/auth/logout', undefined, { skipAuthRedirect: true });
    } finally {
      clearSession(queryClient);
      // The day kept for working without signal leaves the device with the person who signs out; work they did
      // offline that the server has not accepted yet stays for their next sign-in.
      if (session && canKeepOffline())
        await import('./offline-store').then((m) => m.forgetOfflineStore({ userId: session.user.id, companyId: session.company.id })).catch(() => undefined);
    }
  };
}
