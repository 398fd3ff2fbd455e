import { DATA_IMPORTS_CHANNEL, runQueuedImports } from '../modules/imports/imports.service';
import type { BackgroundWorker, WorkerContext } from './worker';

/**
 * Runs administrators' open-data imports (modules/imports, ADR 0156): woken by the NOTIFY of the
 * request that queued one, and every 30 s for any left queued. Imports are claimed with
 * FOR UPDATE SKIP LOCKED, so each runs in one process while every process may run the worker.
 */
export const dataImportsWorker = {
  name: 'data-imports',
  intervalMs: 30_000,
  wakeChannel: DATA_IMPORTS_CHANNEL,
  run: (ctx: WorkerContext) => runQueuedImports(ctx.db, ctx.config.dataDir),
} satisfies BackgroundWorker;
