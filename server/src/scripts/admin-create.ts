import { parseArgs } from 'node:util';
import { openEnvDatabase } from '../bootstrap';
import { parseEnv } from '../env';
import { AdminNameTaken, upsertAdmin } from '../modules/auth/auth.service';

/** npm run admin:create -- --username NAME --password SECRET [--phone NUMBER] */
const { values } = parseArgs({
  options: { username: { type: 'string' }, password: { type: 'string' }, phone: { type: 'string' } },
});
if (!values.username || !values.password || values.password.length < 8) {
  console.error('Usage: npm run admin:create -- --username NAME --password SECRET(8+ characters) [--phone NUMBER]');
  process.exit(2);
}
const env = parseEnv();
const database = await openEnvDatabase(env);
try {
  const admin = await upsertAdmin(database.db, { username: values.username, password: values.password, phone: values.phone });
  console.log(`Admin '${admin.username}' is ready (id ${admin.id}).`);
} catch (err) {
  if (!(err instanceof AdminNameTaken)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
