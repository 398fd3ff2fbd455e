import { parseArgs } from 'node:util';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { parseEnv } from '../env';
import { recentSmsOutbox } from '../modules/sms/sms-outbox.service';

/**
 * npm run sms:outbox [-- --limit N]: the newest SMS outbox rows (status, attempts, recipient, text).
 * The embedded database belongs to one process: stop the server first, or read the worker's log
 * lines (the offline provider logs every message it "delivers").
 */
const { values } = parseArgs({ options: { limit: { type: 'string', default: '20' } } });
const limit = Math.min(Math.max(Number(values.limit) || 20, 1), 500);
const env = parseEnv();
const database = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(path.resolve(env.DATA_DIR), 'pglite') },
);
try {
  const rows = await recentSmsOutbox(database.db, limit);
  if (rows.length === 0) console.log('The SMS outbox is empty.');
  for (const row of rows) {
    const when = (row.sentAt ?? row.createdAt).toISOString();
    console.log(
      `#${row.id} ${row.status.padEnd(7)} attempts=${row.attempts} ${when} to=${row.toPhone} truck=${row.foodTruckId ?? '-'} via=${row.provider ?? '-'}${row.lastError ? ` error="${row.lastError}"` : ''}`,
    );
    console.log(`    ${row.body.replace(/\n/g, ' | ')}`);
  }
} finally {
  await database.close();
}
