import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database, DatabaseHandle } from './db/client';
import type { Integrations } from './integrations';
import { ENTRY_ONLY, readClientManifest, renderedPageChunks, routePreloadLinks } from './lib/client-manifest';
import { readCookie } from './lib/cookies';
import { loadPageRenderer, sendPage, type PageRenderer } from './lib/server-render';
import { HttpError, isDatabaseUnavailable, isInputDataError } from './lib/http-errors';
import { databaseRateLimitStore, rateLimitsOf, type RateLimits } from './lib/rate-limits';
import { TokenService } from './lib/tokens';
import { importsRoutes } from './modules/imports/imports.routes';
import { claimsRoutes } from './modules/claims/claims.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { geocodingRoutes } from './modules/geocoding/geocoding.routes';
import {
  createTruckEventHub,
  EVENT_STREAM_DEFAULTS,
  type EventStreamOptions,
  type TruckEventHub,
} from './modules/events/truck-event-hub';
import { OpenStreams } from './modules/events/open-streams';
import { menuItemsRoutes } from './modules/menu-items/menu-items.routes';
import { metaRoutes } from './modules/meta/meta.routes';
import { operatorTrucksRoutes } from './modules/operator-trucks/operator-trucks.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { ratingsRoutes } from './modules/ratings/ratings.routes';
import { schedulesRoutes } from './modules/schedules/schedules.routes';
import { shareRoutes } from './modules/share/share.routes';
import { smsRoutes } from './modules/sms/sms.routes';
import { pushRoutes } from './modules/push/push.routes';
import { goingRoutes } from './modules/going/going.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { InsightsBuffer } from './modules/insights/insights-buffer';
import { vapidKeys, type PushConfig } from './modules/push/push.service';
import type { PushOutboxOptions } from './modules/push/push-outbox.service';
import { dietaryNeedsRoutes } from './modules/dietary-needs/dietary-needs.routes';
import type { SmsOutboxOptions } from './modules/sms/sms-outbox.service';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { createDinersLists, type DinersLists } from './modules/trucks/diners-lists';
import { TruckFeed } from './modules/trucks/truck-feed';
import { trucksRoutes } from './modules/trucks/trucks.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { voiceRoutes, type VoiceRouteOptions } from './modules/voice/voice.routes';
import { createVoiceAssistant, type VoiceAssistant } from './modules/voice/voice.service';
import { authPlugin, routeAccess } from './plugins/auth';
import { publicReadCors } from './plugins/public-read-cors';
import { publicReadLimit } from './plugins/public-read-limit';
import { securityHeaders } from './plugins/security-headers';
import { documentTruckEventId } from './modules/trucks/truck-event-id';
import { PUBLIC_FIRST_DATA } from '@shared/contracts/first-data';
import { DEFAULT_TIME_ZONE } from '@shared/contracts/schedules';
import { SIGNED_IN_HINT_COOKIE, type ServerRenderMode } from '@shared/contracts/server-render';
import { documentTitle, screenTitleOf } from '@shared/utils/screen-titles';
import { withTitle } from './modules/share/page-html';

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  dataDir: string;
  jwtSecret: string;
  /** Demo data is on: the login tab shows the demo credentials. */
  demoData: boolean;
  authRateLimitPerMinute: number;
  /** Abuse limits (defaults: DEFAULT_RATE_LIMITS in lib/rate-limits.ts); tests raise them. */
  rateLimits?: { [K in keyof RateLimits]?: number | undefined };
  /** DEFAULT_TIMEZONE: the zone of trucks whose operator chose none (default America/Chicago). */
  defaultTimeZone?: string;
  /** AUTO_CLOSE_HOURS: an open truck without a location update for this long is closed (default 8). */
  autoCloseHours?: number;
  /** STOP_END_GRACE_MINUTES: a truck open inside a scheduled stop is closed this long after it ends (default 30). */
  stopEndGraceMinutes?: number;
  /** ORDER_PLATFORM_FEE_BPS: the platform's share of each order, in basis points (default 0). */
  orderPlatformFeeBps?: number | undefined;
  /** Behind one reverse proxy: the client address is the hop it appended to X-Forwarded-For. */
  trustProxy?: boolean;
  /**
   * Which pages come as HTML from the client's server bundle (ADR 0168): `truck-pages` (a truck's
   * page), `public-screens` (`/` and /find-trucks too: the app's default) or `off` (unset here).
   */
  serverRender?: ServerRenderMode;
  /** Folder of the built front end; served with an SPA fallback when it exists. */
  clientDir?: string;
  /** ADMIN_USERNAME: reserved, so nobody can register it before the admin account exists. */
  adminUsername?: string | undefined;
  /**
   * PUBLIC_URL without a trailing slash: the origin browsers reach this server at. Upload URLs are
   * built from it, never from the request's Host header (which the caller chooses).
   */
  publicUrl: string;
  /** Event stream timings (heartbeat, retention…); tests shorten them. Defaults: EVENT_STREAM_DEFAULTS. */
  eventStream?: Partial<EventStreamOptions>;
  /** SMS outbox batch, lease and retry settings (defaults: SMS_OUTBOX_DEFAULTS); tests shorten them. */
  smsOutbox?: Partial<SmsOutboxOptions>;
  /** Web Push: VAPID keys and subject, and which endpoints are accepted (ADR 0160). */
  push?: PushConfig;
  /** Push outbox batch, lease and retry settings (defaults: PUSH_OUTBOX_DEFAULTS); tests shorten them. */
  pushOutbox?: Partial<PushOutboxOptions>;
  /** Voice assistant limits (defaults in voice.routes.ts). */
  voice?: Partial<VoiceRouteOptions>;
  /** The insights' clock (issue 31): recording, reads and the rollup; tests fix it. */
  insightsClock?: () => Date;
}

