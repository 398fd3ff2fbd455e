import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvError, parseEnv, resolveJwtSecret } from './env';

const linesOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    parseEnv(env);
    return [];
  } catch (err) {
    if (err instanceof EnvError) return err.lines;
    throw err;
  }
};

describe('parseEnv', () => {
  it('needs nothing on a laptop and applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 5000, HOST: '0.0.0.0', DATA_DIR: './data', NODE_ENV: 'development' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DEMO_DATA).toBeUndefined();
    expect(env).toMatchObject({ DEFAULT_TIMEZONE: 'America/Chicago', AUTO_CLOSE_HOURS: 8 });
    expect(parseEnv({ DEFAULT_TIMEZONE: 'Europe/Berlin' }).DEFAULT_TIMEZONE).toBe('Europe/Berlin');
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid environment variable PORT: must be a number'],
    [{ PORT: '70000' }, 'Invalid environment variable PORT: must be between 1 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid environment variable DATABASE_URL: must be a postgres:// connection URL'],
    [{ DEMO_DATA: 'maybe' }, 'Invalid environment variable DEMO_DATA: must be true or false'],
    [{ JWT_SECRET: 'short' }, 'Invalid environment variable JWT_SECRET: must be at least 32 characters'],
    [{ NODE_ENV: 'production', PAYMENTS_TEST_MODE: '1' }, 'Invalid environment variable JWT_SECRET: is required when NODE_ENV=production'],
    [{ ADMIN_USERNAME: 'admin' }, 'Invalid environment variable ADMIN_PASSWORD: must be set together with the other ADMIN_ variable'],
    [{ SIGNUPS_PER_ADDRESS_PER_HOUR: 'many' }, 'Invalid environment variable SIGNUPS_PER_ADDRESS_PER_HOUR: must be a number'],
    [{ SIGN_IN_FAILURES_PER_ACCOUNT: '0' }, 'Invalid environment variable SIGN_IN_FAILURES_PER_ACCOUNT: must be at least 1'],
    [{ DEFAULT_TIMEZONE: 'Central' }, 'Invalid environment variable DEFAULT_TIMEZONE: must be an IANA time zone such as America/Chicago'],
    [{ AUTO_CLOSE_HOURS: '0' }, 'Invalid environment variable AUTO_CLOSE_HOURS: must be more than 0'],
  ])('reports %j as one line naming the variable', (env, line) => {
    expect(linesOf(env)).toEqual([line]);
  });

  it('refuses Twilio without PUBLIC_URL in production: no reply signature could be checked (issue 32)', () => {
    const twilio = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+15550000001' };
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PAYMENTS_TEST_MODE: '1', ...twilio };
    expect(linesOf(production)).toEqual([
      'Invalid environment variable PUBLIC_URL: is required with Twilio when NODE_ENV=production (Twilio signs the public address of /api/sms/inbound)',
    ]);
    expect(linesOf({ ...production, PUBLIC_URL: 'https://trucks.example' })).toEqual([]);
    expect(linesOf(twilio)).toEqual([]);
  });

  it('refuses test-mode payments in production unless PAYMENTS_TEST_MODE says so (issue 32)', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    expect(linesOf(production)).toEqual([
      'Invalid environment variable STRIPE_SECRET_KEY: and the other STRIPE_ variables are required when NODE_ENV=production (or set PAYMENTS_TEST_MODE=1 to run payments in test mode)',
    ]);
    expect(linesOf({ ...production, PAYMENTS_TEST_MODE: '1' })).toEqual([]);
    const stripe = { STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_PRICE_ID: 'price', STRIPE_WEBHOOK_SECRET: 'whsec' };
    expect(linesOf({ ...production, ...stripe })).toEqual([]);
    // On a laptop test mode needs nothing.
    expect(linesOf({})).toEqual([]);
  });

  it('reads flags and treats empty values as unset', () => {
    expect(parseEnv({ DEMO_DATA: 'false' }).DEMO_DATA).toBe(false);
    expect(parseEnv({ DEMO_DATA: '1' }).DEMO_DATA).toBe(true);
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

describe('resolveJwtSecret', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('uses JWT_SECRET when given', () => {
    expect(resolveJwtSecret({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent' })).toBe('x'.repeat(32));
  });

  it('generates a secret once, keeps it private under DATA_DIR and reuses it', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ftf-env-'));
    const first = resolveJwtSecret({ JWT_SECRET: undefined, DATA_DIR: dir });
    const file = path.join(dir, 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(resolveJwtSecret({ JWT_SECRET: undefined, DATA_DIR: dir })).toBe(first);
  });
});
