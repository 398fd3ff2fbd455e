/** Reads `npm audit --json` for `npm run audit:production` (scripts/audit-production.ts). */
import { z } from 'zod';

const BLOCKING = ['high', 'critical'] as const;

const reportSchema = z.object({
  vulnerabilities: z.record(
    z.string(),
    z.object({ severity: z.string(), isDirect: z.boolean().optional(), fixAvailable: z.unknown().optional() }),
  ),
});
const failureSchema = z.object({
  message: z.string().optional(),
  statusCode: z.number().optional(),
  error: z.object({ code: z.string().optional(), summary: z.string().optional() }).optional(),
});

export type AuditVerdict =
  | { verdict: 'pass'; lines: string[] }
  | { verdict: 'fail'; lines: string[] }
  | { verdict: 'unavailable'; lines: string[] };

/** Judges the JSON that `npm audit --json` printed. */
export function judgeAudit(output: string): AuditVerdict {
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    return { verdict: 'unavailable', lines: ['npm audit printed no JSON report'] };
  }
  const report = reportSchema.safeParse(parsed);
  if (!report.success) {
    const failure = failureSchema.safeParse(parsed);
    const reasons = failure.success
      ? [failure.data.error?.summary, failure.data.message, failure.data.error?.code]
      : ['an unexpected report'];
    const why = reasons.find((reason) => reason) ?? 'no reason given';
    return { verdict: 'unavailable', lines: [`the advisory service did not answer: ${why}`] };
  }
  const blocking = Object.entries(report.data.vulnerabilities).filter(([, v]) =>
    (BLOCKING as readonly string[]).includes(v.severity),
  );
  if (blocking.length === 0) {
    const count = Object.keys(report.data.vulnerabilities).length;
    return { verdict: 'pass', lines: [`no high or critical advisory in production dependencies (${count} lower)`] };
  }
  return {
    verdict: 'fail',
    lines: blocking.map(([name, v]) => `${v.severity}: ${name}${v.fixAvailable ? ' (a fix is available)' : ''}`),
  };
}
