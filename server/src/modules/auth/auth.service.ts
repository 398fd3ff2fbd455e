import { eq, or, sql } from 'drizzle-orm';
import type { Role } from '../../../../shared/constants';
import type { PublicUser } from '../../../../shared/contracts';
import { toE164 } from '../../../../shared/utils/phone';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, isUniqueViolation, pgConstraint, unauthorized } from '../../lib/http-errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';

export const publicUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  phone: users.phone,
  role: users.role,
};

export interface NewAccount {
  username?: string | undefined;
  email?: string | undefined;
  phone: string;
  password: string;
  role: Role;
}

const looksLikePhone = (value: string) => /^\+?\d{7,16}$/.test(value);

/** Creates an account; a taken phone or username is a 409 naming which. */
export async function createAccount(db: Database, input: NewAccount): Promise<PublicUser> {
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
      .returning(publicUserColumns);
    if (!user) throw new Error('insert returned no row');
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict(
        pgConstraint(err) === 'users_username_unique'
          ? 'This username is already taken'
          : 'An account with this phone number already exists',
      );
    }
    throw err;
  }
}

/**
 * Checks credentials. `login` is a username or a phone number (already stripped of hyphens, spaces
 * and parentheses). Unknown user and wrong password give the same answer in about the same time.
 */
export async function authenticate(db: Database, login: string, password: string): Promise<PublicUser> {
  const byUsername = eq(sql`lower(${users.username})`, login.toLowerCase());
  const [row] = await db
    .select({ ...publicUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(looksLikePhone(login) ? or(byUsername, eq(users.phone, toE164(login))) : byUsername)
    .limit(1);
  if (!row) {
    await burnPasswordCheck(password);
    throw unauthorized('Invalid credentials');
  }
  if (!(await verifyPassword(password, row.passwordHash))) throw unauthorized('Invalid credentials');
  const { passwordHash: _hash, ...user } = row;
  return user;
}

export async function findPublicUser(db: Database, id: number): Promise<PublicUser | undefined> {
  const [user] = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Creates the admin named by ADMIN_USERNAME/ADMIN_PASSWORD, or updates its password and role. */
export async function upsertAdmin(
  db: Database,
  { username, password, phone }: { username: string; password: string; phone?: string | undefined },
): Promise<PublicUser> {
  const passwordHash = await hashPassword(password);
  const e164 = phone ? toE164(phone) : null;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (existing) {
    const [user] = await db
      .update(users)
      .set({ passwordHash, role: 'admin', ...(e164 ? { phone: e164 } : {}), updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning(publicUserColumns);
    if (!user) throw new Error('admin update returned no row');
    return user;
  }
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash, role: 'admin', phone: e164 })
    .returning(publicUserColumns);
  if (!user) throw new Error('admin insert returned no row');
  return user;
}
