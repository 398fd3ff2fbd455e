import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildApp, type App, type AppConfig } from '../app';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { createIntegrations, type Integrations } from '../integrations';
import type { WorkerContext } from '../workers';
import { operatorSubscriptions, users } from '../db/schema';
import type { AuthResponse } from '@shared/contracts';
import { createTestDatabase } from './database';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Send this string as the raw body instead of JSON-encoding `body`. */
  raw?: string;
}

export interface TestServer {
  app: App;
  url: string;
  db: Database;
  database: DatabaseHandle;
  /** The PostgreSQL database's URL (undefined on PGlite). */
  databaseUrl: string | undefined;
  config: AppConfig;
  /** The integrations the app was built with (offline providers under a temporary DATA_DIR unless passed). */
  integrations: Integrations;
  /** For starting workers or running one round against this server's database (`startWorkers`, `worker.run`). */
  workerContext: WorkerContext;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** Registers an account over the API and returns `{ user, token }`. */
  signUp(role?: 'customer' | 'operator', overrides?: Record<string, unknown>): Promise<AuthResponse>;
  /** An operator with an active subscription. */
  signUpSubscribedOperator(): Promise<AuthResponse>;
  /** An admin (admins come only from configuration, so this writes to the database). */
  signUpAdmin(): Promise<AuthResponse>;
  close(): Promise<void>;
}

let phoneCounter = 0;
/** A unique, valid ten-digit phone number for each account a test creates. */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `512${String(Date.now() % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(3, '0')}`.slice(0, 10);
}

/** The usual cast of an authorization test: each an account of its own on `server`. */
export interface TestCast {
  /** An operator with an active subscription. */
  owner: AuthResponse;
  /** An operator who has not subscribed. */
  unpaid: AuthResponse;
  /** Another subscribed operator. */
  other: AuthResponse;
  customer: AuthResponse;
  admin: AuthResponse;
}

export async function signUpCast(server: TestServer): Promise<TestCast> {
  const [owner, unpaid, other, customer, admin] = await Promise.all([
    server.signUpSubscribedOperator(),
    server.signUp('operator'),
    server.signUpSubscribedOperator(),
    server.signUp('customer'),
    server.signUpAdmin(),
  ]);
  return { owner, unpaid, other, customer, admin };
}

export interface TestServerOptions {
  /** Replace some integrations (e.g. S3 storage on a fake store, a failing SMS provider). */
  integrations?: Partial<Integrations>;
  /**
   * Run on this server's database instead of a fresh one, like a second process behind the load
   * balancer: on PostgreSQL through its own connection pool; on PGlite (one process only) the
   * same handle.
   */
  shareDatabaseWith?: TestServer;
  /** Run on this database, opened by the test (e.g. through a proxy it can cut); closed by close(). */
  database?: DatabaseHandle;
  /** Adds routes of the test's own before the server listens (e.g. one that holds its answer). */
  routes?: (app: App) => void;
}

async function databaseFor(
  shared: TestServer | undefined,
  given: DatabaseHandle | undefined,
): Promise<{ handle: DatabaseHandle; url?: string | undefined; drop(): Promise<void> }> {
  if (given) return { handle: given, drop: () => given.close() };
  if (!shared) return createTestDatabase();
  if (!shared.databaseUrl) return { handle: shared.database, drop: async () => {} };
  const handle = await openDatabase({ url: shared.databaseUrl, poolMax: 5 });
  return { handle, url: shared.databaseUrl, drop: () => handle.close() };
}

/** Starts the whole app on a fresh database and a random port, as the server does, over real HTTP. */
export async function startTestServer(
  overrides: Partial<AppConfig> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const { handle, drop, url: databaseUrl } = await databaseFor(options.shareDatabaseWith, options.database);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ftf-test-'));
  const config: AppConfig = {
    nodeEnv: 'test',
    dataDir,
    // A second process of the same deployment shares the secret (its tokens work on either).
    jwtSecret: options.shareDatabaseWith?.config.jwtSecret ?? randomBytes(32).toString('hex'),
    demoData: false,
    authRateLimitPerMinute: 10_000,
    // Test files create many accounts and trucks from one address; throttling tests lower these.
    rateLimits: {
      signInFailuresPerAccount: 10_000,
      signInFailuresPerAddress: 10_000,
      signupsPerAddressPerHour: 100_000,
      truckOpeningsPerOperatorPerHour: 10_000,
      freeVoicePerDay: 100_000,
      uploadUrlsPerUserPerHour: 10_000,
      publicReadsPerAddressPerMinute: 1_000_000,
      eventStreamsPerAddress: 1_000_000,
      eventStreamsPerAccount: 1_000_000,
      claimTextsPerOperatorPerHour: 10_000,
    },
    publicUrl: 'http://127.0.0.1', // replaced by the real address once listening (below)
    ...overrides,
  };
  const integrations: Integrations = { ...createIntegrations({ dataDir }), ...options.integrations };
  const app = await buildApp({ database: handle, config, integrations });
  options.routes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const url = `http://127.0.0.1:${address.port}`;
  // The port is known only now: upload URLs point at this server unless a test chose otherwise.
  if (!overrides.publicUrl) config.publicUrl = url;

  async function request<T>(method: string, urlPath: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(url + urlPath, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  async function signUp(role: 'customer' | 'operator' = 'customer', extra: Record<string, unknown> = {}) {
    const res = await request<AuthResponse>('POST', '/api/auth/register', {
      body: { phone: uniquePhone(), password: 'correct-horse-1', role, ...extra },
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    // An account as people have them: its number confirmed by a texted code (ADR 0189), so its
    // alerts are sent. Tests of an unconfirmed number register with a plain request.
    await handle.db.update(users).set({ phoneConfirmedAt: new Date() }).where(eq(users.id, res.body.user.id));
    return { ...res.body, user: { ...res.body.user, phoneConfirmed: true } };
  }

  return {
    app,
    url,
    db: handle.db,
    database: handle,
    databaseUrl,
    config,
    integrations,
    workerContext: { db: handle.db, database: handle, integrations, config, log: app.log },
    request,
    signUp,
    async signUpSubscribedOperator() {
      const session = await signUp('operator');
      await handle.db.insert(operatorSubscriptions).values({ operatorId: session.user.id, status: 'active' });
      return session;
    },
    async signUpAdmin() {
      const session = await signUp('customer');
      // A role change ends the account's sessions (migration 0002): sign in again for a token.
      await handle.db.update(users).set({ role: 'admin' }).where(eq(users.id, session.user.id));
      const login = await request<AuthResponse>('POST', '/api/auth/login', {
        body: { username: session.user.phone, password: 'correct-horse-1' },
      });
      if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status}`);
      return login.body;
    },
    async close() {
      // app.close() waits for every open connection. A test's client can leave one busy: after 5 s
      // the remaining connections are ended, and the test says so. (The crafted-uploads suite met
      // this intermittently: a streamed file's response ended just after close() began, and its
      // kept-alive connection stayed open; app.ts now ends it, app-close.api.test.ts.)
      const closing = app.close();
      const stuck = setTimeout(() => {
        console.warn(`test server ${url}: connections still open 5 s into close(); ending them`);
        app.server.closeAllConnections();
      }, 5000);
      await closing.finally(() => clearTimeout(stuck));
      await integrations.speech.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
