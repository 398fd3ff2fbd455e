import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@shared/contracts/schedules';
import type { SpeechConfig } from './integrations/speech';
import type { StripeConfig } from './integrations/payments';
import type { TwilioConfig } from './integrations/sms';
import type { PushConfig } from './modules/push/push.service';
import type { HttpGeocodingConfig } from './integrations/geocoding';
import type { S3Config } from './integrations/storage';
import { SERVER_RENDER_MODES } from '@shared/contracts/server-render';

const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** An optional limit (a whole number ≥ 1); unset means the default in lib/rate-limits.ts. */
const limit = optional(z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1'));

const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
const GEOCODING_VARIABLES = ['GEOCODING_PROVIDER', 'GEOCODING_URL'] as const;
const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Every variable the server reads. `.env.example` documents each one. */
export const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .default('development'),
    PORT: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 65535')
      .max(65535, 'must be between 1 and 65535')
      .default(5000),
    HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
    /** The address browsers reach this server at (upload URLs are built from it). Default http://localhost:PORT. */
    PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be a pino level such as info',
      })
      .default('info'),
    DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
    PROCESS_ROLE: z.enum(['web', 'worker', 'all'], { error: 'must be web, worker or all' }).default('all'),
    DATABASE_URL: optional(
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// connection URL' }),
    ),
    JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    ADMIN_USERNAME: optional(z.string().min(3, 'must be at least 3 characters')),
    ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
    ADMIN_PHONE: optional(
      z.string().regex(/^\+?[1-9]\d{9,15}$/, 'must be a phone number of 10 to 16 digits'),
    ),
    DEMO_DATA: optional(flag),
    /** Production without Stripe keys runs payments in test mode only when this says so (issue 32). */
    PAYMENTS_TEST_MODE: optional(flag),
    TRUST_PROXY: optional(flag),
    /** Which pages come as HTML from the server (ADR 0168); a truck's page by default. */
    SERVER_RENDER: optional(
      z.enum(SERVER_RENDER_MODES, { error: `must be one of ${SERVER_RENDER_MODES.join(', ')}` }),
    ),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(30),
    /** IANA zone of truck schedules whose operator chose none (ADR 0100). */
    DEFAULT_TIMEZONE: z
      .string()
      .refine(isTimeZone, 'must be an IANA time zone such as America/Chicago')
      .default(DEFAULT_TIME_ZONE),
    /** An open truck without a location update for this many hours is closed by the server. */
    AUTO_CLOSE_HOURS: z.coerce
      .number({ error: 'must be a number' })
      .positive('must be more than 0')
      .max(168, 'must be at most 168 (a week)')
      .default(8),
    STOP_END_GRACE_MINUTES: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(1440, 'must be at most 1440 (a day)')
      .default(30),
    STRIPE_SECRET_KEY: optional(z.string()),
    STRIPE_PUBLISHABLE_KEY: optional(z.string()),
    STRIPE_PRICE_ID: optional(z.string()),
    STRIPE_WEBHOOK_SECRET: optional(z.string()),
    /** Bounds of one Stripe call (ADR 0110); unset means STRIPE_DEFAULTS. */
    STRIPE_TIMEOUT_MS: optional(
      z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(100, 'must be at least 100'),
    ),
    STRIPE_MAX_NETWORK_RETRIES: optional(
      z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(5, 'must be at most 5'),
    ),
    /** The platform's share of each order (issue 30), in basis points of the subtotal (250 = 2.5 %); default 0. */
    ORDER_PLATFORM_FEE_BPS: optional(
      z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(3000, 'must be at most 3000 (30 %)'),
    ),
    TWILIO_ACCOUNT_SID: optional(z.string()),
    TWILIO_AUTH_TOKEN: optional(z.string()),
    TWILIO_FROM: optional(z.string()),
    /** Web Push identity (ADR 0160): both keys or neither (then generated on first start and kept in the database). */
    VAPID_PUBLIC_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key, 65 bytes in base64url (npx web-push generate-vapid-keys)')),
    VAPID_PRIVATE_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, 32 bytes in base64url')),
    /** A mailto: or https: contact push services may use; default mailto:alerts@{PUBLIC_URL's host}. */
    VAPID_SUBJECT: optional(z.string().regex(/^(mailto:.+|https:\/\/.+)$/, 'must be a mailto: address or an https: URL')),
    /** Accept push endpoints on http: and local hosts (a local push service in development). Never in production. */
    PUSH_ALLOW_LOCAL_ENDPOINTS: optional(flag),
    S3_ENDPOINT: optional(z.url({ error: 'must be a URL' })),
    S3_BUCKET: optional(z.string()),
    S3_REGION: optional(z.string()),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    /** A Nominatim- or Photon-compatible server for operators' address search (ADR 0151); unset: offline (known places). */
    GEOCODING_PROVIDER: optional(z.enum(['nominatim', 'photon'], { error: 'must be nominatim or photon' })),
    GEOCODING_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
    /** Sent with every geocoding call (OSM's usage policy); default names the app and PUBLIC_URL. */
    GEOCODING_USER_AGENT: optional(z.string().min(1)),
    /** Nominatim's `email` parameter: a contact for the server's operators. */
    GEOCODING_EMAIL: optional(z.email({ error: 'must be an email address' })),
    /** Limit results to these countries (ISO 3166-1 alpha-2, comma-separated, e.g. us). */
    GEOCODING_COUNTRY_CODES: optional(z.string().regex(/^[a-z]{2}(,[a-z]{2})*$/i, 'must be country codes such as us or us,ca')),
    GEOCODING_TIMEOUT_MS: optional(
      z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(100, 'must be at least 100'),
    ),
    /** Calls to the geocoder start at least this far apart per process (the public Nominatim allows 1 a second). */
    GEOCODING_MIN_INTERVAL_MS: optional(
      z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more'),
    ),
    OPENAI_API_KEY: optional(z.string()),
    OPENAI_BASE_URL: optional(z.url({ error: 'must be a URL' })),
    VOICE_STT: z.enum(['auto', 'offline', 'openai'], { error: 'must be auto, offline or openai' }).default('auto'),
    VOICE_TTS: z.enum(['auto', 'offline', 'openai'], { error: 'must be auto, offline or openai' }).default('auto'),
    OPENAI_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .default(8000),
    OPENAI_RETRY_AFTER_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .default(30_000),
    OPENAI_STT_MODEL: z.string().min(1, 'must not be empty').default('whisper-1'),
    OPENAI_TTS_MODEL: z.string().min(1, 'must not be empty').default('tts-1'),
    OPENAI_TTS_VOICE: z.string().min(1, 'must not be empty').default('alloy'),
    VOICE_RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(20),
    // Abuse limits, counted in the database for every process (ADR 0110).
    SIGN_IN_FAILURES_PER_ACCOUNT: limit,
    SIGN_IN_FAILURES_PER_ADDRESS: limit,
    SIGNUPS_PER_ADDRESS_PER_HOUR: limit,
    TRUCK_OPENINGS_PER_HOUR: limit,
    FREE_VOICE_QUESTIONS_PER_DAY: limit,
    UPLOAD_URLS_PER_HOUR: limit,
    PUBLIC_READS_PER_ADDRESS_PER_MINUTE: limit,
    EVENT_STREAMS_PER_ADDRESS: limit,
    EVENT_STREAMS_PER_ACCOUNT: limit,
    GEOCODE_REQUESTS_PER_MINUTE: limit,
    /** Anonymous questions the server works on per client address per day, understood or not (issue 32). */
    VOICE_FREE_ATTEMPTS_PER_ADDRESS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(60),
    /** How long the offline recogniser may work on one recording; then it is answered as not understood. */
    VOICE_RECOGNITION_BUDGET_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .default(5000),
    /** Free questions per client address per day: an abuse guard, well above one visitor's 3 (issue 25). */
    VOICE_FREE_USES_PER_ADDRESS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(30),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      const missing = env.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set together with the other ADMIN_ variable',
      });
    }
    const s3Set = [env.S3_ENDPOINT, env.S3_REGION, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].some(
      Boolean,
    );
    if (s3Set && !env.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required when other S3_ variables are set',
      });
    }
    for (const name of ['VOICE_STT', 'VOICE_TTS'] as const) {
      if (env[name] === 'openai' && !env.OPENAI_API_KEY) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'is openai but OPENAI_API_KEY is not set' });
      }
    }
    // A provider's variables come all together or not at all (then its offline mode runs).
    const allOrNone = (names: readonly (keyof typeof env)[], message: string) => {
      if (!names.some((n) => env[n]) || names.every((n) => env[n])) return;
      for (const name of names) if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message });
    };
    allOrNone(STRIPE_VARIABLES, 'must be set together with the other STRIPE_ variables (or none of them, for test mode)');
    // Test mode lets anyone subscribe with a test card: in production only when asked for.
    if (env.NODE_ENV === 'production' && !STRIPE_VARIABLES.some((n) => env[n]) && env.PAYMENTS_TEST_MODE !== true) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'and the other STRIPE_ variables are required when NODE_ENV=production (or set PAYMENTS_TEST_MODE=1 to run payments in test mode)',
      });
    }
    allOrNone(GEOCODING_VARIABLES, 'must be set together with the other of GEOCODING_PROVIDER and GEOCODING_URL (or neither, for the offline search of known places)');
    allOrNone(['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'], 'must be set together with the other VAPID key (or neither, to generate a pair)');
    if (env.NODE_ENV === 'production' && env.PUSH_ALLOW_LOCAL_ENDPOINTS === true) {
      ctx.addIssue({ code: 'custom', path: ['PUSH_ALLOW_LOCAL_ENDPOINTS'], message: 'must not be set when NODE_ENV=production' });
    }
    allOrNone(TWILIO_VARIABLES, 'must be set together with the other TWILIO_ variables (or none of them, for offline SMS)');
    // Twilio signs the public address it posts replies to: without PUBLIC_URL the check would use
    // http://localhost:PORT, no signature could ever match, and STOP/START would silently fail.
    if (env.NODE_ENV === 'production' && TWILIO_VARIABLES.every((n) => env[n]) && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required with Twilio when NODE_ENV=production (Twilio signs the public address of /api/sms/inbound)',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set together with the other S3 key variable',
      });
    }
  });
