import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { smsOutbox } from '../db/schema';

/**
 * The code in the newest text to a phone number, or about a truck (a listing's claim), as the
 * offline provider would deliver it.
 */
export async function textedCode(db: Database, to: { phone: string } | { truckId: number }): Promise<string> {
  const [row] = await db
    .select()
    .from(smsOutbox)
    .where('phone' in to ? eq(smsOutbox.toPhone, to.phone) : eq(smsOutbox.foodTruckId, to.truckId))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error(`no code texted to ${JSON.stringify(to)}`);
  return code;
}
