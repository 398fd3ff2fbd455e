import { describe, expect, it } from 'vitest';
import { judgeAudit } from './audit-verdict';

const report = (vulnerabilities: Record<string, { severity: string; fixAvailable?: boolean }>) =>
  JSON.stringify({ auditReportVersion: 2, vulnerabilities, metadata: { vulnerabilities: {} } });

describe('judgeAudit (npm run audit:production)', () => {
  it('fails on a high or a critical advisory, naming the package', () => {
    expect(judgeAudit(report({ fastify: { severity: 'high', fixAvailable: true }, ms: { severity: 'low' } }))).toEqual({
      verdict: 'fail',
      lines: ['high: fastify (a fix is available)'],
    });
    expect(judgeAudit(report({ pg: { severity: 'critical' } })).verdict).toBe('fail');
  });

  it('passes with only moderate or lower advisories, or none', () => {
    expect(judgeAudit(report({ ms: { severity: 'moderate' } }))).toEqual({
      verdict: 'pass',
      lines: ['no high or critical advisory in production dependencies (1 lower)'],
    });
    expect(judgeAudit(report({})).verdict).toBe('pass');
  });

  it('says the service did not answer, rather than passing, when the registry refuses the audit', () => {
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    });
    expect(judgeAudit(refused)).toEqual({
      verdict: 'unavailable',
      lines: ['the advisory service did not answer: 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk'],
    });
    expect(judgeAudit(JSON.stringify({ error: { code: 'ENOTFOUND', summary: 'getaddrinfo ENOTFOUND' } })).lines).toEqual([
      'the advisory service did not answer: getaddrinfo ENOTFOUND',
    ]);
    expect(judgeAudit('').verdict).toBe('unavailable');
  });
});
