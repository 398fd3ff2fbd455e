import path from 'node:path';
import { createGeocoding, type GeocodingProvider, type HttpGeocodingConfig } from './geocoding';
import { createSpeech, type SpeechConfig, type SpeechProvider } from './speech';
import { createPush, type PushProvider } from './push';
import { createPayments, type PaymentProvider, type StripeConfig } from './payments';
import { createSms, type SmsLogLine, type SmsProvider, type TwilioConfig } from './sms';
import { createStorage, type ObjectStorage, type S3Config } from './storage';

/**
 * Every side effect outside our database goes through one of these (DESIGN.md "Side effects only
 * through integrations/"). Each is an interface with a real provider, used when it is configured,
 * and a built-in offline provider that really works on a laptop. bootstrap.ts builds them once from
 * configuration and hands them to buildApp and the workers; tests pass their own.
 */
export interface Integrations {
  storage: ObjectStorage;
  /** Speech to text and text to speech for the voice assistant (offline, or an OpenAI-compatible API). */
  speech: SpeechProvider;
  /** Operator subscriptions: Stripe, or the built-in test mode. */
  payments: PaymentProvider;
  /** Text messages to customers (favourite opened): Twilio, or the offline provider that logs them. */
  sms: SmsProvider;
  /** Address search and reverse lookup for operators' place fields: Nominatim/Photon, or the known places. */
  geocoding: GeocodingProvider;
  /** Web Push to customers' devices (favourite opened nearby, today's stops changed). */
  push: PushProvider;
}

export interface IntegrationSettings {
  /** DATA_DIR, resolved: offline providers keep their files under it. */
  dataDir: string;
  s3?: S3Config;
  /** Offline speech when not given. */
  speech?: SpeechConfig;
  stripe?: StripeConfig;
  /** Offline SMS (logged) when not given. */
  twilio?: TwilioConfig;
  /** Where the offline SMS provider logs each message. */
  smsLog?: SmsLogLine;
  /** A Nominatim- or Photon-compatible server; the offline provider (known places) when not given. */
  geocoding?: HttpGeocodingConfig;
}

/** The real provider where configured, else the offline one. */
export function createIntegrations(settings: IntegrationSettings): Integrations {
  return {
    storage: createStorage({ objectsDir: path.join(settings.dataDir, 'objects'), s3: settings.s3 }),
    speech: createSpeech(settings.speech ?? { stt: 'offline', tts: 'offline' }),
    payments: createPayments({ stripe: settings.stripe }),
    sms: createSms({ twilio: settings.twilio, log: settings.smsLog }),
    geocoding: createGeocoding({ http: settings.geocoding }),
    push: createPush(),
  };
}