export interface BuildAppOptions {
  database: DatabaseHandle;
  config: AppConfig;
  /** Storage, payments, SMS, speech: built once by bootstrap.ts from configuration; tests pass their own. */
  integrations: Integrations;
  logger?: FastifyServerOptions['logger'];
}

/** One row of the route table: what routes.test.ts snapshots and the authorization matrix walks. */
export interface RouteEntry {
  method: string;
  url: string;
  /** 'public', 'signed-in', or the admitted roles joined with '|'. */
  access: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    db: Database;
    database: DatabaseHandle;
    config: AppConfig;
    integrations: Integrations;
    tokens: TokenService;
    /** The process's one LISTEN on truck changes (ADR 0130); the objects below subscribe to it. */
    truckFeed: TruckFeed;
    /** The diners' list cache and in-memory index (trucks.routes.ts reads them). */
    dinersLists: DinersLists;
    /** The process's insight events on their way to the database (the insights-flush worker writes them). */
    insights: InsightsBuffer;
    /** AppConfig.insightsClock, or the real one. */
    insightsClock: () => Date;
    /** The event stream's fan-out (events.routes.ts connects streams to it). */
    truckEventHub: TruckEventHub;
    /** Event streams open in this process per address and account (events.routes.ts caps them). */
    openStreams: OpenStreams;
    voiceAssistant: VoiceAssistant;
    /** The public screens' server render (ADR 0168), or null without the build's server bundle. */
    pageRenderer: PageRenderer | null;
  }
}

export type App = FastifyInstance;

/** The body limit of every route that does not set its own (ADR 0060). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** With TRUST_PROXY, the one proxy hop next to us (nginx); without, none. */
const trustNearestHop = (trustProxy: boolean | undefined) => (_address: string, hop: number) =>
  trustProxy === true && hop === 0;

/**
 * Production refuses an SMS provider that accepts an unsigned inbound message: anyone could post
 * STOP or START for any number (issue 32). Twilio checks its signature; the offline provider
 * accepts none.
 */
export function assertInboundSmsVerifiable(
  config: Pick<AppConfig, 'nodeEnv' | 'publicUrl'>,
  integrations: Pick<Integrations, 'sms'>,
) {
  if (config.nodeEnv !== 'production') return;
  const url = `${config.publicUrl}/api/sms/inbound`;
  if (
    integrations.sms.verifyInbound({
      url,
      params: { From: '+15550000000', Body: 'STOP' },
      signature: undefined,
    })
  ) {
    throw new Error(
      `The SMS provider '${integrations.sms.name}' accepts unsigned inbound messages: refusing to start in production`,
    );
  }
}

