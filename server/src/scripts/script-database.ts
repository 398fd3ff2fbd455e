import { openEnvDatabase } from '../bootstrap';
import { DataDirInUse, type DatabaseHandle } from '../db/client';
import { EnvError, parseEnv } from '../env';

/**
 * Runs a command-line script's work on the database the configuration names, and closes it. A
 * script never prints a stack trace for what a user can fix: the embedded database held by the
 * running server (it serves one process) gives one line saying to stop the server first; a bad
 * variable gives env's one line per variable. Both exit with code 1.
 */
export async function withScriptDatabase(command: string, work: (database: DatabaseHandle) => Promise<void>): Promise<void> {
  let database: DatabaseHandle;
  try {
    const env = parseEnv();
    database = await openEnvDatabase(env).catch((err: unknown) => {
      throw err instanceof EnvError && err.cause instanceof DataDirInUse ? err.cause : err;
    });
  } catch (err) {
    if (err instanceof DataDirInUse) {
      const pid = err.holderPid === undefined ? '' : ` (pid ${err.holderPid})`;
      console.error(`Stop the server first${pid}: the embedded database serves one process, so \`${command}\` cannot open it while the server runs.`);
    } else if (err instanceof EnvError) {
      for (const line of err.lines) console.error(line);
    } else {
      throw err;
    }
    process.exitCode = 1;
    return;
  }
  try {
    await work(database);
  } finally {
    await database.close();
  }
}
