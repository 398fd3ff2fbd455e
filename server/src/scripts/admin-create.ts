import { parseArgs } from 'node:util';
import { AdminNameTaken, upsertAdmin } from '../modules/auth/auth.service';
import { withScriptDatabase } from './script-database';

/**
 * npm run admin:create -- --username NAME --password SECRET [--phone NUMBER]. On the embedded
 * database, stop the server first (it serves one process); or set ADMIN_USERNAME/ADMIN_PASSWORD
 * and restart the server.
 */
const { values } = parseArgs({
  options: { username: { type: 'string' }, password: { type: 'string' }, phone: { type: 'string' } },
});
const { username, password } = values;
if (!username || !password || password.length < 8) {
  console.error('Usage: npm run admin:create -- --username NAME --password SECRET(8+ characters) [--phone NUMBER]');
  process.exit(2);
}
await withScriptDatabase('npm run admin:create', async (database) => {
  try {
    const admin = await upsertAdmin(database.db, { username, password, phone: values.phone });
    console.log(`Admin '${admin.username}' is ready (id ${admin.id}).`);
  } catch (err) {
    if (!(err instanceof AdminNameTaken)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  }
});
