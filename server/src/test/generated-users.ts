import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * Inserts `count` customers in one statement, for search and paging tests and the admin benchmark:
 * usernames `{prefix}` + the number padded to `digits`, phones +1737 + 7 digits, an email on every
 * `emailEvery`-th account ('person{n}@example.org'). Their password hash is not a valid one: they
 * cannot sign in.
 */
export async function insertGeneratedCustomers(
  db: DbOrTx,
  {
    count,
    prefix,
    digits,
    emailEvery,
  }: { count: number; prefix: string; digits: number; emailEvery: number },
): Promise<void> {
  await db.execute(sql`
    insert into users (username, email, phone, password_hash, role)
    select ${prefix} || lpad(i::text, ${digits}, '0'),
           case when i % ${emailEvery} = 0 then 'person' || i || '@example.org' end,
           '+1737' || lpad(i::text, 7, '0'),
           'generated',
           'customer'
    from generate_series(1, ${count}) as i`);
}
