import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness';

describe('GET /api/health (liveness) and /api/ready (readiness)', () => {
  it('are ok while the database answers; once it does not, the process is still live but not ready', async () => {
    const server = await startTestServer();
    try {
      expect(await server.request('GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await server.request('GET', '/api/ready')).toMatchObject({ status: 200, body: { status: 'ok' } });
      await server.database.close();
      expect(await server.request('GET', '/api/ready')).toMatchObject({ status: 503, body: { status: 'unavailable' } });
      expect(await server.request('GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    } finally {
      await server.close();
    }
  });
});

describe('GET /api/app-config', () => {
  it('shows the demo credentials only while demo data is on', async () => {
    const off = await startTestServer({ demoData: false });
    const on = await startTestServer({ demoData: true });
    try {
      expect((await off.request('GET', '/api/app-config')).body).toEqual({
        demoCredentials: null,
        payments: { mode: 'test', publishableKey: null },
      });
      const shown = await on.request<{ demoCredentials: { role: string; phone: string }[] }>('GET', '/api/app-config');
      expect(shown.body.demoCredentials.map((c) => c.role).sort()).toEqual(['customer', 'operator']);
    } finally {
      await off.close();
      await on.close();
    }
  });
});
