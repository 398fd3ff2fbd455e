import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openEnvDatabase } from '../bootstrap';
import { exportDatabase } from '../db/transfer';
import { EnvError, parseEnv } from '../env';

/**
 * npm run db:export -- --out FILE: every row of the database the configuration names (the embedded
 * one under DATA_DIR, or DATABASE_URL) as one JSON file, for `npm run db:import` (docs/deploy.md).
 * Stop the app first when it runs on the embedded database (it serves one process).
 */
const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: npm run db:export -- --out FILE');
  process.exit(2);
}
try {
  const database = await openEnvDatabase(parseEnv());
  try {
    const file = await exportDatabase(database.db);
    writeFileSync(values.out, JSON.stringify(file));
    const rows = Object.values(file.tables).reduce((n, t) => n + t.length, 0);
    console.log(`Exported ${rows} rows of ${Object.keys(file.tables).length} tables to ${values.out}.`);
  } finally {
    await database.close();
  }
} catch (err) {
  if (!(err instanceof EnvError)) throw err;
  for (const line of err.lines) console.error(line);
  process.exitCode = 1;
}
