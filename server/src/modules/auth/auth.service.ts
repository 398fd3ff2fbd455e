import { eq, or, sql } from 'drizzle-orm';
import type { Role } from '@shared/constants';
import { CURRENT_PASSWORD_WRONG, type PublicUser } from '@shared/contracts';
import { toE164 } from '@shared/utils/phone';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, pgConstraint, unauthorized } from '../../lib/http-errors';
import { isAdmin } from '../../plugins/auth';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';

export const publicUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  phone: users.phone,
  /** A code texted to the phone showed it to be the holder's (ADR 0189): alerts are texted only then. */
  phoneConfirmed: sql<boolean>`${users.phoneConfirmedAt} is not null`.mapWith(Boolean),
  role: users.role,
};

/** A signed-in account: what the client sees, and the session version its token must carry. */
export interface Account {
  user: PublicUser;
  sessionVersion: number;
}
export const accountColumns = { ...publicUserColumns, sessionVersion: users.sessionVersion };
export const toAccount = ({ sessionVersion, ...user }: PublicUser & { sessionVersion: number }): Account => ({
  user,
  sessionVersion,
});

/**
 * Names nobody may register: they would pass for the installation's staff. The configured
 * ADMIN_USERNAME is reserved too (createAccount's `adminUsername` option), so no one can take it
 * before the admin account is created.
 */
export const RESERVED_USERNAMES = [
  'admin',
  'administrator',
  'root',
  'superuser',
  'system',
  'support',
  'staff',
  'moderator',
];
export const RESERVED_USERNAME_MESSAGE = 'This username is reserved';

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
export const isReservedUsername = (username: string, adminUsername?: string) =>
  RESERVED_USERNAMES.some((name) => sameName(name, username)) ||
  (adminUsername !== undefined && sameName(adminUsername, username));

export interface NewAccount {
  username?: string | undefined;
  email?: string | undefined;
  phone: string;
  password: string;
  role: Role;
}

export const PHONE_TAKEN_MESSAGE = 'An account with this phone number already exists';

/** A write of an account that another account's username or phone refused: a 409 naming which; other errors as they are. */
export function accountConflict(err: unknown): unknown {
  if (!isUniqueViolation(err)) return err;
  return conflict(
    pgConstraint(err) === 'users_username_unique' ? 'This username is already taken' : PHONE_TAKEN_MESSAGE,
  );
}

const looksLikePhone = (value: string) => /^\+?\d{7,16}$/.test(value);

/** Creates an account; a taken or reserved username, or a taken phone, is a 409 naming which. */
export async function createAccount(
  db: Database,
  input: NewAccount,
  { adminUsername }: { adminUsername?: string | undefined } = {},
): Promise<Account> {
  if (input.username && isReservedUsername(input.username, adminUsername))
    throw conflict(RESERVED_USERNAME_MESSAGE);
  try {
    const [user] = await db
      .insert(users)
      .values({
        username: input.username ?? null,
        email: input.email ?? null,
        phone: toE164(input.phone),
        passwordHash: await hashPassword(input.password),
        role: input.role,
      })
      .returning(accountColumns);
    if (!user) throw new Error('insert returned no row');
    return toAccount(user);
  } catch (err) {
    throw accountConflict(err);
  }
}

/**
 * Checks credentials. `login` is a username or a phone number (already stripped of hyphens, spaces
 * and parentheses). Unknown user and wrong password give the same answer in about the same time.
 */
export async function authenticate(db: Database, login: string, password: string): Promise<Account> {
  const byUsername = eq(sql`lower(${users.username})`, login.toLowerCase());
  const [row] = await db
    .select({ ...accountColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(looksLikePhone(login) ? or(byUsername, eq(users.phone, toE164(login))) : byUsername)
    .limit(1);
  if (!row) {
    await burnPasswordCheck(password);
    throw unauthorized('Invalid credentials');
  }
  if (!(await verifyPassword(password, row.passwordHash))) throw unauthorized('Invalid credentials');
  const { passwordHash: _hash, ...account } = row;
  return toAccount(account);
}

export async function findPublicUser(db: Database, id: number): Promise<PublicUser | undefined> {
  const [user] = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The configured admin name belongs to an account that is not an admin: never promote it. */
export class AdminNameTaken extends Error {
  constructor(readonly username: string) {
    super(
      `ADMIN_USERNAME '${username}' belongs to an existing non-admin account; refusing to promote it. ` +
        'Choose another ADMIN_USERNAME (or remove that account) and start again.',
    );
  }
}

/**
 * Creates the admin named by ADMIN_USERNAME/ADMIN_PASSWORD (or `npm run admin:create`). An
 * existing admin of that name gets the configured password and phone (its sessions end only
 * when the password really changes). An existing customer or operator of that name is never
 * promoted: AdminNameTaken, and the caller refuses to start.
 */
export async function upsertAdmin(
  db: Database,
  { username, password, phone }: { username: string; password: string; phone?: string | undefined },
): Promise<PublicUser> {
  const e164 = phone ? toE164(phone) : null;
  const [existing] = await db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (existing && !isAdmin(existing)) throw new AdminNameTaken(username);
  if (existing) {
    const samePassword = await verifyPassword(password, existing.passwordHash);
    const [user] = await db
      .update(users)
      .set({
        ...(samePassword ? {} : { passwordHash: await hashPassword(password) }),
        ...(e164 ? { phone: e164 } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id))
      .returning(publicUserColumns);
    if (!user) throw new Error('admin update returned no row');
    return user;
  }
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash: await hashPassword(password), role: 'admin', phone: e164 })
    .returning(publicUserColumns);
  if (!user) throw new Error('admin insert returned no row');
  return user;
}

/** Logout: the account's session version moves on, so its tokens (and open streams) end at once. */
export async function endSessions(db: Database, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * The signed-in user changes their own password. A wrong current password is a 400 field error
 * (a 401 would sign the caller out). The new hash moves the session version on (the trigger of
 * migration 0002), ending every session; the caller gets the account at its new version, so its
 * own session goes on with a new token.
 */
/** A 400 on the current-password field unless `current` is the user's password. */
export async function checkCurrentPassword(db: Database, userId: number, current: string): Promise<void> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row || !(await verifyPassword(current, row.passwordHash))) {
    throw badRequest(CURRENT_PASSWORD_WRONG, { currentPassword: [CURRENT_PASSWORD_WRONG] });
  }
}

export async function changePassword(db: Database, userId: number, current: string, next: string): Promise<Account> {
  await checkCurrentPassword(db, userId, current);
  const [account] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(next), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(accountColumns);
  if (!account) throw unauthorized();
  return toAccount(account);
}
