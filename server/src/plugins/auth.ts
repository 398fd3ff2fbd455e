import type { FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { Role } from '@shared/constants';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { forbidden, unauthorized } from '../lib/http-errors';

export interface AuthUser {
  id: number;
  role: Role;
  username: string | null;
  phone: string | null;
  /** users.session_version: a token or stream opened at another version is no longer valid. */
  sessionVersion: number;
  /** "Don't count my visits" (issue 31): none of this account's views enter the insights. */
  insightsOptOut?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when a valid bearer token was sent; null for anonymous callers. */
    user: AuthUser | null;
  }
}

/**
 * NOTIFYed with a user id (by migration 0002's trigger) when that account's session version
 * changes or the account is deleted: open event streams of that user are re-checked.
 */
export const USER_SESSIONS_CHANNEL = 'user_sessions';

/** The one home of "is admin" on the server. */
export const isAdmin = (user: Pick<AuthUser, 'role'> | null | undefined): boolean => user?.role === 'admin';

/** The caller has one of these roles (any signed-in caller when `roles` is empty). */
export const hasRole = (user: Pick<AuthUser, 'role'> | null | undefined, roles: readonly Role[]): boolean =>
  user != null && (roles.length === 0 || roles.includes(user.role));

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token, extra] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token && extra === undefined ? token : undefined;
}

/** Marks a guard with the roles it admits, so the route table can list who may call each route. */
const ADMITS = Symbol('admits');
type Guard = onRequestAsyncHookHandler & { [ADMITS]?: readonly Role[] | 'signed-in' };
const isGuard = (hook: unknown): hook is Guard => typeof hook === 'function' && ADMITS in hook;

/**
 * Resolves the bearer token to a user on every request, before anything else. The role and the
 * session version are read from the database, so a deleted account, a changed role or a changed
 * password take effect at once, not when the token expires.
 *
 * Guards run before the body is read: a `requireUser(...)` declared as a route's `preHandler` is
 * moved to its `onRequest`, so an anonymous caller is refused before Fastify parses (up to the
 * body limit of) what it sent.
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    const claims = await app.tokens.verify(token);
    if (!claims) return;
    const user = await findAuthUser(app.db, claims.userId);
    if (user && user.sessionVersion === claims.sessionVersion) request.user = user;
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const guards = preHandlers.filter(isGuard);
    if (guards.length === 0) return;
    route.preHandler = preHandlers.filter((hook) => !isGuard(hook));
    route.onRequest = [...guards, ...[route.onRequest ?? []].flat()];
  });
});

/** The account with this id as the guards see it, or null when it is gone. */
export async function findAuthUser(db: DbOrTx, userId: number): Promise<AuthUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      username: users.username,
      phone: users.phone,
      sessionVersion: users.sessionVersion,
      insightsOptOut: users.insightsOptOut,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Route guard: 401 without a valid token, 403 when the caller's role is not among `roles`.
 * Declared as a route's preHandler, it runs in onRequest (see authPlugin), before the body is read.
 */
export function requireUser(...roles: Role[]): onRequestAsyncHookHandler {
  const guard: Guard = async (request) => {
    if (!request.user) throw unauthorized();
    if (!hasRole(request.user, roles)) throw forbidden();
  };
  guard[ADMITS] = roles.length > 0 ? roles : 'signed-in';
  return guard;
}

/**
 * Who may call a route, from the guards among its hooks: 'public' when none, 'signed-in' for any
 * account, else the roles joined with '|'.
 */
export function routeAccess(hooks: readonly unknown[]): string {
  for (const hook of hooks) {
    const admits = isGuard(hook) ? hook[ADMITS] : undefined;
    if (admits) return typeof admits === 'string' ? admits : admits.join('|');
  }
  return 'public';
}

/** The signed-in caller inside a handler guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
