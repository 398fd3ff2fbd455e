import { autoClose } from './auto-close';
import { dataImportsWorker } from './data-imports';
import { pushOutboxWorker } from './push-outbox';
import { smsOutboxWorker } from './sms-outbox';
import { subscriptionRenewals } from './subscription-renewals';
import { truckEventsPrune } from './truck-events-prune';
import { unansweredOrders } from './unanswered-orders';
import { uploadJanitor } from './upload-janitor';
import { voicePrune } from './voice-prune';
import { insightsRollup } from './insights';
import type { BackgroundWorker } from './worker';

export { startWorkers, type BackgroundWorker, type RunningWorkers, type WorkerContext } from './worker';

/** Every background worker; server.ts starts them in processes whose PROCESS_ROLE is worker or all. */
export const WORKERS: readonly BackgroundWorker[] = [
  uploadJanitor,
  subscriptionRenewals,
  smsOutboxWorker,
  pushOutboxWorker,
  autoClose,
  truckEventsPrune,
  voicePrune,
  dataImportsWorker,
  insightsRollup,
  unansweredOrders,
];

export { insightsFlush } from './insights';
