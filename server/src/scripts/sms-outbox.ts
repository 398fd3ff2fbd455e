import { parseArgs } from 'node:util';
import { recentSmsOutbox } from '../modules/sms/sms-outbox.service';
import { withScriptDatabase } from './script-database';

/**
 * npm run sms:outbox [-- --limit N]: the newest SMS outbox rows (status, attempts, recipient, text).
 * The embedded database belongs to one process: stop the server first, or read the worker's log
 * lines (the offline provider logs every message it "delivers").
 */
const { values } = parseArgs({ options: { limit: { type: 'string', default: '20' } } });
const limit = Math.min(Math.max(Number(values.limit) || 20, 1), 500);
await withScriptDatabase('npm run sms:outbox', async (database) => {
  const rows = await recentSmsOutbox(database.db, limit);
  if (rows.length === 0) console.log('The SMS outbox is empty.');
  for (const row of rows) {
    const when = (row.sentAt ?? row.createdAt).toISOString();
    console.log(
      `#${row.id} ${row.status.padEnd(7)} attempts=${row.attempts} ${when} to=${row.toPhone} truck=${row.foodTruckId ?? '-'} via=${row.provider ?? '-'}${row.lastError ? ` error="${row.lastError}"` : ''}`,
    );
    console.log(`    ${row.body.replace(/\n/g, ' | ')}`);
  }
});
