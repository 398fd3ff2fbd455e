import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { Role } from '../../../shared/constants';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { forbidden, unauthorized } from '../lib/http-errors';

export interface AuthUser {
  id: number;
  role: Role;
  username: string | null;
  phone: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when a valid bearer token was sent; null for anonymous callers. */
    user: AuthUser | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Resolves the bearer token to a user on every request. The role is read from the database, so a
 * deleted account or a changed role takes effect at once, not when the token expires.
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    const userId = await app.tokens.verify(token);
    if (userId) request.user = await findAuthUser(app.db, userId);
  });
});

/** The account with this id as the guards see it, or null when it is gone. */
export async function findAuthUser(db: Database, userId: number): Promise<AuthUser | null> {
  const [row] = await db
    .select({ id: users.id, role: users.role, username: users.username, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Marks a guard with the roles it admits, so the route table can list who may call each route. */
const ADMITS = Symbol('admits');
type Guard = preHandlerAsyncHookHandler & { [ADMITS]?: readonly Role[] | 'signed-in' };

/** preHandler: 401 without a valid token, 403 when the caller's role is not among `roles`. */
export function requireUser(...roles: Role[]): preHandlerAsyncHookHandler {
  const guard: Guard = async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.user) throw unauthorized();
    if (roles.length > 0 && !roles.includes(request.user.role)) throw forbidden();
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
    const admits = typeof hook === 'function' ? (hook as Guard)[ADMITS] : undefined;
    if (admits) return typeof admits === 'string' ? admits : admits.join('|');
  }
  return 'public';
}

/** The signed-in caller inside a handler guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
