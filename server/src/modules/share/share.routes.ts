import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_TIME_ZONE } from '@shared/contracts/schedules';
import { atPlace, placeOf } from '@shared/utils/truck-address';
import {
  ENTRY_ONLY,
  readClientManifest,
  renderedPageChunks,
  routePreloadLinks,
  TRUCK_PAGE,
} from '../../lib/client-manifest';
import { sendPage } from '../../lib/server-render';
import { idParams } from '../../lib/route-params';
import { truckOccurrences } from '../schedules/schedule-reads.service';
import type { TruckRow } from '../trucks/truck.repository';
import { lastTruckEventId } from '../trucks/truck-events';
import { findVisibleTruck } from '../trucks/trucks.service';
import { EMBED_CSP, EMBED_STOPS, embedCardPage, embedNotFoundPage } from './embed-card';
import { absoluteUrl, BARE_SHELL, metaTags, withHead } from './page-html';

/** The embed card's script: its own Vite input (vite.config.ts), not the React app. */
export const EMBED_MODULE = 'src/embed/embed.ts';

const SITE = 'Food Truck Finder';
const DESCRIPTION_CHARS = 200;

/** Title, description and Open Graph / Twitter tags of a truck's share page (crawlers run no JS). */
export function shareHead(truck: TruckRow, publicUrl: string) {
  const status = truck.isOpen ? `Open now ${atPlace(placeOf(truck))}.` : 'Closed right now.';
  const about = truck.description ? ` ${truck.description}` : '';
  const description = `${truck.cuisine} food truck. ${status}${about}`.slice(0, DESCRIPTION_CHARS);
  const title = `${truck.name} · ${SITE}`;
  const url = `${publicUrl}/trucks/${truck.id}`;
  const image = truck.image ? absoluteUrl(publicUrl, truck.image) : null;
  return {
    title,
    description,
    tags: [
      `<link rel="canonical" href="${url.replace(/"/g, '%22')}" />`,
      metaTags({
        'og:type': 'website',
        'og:site_name': SITE,
        'og:title': truck.name,
        'og:description': description,
        'og:url': url,
        'og:image': image,
        'og:image:alt': image ? `${truck.name} banner` : null,
        'twitter:card': image ? 'summary_large_image' : 'summary',
        'twitter:title': truck.name,
        'twitter:description': description,
      }),
    ].join('\n    '),
  };
}

/**
 * Public pages of one truck (issue 14), answered by the server so links shared anywhere work:
 * - `GET /trucks/:id`: the app's index.html with the truck's Open Graph tags (the client renders the
 *   page); 404 with the plain app for a truck diners cannot see (the client shows its not-found state).
 * - `GET /embed/trucks/:id`: the embed card, server-rendered, framable by any site, no cookies.
 * Both read as an anonymous diner: browsers send no Authorization header on a page load, and a
 * crawler's preview must be the same for everyone.
 */
export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const clientDir = app.config.clientDir;
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const shell = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : BARE_SHELL;
  const manifest = clientDir ? readClientManifest(clientDir) : null;
  const embedScript = manifest?.[EMBED_MODULE]?.file || null;
  // The page's chunks, named in a Link header as every screen's page does (app.ts's sendShell).
  const preloads = manifest ? routePreloadLinks(manifest) : undefined;
  const truckPageLinks = preloads?.get(TRUCK_PAGE);
  // A rendered page names only its entry; its first script asks for the rest once it has painted.
  const renderedPageLinks = preloads?.get(ENTRY_ONLY);
  const laterChunks = manifest ? renderedPageChunks(manifest).get(TRUCK_PAGE) : undefined;
  const deps = { db: app.db, defaultTimeZone: app.config.defaultTimeZone ?? DEFAULT_TIME_ZONE };

  app.get('/trucks/:id', { schema: { hide: true, params: idParams } }, async (request, reply) => {
    const truck = await findVisibleTruck(app.db, null, request.params.id);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (truckPageLinks) reply.header('link', truckPageLinks);
    if (!truck) return reply.status(404).send(shell);
    const page = withHead(shell, shareHead(truck, app.config.publicUrl));
    // The page's first screen as HTML too (ADR 0168): its name, status and description paint first.
    const rendered = await app.pageRenderer?.render(request, page, laterChunks);
    if (!rendered) return reply.send(page);
    if (renderedPageLinks) reply.header('link', renderedPageLinks);
    return sendPage(request, reply, rendered);
  });

  app.get('/embed/trucks/:id', { schema: { hide: true, params: idParams } }, async (request, reply) => {
    // This path only: other sites may frame it (the app's own pages keep frame-ancestors 'none').
    reply
      .header('content-security-policy', EMBED_CSP)
      .removeHeader('x-frame-options')
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache');
    // Read before the truck: the card holds every event up to it (ADR 0139).
    const eventId = await lastTruckEventId(app.db);
    const truck = await findVisibleTruck(app.db, null, request.params.id);
    if (!truck) return reply.status(404).send(embedNotFoundPage());
    const { occurrences } = await truckOccurrences(deps, null, truck.id, {});
    return reply.send(
      embedCardPage({
        truck,
        stops: occurrences.slice(0, EMBED_STOPS),
        publicUrl: app.config.publicUrl,
        script: embedScript,
        eventId,
      }),
    );
  });
};
