/**
 * `npm run audit:production` (issue 13; run by .ci/run): fails when a production dependency has a
 * high or critical advisory in the npm registry's advisory database (`npm audit --omit=dev`).
 *
 * When the advisory service does not answer — some registries and mirrors refuse its POST (405),
 * or the machine is offline — nothing can be judged: it says so and exits 0, unless
 * AUDIT_REQUIRED=1, so a network without the service does not block every build, and a build that
 * must be audited can insist.
 */
import { execFile } from 'node:child_process';
import { judgeAudit } from './audit-verdict';

async function main(): Promise<void> {
  const output = await new Promise<string>((resolve) => {
    // npm audit exits non-zero both for findings and for failures: the JSON tells them apart.
    execFile('npm', ['audit', '--omit=dev', '--json'], { maxBuffer: 64 * 1024 * 1024 }, (_err, stdout) =>
      resolve(stdout),
    );
  });
  const result = judgeAudit(output);
  for (const line of result.lines) console.log(`audit: ${line}`);
  if (result.verdict === 'fail') process.exit(1);
  if (result.verdict === 'unavailable') {
    if (process.env.AUDIT_REQUIRED === '1') process.exit(1);
    console.log('audit: NOT JUDGED (set AUDIT_REQUIRED=1 to fail instead)');
  }
}

await main();