export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(
    readonly lines: string[],
    options?: ErrorOptions,
  ) {
    super(lines.join('\n'), options);
  }
}

/** Parses process.env; a bad value becomes one readable line naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map(
      (issue) => `Invalid environment variable ${String(issue.path[0] ?? '?')}: ${issue.message}`,
    ),
  );
}

/** The object store settings: S3 when S3_BUCKET is set (region defaults to us-east-1), else none. */
export function s3Config(env: Env): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

/** Stripe when all four STRIPE_ variables are set (the schema refuses a partial set), else test mode. */
export function stripeConfig(env: Env): StripeConfig | undefined {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_PRICE_ID || !env.STRIPE_WEBHOOK_SECRET) {
    return undefined;
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    priceId: env.STRIPE_PRICE_ID,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    timeoutMs: env.STRIPE_TIMEOUT_MS,
    maxNetworkRetries: env.STRIPE_MAX_NETWORK_RETRIES,
  };
}

/** Twilio when its three variables are set (the schema refuses a partial set), else offline SMS. */
export function twilioConfig(env: Env): TwilioConfig | undefined {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM) return undefined;
  return { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM };
}

/** Web Push settings: configured VAPID keys (else generated), subject, local endpoints (development). */
export function pushConfig(env: Env): PushConfig {
  return {
    vapidKeys:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : undefined,
    subject: env.VAPID_SUBJECT,
    allowLocalEndpoints: env.PUSH_ALLOW_LOCAL_ENDPOINTS === true,
  };
}

