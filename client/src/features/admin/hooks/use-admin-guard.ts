import type { PublicUser } from '@shared/contracts';
import { useEffect } from 'react';
import { ApiError } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth';
import { isAdmin } from '@client/lib/roles';
import { getToken } from '@client/lib/storage';

export const ADMIN_LOGIN_PATH = '/admin/login';

/**
 * Spec section 4: the panel checks the stored token and user; without a token, with a non-admin or
 * an unparsable stored user (the auth state discards those), storage is cleared and the browser goes
 * to /admin/login. The server refuses every admin call regardless (401/403).
 */
export function useAdminGuard(): PublicUser | null {
  const { user, endSession } = useAuth();
  const allowed = Boolean(getToken()) && user !== null && isAdmin(user);
  useEffect(() => {
    if (!allowed) endSession(ADMIN_LOGIN_PATH);
  }, [allowed, endSession]);
  return allowed ? user : null;
}

/** A 401 or 403 from an admin call: the session ended or lost its rights — back to /admin/login. */
export function useEndSessionOnRefusal(error: unknown): void {
  const { endSession } = useAuth();
  const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
  useEffect(() => {
    if (refused) endSession(ADMIN_LOGIN_PATH);
  }, [refused, endSession]);
}
