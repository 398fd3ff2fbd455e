import { OfflineSms, type SmsLogLine } from './offline-sms';
import type { SmsProvider } from './sms-provider';
import { TwilioSms, type TwilioConfig } from './twilio-sms';

export type * from './sms-provider';
export type { TwilioConfig } from './twilio-sms';
export type { SmsLogLine } from './offline-sms';
export { OfflineSms } from './offline-sms';
export { TwilioSms } from './twilio-sms';
export { SmsOutcomeUnknown } from './sms-provider';

/** Twilio when configured, otherwise the offline provider. */
export function createSms(options: { twilio?: TwilioConfig; log?: SmsLogLine }): SmsProvider {
  return options.twilio ? new TwilioSms(options.twilio) : new OfflineSms(options.log);
}