/** The Nominatim or Photon server when GEOCODING_PROVIDER and GEOCODING_URL are set, else the offline provider. */
export function geocodingConfig(env: Env): HttpGeocodingConfig | undefined {
  if (!env.GEOCODING_PROVIDER || !env.GEOCODING_URL) return undefined;
  return {
    kind: env.GEOCODING_PROVIDER,
    url: env.GEOCODING_URL,
    userAgent: env.GEOCODING_USER_AGENT ?? `FoodTruckFinder/1.0 (${env.PUBLIC_URL ?? 'self-hosted'})`,
    email: env.GEOCODING_EMAIL,
    countryCodes: env.GEOCODING_COUNTRY_CODES,
    timeoutMs: env.GEOCODING_TIMEOUT_MS,
    minIntervalMs: env.GEOCODING_MIN_INTERVAL_MS,
  };
}

/** JWT_SECRET, or one generated on first start and kept under DATA_DIR (never in production). */
export function resolveJwtSecret(env: Pick<Env, 'JWT_SECRET' | 'DATA_DIR'>): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(env.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Speech engines: the OpenAI-compatible API where OPENAI_API_KEY is set and VOICE_STT / VOICE_TTS
 * allow it (auto or openai), always with the offline engines as the fallback.
 */
export function speechConfig(env: Env): SpeechConfig {
  return {
    stt: env.VOICE_STT,
    tts: env.VOICE_TTS,
    retryAfterMs: env.OPENAI_RETRY_AFTER_MS,
    recognitionBudgetMs: env.VOICE_RECOGNITION_BUDGET_MS,
    openai: env.OPENAI_API_KEY
      ? {
          apiKey: env.OPENAI_API_KEY,
          baseURL: env.OPENAI_BASE_URL,
          timeoutMs: env.OPENAI_TIMEOUT_MS,
          transcriptionModel: env.OPENAI_STT_MODEL,
          speechModel: env.OPENAI_TTS_MODEL,
          voice: env.OPENAI_TTS_VOICE,
        }
      : undefined,
  };
}
