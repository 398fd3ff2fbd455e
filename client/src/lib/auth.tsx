import { STORAGE_KEYS } from '@shared/constants';
import type { AuthResponse, PublicUser } from '@shared/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ApiError, apiJson } from './api-client';
import { storage } from './storage';
import { clearStoredSession, readStoredUser, sameUser, syncSignedInHint } from './stored-session';
import { isAdmin, isOperator } from './roles';
import { dismiss } from './toast';

interface AuthState {
  user: PublicUser | null;
  isAuthenticated: boolean;
  /** Stores the session in memory and locally (spec section 4). */
  signIn(session: AuthResponse): void;
  /** Clears the session and goes to / . */
  logout(): void;
  /** Clears the session (memory and storage) and goes to `to` (the admin panel's guard: /admin/login). */
  endSession(to: string): void;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * `serverUser`: only in the server's render of a signed-in screen, which has no stored session to
 * read: a stand-in of the hinted role, holding nothing of the user's, for its frame (ADR 0175); the
 * user the API answered for, for a screen rendered with its user's data (ADR 0176).
 */
export function AuthProvider({ children, serverUser }: { children: ReactNode; serverUser?: PublicUser }) {
  const [user, setUser] = useState<PublicUser | null>(() => serverUser ?? readStoredUser());
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const signIn = useCallback(
    (session: AuthResponse) => {
      storage.set(STORAGE_KEYS.token, session.token);
      storage.set(STORAGE_KEYS.user, JSON.stringify(session.user));
      syncSignedInHint({ signingIn: true });
      queryClient.clear();
      // A new session starts clean: a toast from the signed-out screen ('Login Failed' after a
      // mistyped password) must not stay up over the signed-in one.
      dismiss();
      setUser(session.user);
    },
    [queryClient],
  );

  const endSession = useCallback(
    (to: string) => {
      clearStoredSession();
      queryClient.clear();
      setUser(null);
      navigate(to);
    },
    [navigate, queryClient],
  );
  const logout = useCallback(() => {
    // Ends the token on the server too (issue 32); the request carries the token still stored,
    // and signing out here does not wait for its answer.
    apiJson('POST', '/api/auth/logout').catch(() => undefined);
    endSession('/');
  }, [endSession]);

  // A stored session may have expired or its account been removed: confirm it once on load.
  useEffect(() => {
    const token = storage.get(STORAGE_KEYS.token);
    if (!token) return;
    let cancelled = false;
    // The session may end (logout, the admin guard) or change (a new sign-in) before the answer
    // comes: an answer for a token that is no longer stored is ignored, never written back.
    const stale = () => cancelled || storage.get(STORAGE_KEYS.token) !== token;
    apiJson<PublicUser>('GET', '/api/auth/me')
      .then((fresh) => {
        if (stale()) return;
        storage.set(STORAGE_KEYS.user, JSON.stringify(fresh));
        // The user already shown (the usual answer) renders nothing, and a changed one renders as a
        // transition: a new user object at the default priority changed the auth context while a
        // server-rendered screen was still hydrating, and React then hydrated the whole screen
        // synchronously, in one task (70-110 ms on a 4x slowed phone's dashboard: issue 33).
        startTransition(() => setUser((shown) => (shown && sameUser(shown, fresh) ? shown : fresh)));
      })
      .catch((err: unknown) => {
        if (!stale() && err instanceof ApiError && err.status === 401) {
          clearStoredSession();
          setUser(null);
        }
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, isAuthenticated: user !== null, signIn, logout, endSession }),
    [user, signIn, logout, endSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

/** Where a user lands after signing in (spec section 2). */
export function homeFor(user: Pick<PublicUser, 'role'>): string {
  if (isOperator(user)) return '/operator-dashboard';
  if (isAdmin(user)) return '/admin';
  return '/find-trucks';
}
