import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { PaymentCspSources } from '../integrations/payments';
import type { ObjectStorage } from '../integrations/storage';

/** Where the map's raster tiles come from (client/src/features/map). */
export const MAP_TILE_ORIGIN = 'https://*.tile.openstreetmap.org';
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * With S3, browsers PUT uploads straight to the bucket (presigned URLs), so the page must be
 * allowed to connect there: the origin of a presigned URL (signing is local, nothing is sent).
 */
async function objectStoreOrigins(storage: ObjectStorage): Promise<string[]> {
  if (!storage.presignIncoming) return [];
  return [new URL(await storage.presignIncoming('csp-origin-probe', 60)).origin];
}

/**
 * Security headers on every answer — pages, API JSON, event streams, files (ADR 0060):
 * a Content-Security-Policy for the built client (scripts only from this origin, map tiles from
 * OpenStreetMap, no framing), nosniff, a Referrer-Policy that still sends OpenStreetMap the
 * origin its tile policy asks for, and HSTS only on answers served over HTTPS (behind a proxy,
 * with TRUST_PROXY so X-Forwarded-Proto counts), never on plain-HTTP development servers.
 */
export const securityHeaders = fp<{ storage: ObjectStorage; payments: { cspSources: PaymentCspSources } }>(
  async (app, { storage, payments }) => {
    // Stripe.js and the Payment Element's frames: only in Stripe mode (test mode lists none).
    const pay = payments.cspSources;
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...pay.scriptSrc],
          // React and Leaflet position things with style attributes; Radix injects small <style>s.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', MAP_TILE_ORIGIN],
          connectSrc: ["'self'", ...(await objectStoreOrigins(storage)), ...pay.connectSrc],
          ...(pay.frameSrc.length > 0 ? { frameSrc: ["'self'", ...pay.frameSrc] } : {}),
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    });
  },
);