export async function buildApp({ database, config, integrations, logger = false }: BuildAppOptions) {
  assertInboundSmsVerifiable(config, integrations);
  const app = Fastify({
    logger,
    // One proxy in front (nginx): the client address is the one it appended to X-Forwarded-For;
    // whatever the client wrote there itself is not believed (trusting every hop would let anyone
    // choose their address and walk past the per-address limits).
    trustProxy: trustNearestHop(config.trustProxy),
    // Routes that still take data URLs raise it for themselves (DATA_URL_BODY_LIMIT); uploads
    // stream their bytes through their own parser and limit.
    bodyLimit: DEFAULT_BODY_LIMIT,
  }).withTypeProvider<ZodTypeProvider>();

  // Closing (SIGTERM, tests): Node's server.close() ends the keep-alive connections that are idle
  // at that moment, once. A response that ends just after (a streamed file: the client holds every
  // byte, the read stream's end comes a moment later) left its connection open until the
  // keep-alive time-out, 72 s — past the 20 s shutdown bound. Such a connection is now ended as
  // soon as its response is (app-close.api.test.ts).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('integrations', integrations);
  app.decorate('routeTable', [] as RouteEntry[]);
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD');
    const hooks = [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);
    for (const method of methods) app.routeTable.push({ method, url: route.url, access: routeAccess(hooks) });
  });
  app.decorate('tokens', new TokenService(config.jwtSecret));
  // The VAPID key pair exists from the first start on (generated and stored when not configured),
  // so every process and the push-outbox worker sign with the same one.
  await vapidKeys(database.db, config.push ?? {}, integrations.push);

  // The process-wide state the routes read, kept current by one truck feed (ADR 0130): route
  // plugins only register routes. The subscribers hear each change in this order.
  const truckFeed = await TruckFeed.open(database);
  app.decorate('truckFeed', truckFeed);
  app.decorate('dinersLists', createDinersLists(database.db, truckFeed));
  // Before the answer leaves, so the caller's next list read knows of the write (read-your-writes).
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS')
      app.dinersLists.wrote();
  });
  const truckEventHub = createTruckEventHub(
    database.db,
    app.log,
    { ...EVENT_STREAM_DEFAULTS, ...config.eventStream },
    truckFeed,
  );
  app.decorate('truckEventHub', truckEventHub);
  app.decorate('openStreams', new OpenStreams(rateLimitsOf(config)));
  const hasClient = Boolean(config.clientDir && existsSync(path.join(config.clientDir, 'index.html')));
  app.decorate(
    'pageRenderer',
    config.serverRender && config.serverRender !== 'off' && hasClient && config.clientDir
      ? await loadPageRenderer(app, config.clientDir)
      : null,
  );
  // Insight events (issue 31): recorded by pushing onto this buffer; the insights-flush worker of
  // this process writes them in batches, and the app's close writes what is left.
  const insights = new InsightsBuffer();
  app.decorate('insights', insights);
  app.decorate('insightsClock', config.insightsClock ?? (() => new Date()));
  app.decorate(
    'voiceAssistant',
    createVoiceAssistant(
      database.db,
      integrations.speech,
      config.defaultTimeZone ?? DEFAULT_TIME_ZONE,
      truckFeed,
      integrations.geocoding,
    ),
  );
  // Open streams would keep server.close() waiting: end them first (with a retry hint).
  app.addHook('preClose', async () => truckEventHub.close());
  app.addHook('onClose', async () => {
    truckEventHub.close();
    await truckFeed.close();
    await insights
      .flush(database.db)
      .catch((err: unknown) => app.log.warn({ err }, 'could not write the last insight events'));
  });
  // Start the recogniser and compile the grammar while the server starts (not in tests, where most
  // servers never hear a question); a failure here is retried on the first question.
  if (config.nodeEnv !== 'test') {
    app.addHook('onReady', () => {
      app.voiceAssistant
        .warm()
        .catch((error: unknown) => app.log.warn({ err: error }, 'voice grammar warm-up failed'));
    });
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A plain object would inherit keys such as "constructor" from Object.prototype: a body field
      // of that name would then crash this handler (found by the fuzzer, issue 13).
      const fieldErrors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (fieldErrors[key] ??= []).push(issue.message ?? 'Invalid value');
      }
      const first = error.validation[0];
      const message = first?.message ?? 'Invalid request';
      return reply.status(400).send({ message, fieldErrors });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message, fieldErrors: error.fieldErrors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    if (isInputDataError(error)) {
      // Last line of defence: the contracts should have refused this value already (log it to fix that).
      request.log.warn({ err: error }, 'database refused a value from the request');
      return reply.status(400).send({ message: 'This request contains a value that cannot be stored' });
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or unreachable: not the caller's fault, and worth a retry shortly.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: 'The service is briefly unavailable. Please try again in a few seconds.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' });
  });

  await app.register(securityHeaders, { storage: integrations.storage, payments: integrations.payments });
  await app.register(publicReadCors);
  await app.register(publicReadLimit);
  // Counters in the database, shared by every process (ADR 0110).
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Food Truck Finder API', version: '0.1.0' } },
    transform: (document) => documentTruckEventId(jsonSchemaTransform(document), document.route),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin);

  // One route style: every module declares its full paths (so any URL is found by one search) and
  // is registered here without a prefix. routes.test.ts snapshots the resulting route table.
  await app.register(metaRoutes);
  await app.register(authRoutes);
  await app.register(trucksRoutes);
  await app.register(eventsRoutes);
  await app.register(operatorTrucksRoutes);
  await app.register(menuItemsRoutes);
  await app.register(ordersRoutes);
  await app.register(uploadsRoutes);
  await app.register(voiceRoutes);
  await app.register(subscriptionsRoutes);
  await app.register(paymentsRoutes);
  await app.register(adminRoutes);
  await app.register(importsRoutes);
  await app.register(claimsRoutes);
  await app.register(favoritesRoutes);
  await app.register(ratingsRoutes);
  await app.register(smsRoutes);
  await app.register(pushRoutes);
  await app.register(goingRoutes);
  await app.register(insightsRoutes);
  await app.register(dietaryNeedsRoutes);
  await app.register(schedulesRoutes);
  await app.register(shareRoutes);
  await app.register(geocodingRoutes);

  // Every page names the app's JavaScript chunks and a screen's page its screen's, so the browser fetches them beside the
  // entry rather than after it has run (ADR 0120).
  const manifest = hasClient && config.clientDir ? readClientManifest(config.clientDir) : null;
  const preloads = manifest ? routePreloadLinks(manifest) : new Map<string, string>();
  // A signed-out diner's page also preloads its first data (a stored session's requests carry the
  // token, which a preload cannot).
  const visitorPreloads = manifest ? routePreloadLinks(manifest, PUBLIC_FIRST_DATA) : preloads;
  // A page the server rendered names only its entry; its first script asks for the rest once it has
  // painted (ADR 0168, session 34).
  const laterChunks = manifest ? renderedPageChunks(manifest) : new Map<string, string[]>();
  // `/` and /find-trucks come with their HTML from the server when asked for (ADR 0168; a truck's
  // page is share.routes.ts's): on a slow phone the list's HTML and its hydration cost more than the
  // browser's own render (docs/performance.md, session 18).
  const renderer = config.serverRender === 'public-screens' ? app.pageRenderer : null;
  const shell =
    renderer && config.clientDir ? readFileSync(path.join(config.clientDir, 'index.html'), 'utf8') : null;
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const route = url.split('?')[0] ?? url;
    const page =
      renderer && shell ? await renderer.render(request, shell, laterChunks.get(route) ?? laterChunks.get('*')) : null;
    // A rendered page came with its data.
    const signedOut = !page && !readCookie(request, SIGNED_IN_HINT_COOKIE);
    const links = page ? preloads.get(ENTRY_ONLY) : ((signedOut ? visitorPreloads : preloads).get(route) ?? preloads.get('*'));
    if (links) reply.header('link', links);
    // Every page's answer follows the signed-in hint: its preloads, its HTML, a frame (ADR 0175).
    reply.header('vary', 'accept-encoding, cookie');
    reply.header('cache-control', 'no-cache');
    // The screen's title in the page as sent (crawlers, the tab before the app runs); the app keeps it.
    if (page) return sendPage(request, reply, { ...page, html: withTitle(page.html, documentTitle(screenTitleOf(route))) });
    return reply.type('text/html').sendFile('index.html');
  };
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (request.method !== 'GET' || url.startsWith('/api/') || url.startsWith('/objects/') || !hasClient) {
      return reply.status(404).send({ message: `Route ${request.method} ${url.split('?')[0]} not found` });
    }
    // A build file that is not (or no longer) here: a page of the last version asking for its chunk
    // after a deploy. The app's page in its place was run as that script and failed as a MIME error;
    // a 404 fails the import plainly, and the app reloads into the new version (ScreenErrorBoundary).
    if (url.startsWith('/assets/')) {
      return reply.status(404).header('cache-control', 'no-store').send({ message: 'This file is not part of the app (any more): reload the page' });
    }
    // Client-side routes: the SPA renders them (including its own not-found screen).
    return sendShell(request, reply);
  });

  if (hasClient && config.clientDir) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every text file (vite.config.ts): sent per Accept-Encoding.
      preCompressed: true,
      // Our setHeaders alone decides cache-control (send's own header would overwrite it).
      cacheControl: false,
      // @fastify/static 9 hands setHeaders the raw response (setHeader), not the reply (header).
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The body depends on Accept-Encoding (preCompressed): caches must keep one per encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    app.get('/', { schema: { hide: true } }, (request, reply) => sendShell(request, reply));
  }

  return app;
}
