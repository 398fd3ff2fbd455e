import { ROLES, STORAGE_KEYS } from '@shared/constants';
import { browserViewer, OWN_SCREENS, signedInCookies } from '@shared/contracts/server-render';
import type { PublicUser } from '@shared/contracts';
import { storage } from './storage';

/**
 * The session the browser keeps (spec section 4), without React: the app's provider (auth.tsx)
 * and the page's first script (early-requests.ts) both read it.
 */

const nullableString = (v: unknown) => v === null || typeof v === 'string';

/**
 * A stored value shaped like PublicUser. A hand-written guard rather than publicUserSchema so zod
 * stays out of the entry chunk (the landing page's JavaScript budget).
 */
export function isPublicUser(value: unknown): value is PublicUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'number' &&
    Number.isInteger(v.id) &&
    nullableString(v.username) &&
    nullableString(v.email) &&
    nullableString(v.phone) &&
    (ROLES as readonly unknown[]).includes(v.role)
  );
}

/** Whether two users are the same as the app shows them: every field of PublicUser. */
export const sameUser = (a: PublicUser, b: PublicUser): boolean =>
  a.id === b.id && a.username === b.username && a.email === b.email && a.phone === b.phone && a.role === b.role;

/** The stored user, or null; an unparsable stored value is discarded (spec section 4). */
export function readStoredUser(): PublicUser | null {
  const raw = storage.get(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isPublicUser(parsed) && storage.get(STORAGE_KEYS.token)) return parsed;
  } catch {
    /* fall through */
  }
  storage.remove(STORAGE_KEYS.user);
  return null;
}

export function clearStoredSession(): void {
  storage.remove(STORAGE_KEYS.user);
  storage.remove(STORAGE_KEYS.token);
  syncSignedInHint();
}

/**
 * Sets the signed-in hint cookie while a session is stored and clears it otherwise (ADR 0168): the
 * server then leaves a signed-in diner's pages to the browser rather than rendering them signed out.
 * Its value is the stored user's role, so the server can send that role's own screen as its frame
 * while the app loads (ADR 0175). It is never trusted for anything else.
 * A customer's or an operator's session also goes, with this browser's locale and zone, in the
 * screen session cookie of that role's own screen's address alone (written at sign-in and by the
 * app's start there), which the server renders with the user's data (ADR 0176); it is cleared with
 * the session. The token was already readable by the page's scripts in
 * local storage, so a cookie our scripts can read exposes nothing more.
 */
export function syncSignedInHint({ signingIn = false, ownScreen = false }: { signingIn?: boolean; ownScreen?: boolean } = {}): void {
  if (typeof document === 'undefined') return;
  const user = readStoredUser();
  const token = storage.get(STORAGE_KEYS.token);
  const session = user && token ? { role: user.role, token } : null;
  // The screen session cookie is written at sign-in and by the app's start on its own screen (which
  // writes dates, so has built the page's Intl formatter, anyway); elsewhere, and in the page's
  // first script, the browser's zone is not read (the first formatter: 150 ms on a 4x slowed phone).
  const screens = signingIn || !session || (ownScreen && window.location.pathname === OWN_SCREENS[session.role]);
  const secure = window.location.protocol === 'https:';
  for (const cookie of signedInCookies(session, browserViewer, { secure, screens })) document.cookie = cookie;
}
