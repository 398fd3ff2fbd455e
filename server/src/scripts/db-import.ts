import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openEnvDatabase } from '../bootstrap';
import { importDatabase, ImportRefused, type ExportFile } from '../db/transfer';
import { EnvError, parseEnv } from '../env';

/**
 * npm run db:import -- FILE: loads a `db:export` file into the (empty) database the configuration
 * names, e.g. `DATABASE_URL=postgres://… npm run db:import -- backup.json` to move to PostgreSQL.
 */
const { positionals } = parseArgs({ allowPositionals: true });
const source = positionals[0];
if (!source) {
  console.error('Usage: npm run db:import -- FILE');
  process.exit(2);
}
try {
  const file = JSON.parse(readFileSync(source, 'utf8')) as ExportFile;
  const database = await openEnvDatabase(parseEnv());
  try {
    const counts = await importDatabase(database.db, file);
    const rows = Object.values(counts).reduce((n, c) => n + c, 0);
    console.log(`Imported ${rows} rows into ${Object.keys(counts).length} tables.`);
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof EnvError) for (const line of err.lines) console.error(line);
  else if (err instanceof ImportRefused || err instanceof SyntaxError) console.error(err.message);
  else throw err;
  process.exitCode = 1;
}
