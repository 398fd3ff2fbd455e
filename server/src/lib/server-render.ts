import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SERVER_RENDER_DATA_ID,
  HYDRATING_COVER_ID,
  LATER_CHUNKS_ID,
  SIGNED_IN_HINT_COOKIE,
  hintedRole,
  type RenderPage,
  type ServerRenderAnswer,
} from '@shared/contracts/server-render';
import { TRUCK_EVENT_ID_HEADER } from '@shared/constants';
import { readCookie } from './cookies';
import { compressors, ENCODINGS, type Encoding } from './json-representation';

/**
 * The public screens' HTML from the server (ADR 0168): the client's server-render bundle
 * (dist/server/entry-server.js, `npm run build`) renders `/`, /find-trucks and a truck's page as an
 * anonymous diner first sees them, with their data read from our own API (`inject`: the same
 * answers, checks and Truck-Event-Id the browser would get). The browser hydrates the HTML.
 *
 * A clear cover lies over the page until the app has taken the HTML over (app.tsx): a tap on a
 * button that nothing answers yet is worse than a page that only reads until it is ready. Text
 * typed meanwhile into a box reached with the keyboard is kept (`useKeepTypedBeforeHydration`,
 * ADR 0168).
 *
 * A signed-in user's page is the frame of that role's own screen where the bundle has one (ADR
 * 0175), covered the same way until the app has rendered it afresh.
 *
 * Whatever goes wrong here (no bundle, a render that throws) the page is the plain shell the browser
 * renders itself, as before: never an error page.
 */
export interface PageRenderer {
  /**
   * The shell with the page's server-rendered screen, or null to send the plain shell. `laterChunks`:
   * the app's chunks the page's first script asks for once it has painted (renderedPageChunks).
   */
  render(request: FastifyRequest, shell: string, laterChunks?: readonly string[]): Promise<string | null>;
}

const ROOT = '<div id="root"></div>';

/** The bundle beside the client's build: dist/client → dist/server/entry-server.js. */
export async function loadPageRenderer(app: FastifyInstance, clientDir: string): Promise<PageRenderer | null> {
  const bundle = path.join(clientDir, '..', 'server', 'entry-server.js');
  if (!existsSync(bundle)) return null;
  const loaded = (await import(pathToFileURL(bundle).href)) as { render?: unknown };
  if (typeof loaded.render !== 'function') {
    app.log.warn({ bundle }, 'server render: the bundle exports no render(); pages are rendered by the browser');
    return null;
  }
  const renderPage = loaded.render as RenderPage;
  return {
    async render(request, shell, laterChunks = []) {
      if (!shell.includes(ROOT)) return null;
      // A stored session: the browser renders the page as that user (the hint is only a hint), over
      // the frame of that role's own screen where there is one (ADR 0175).
      const hint = readCookie(request, SIGNED_IN_HINT_COOKIE);
      const signedInAs = hintedRole(hint);
      if (hint && !signedInAs) return null;
      const fetchApi = async (url: string): Promise<ServerRenderAnswer> => {
        const res = await app.inject({ method: 'GET', url, remoteAddress: request.ip });
        const eventId = res.headers[TRUCK_EVENT_ID_HEADER.toLowerCase()];
        return {
          status: res.statusCode,
          json: res.statusCode === 200 ? (JSON.parse(res.body) as unknown) : null,
          truckEventId: typeof eventId === 'string' && /^\d+$/.test(eventId) ? Number(eventId) : null,
        };
      };
      try {
        const page = await renderPage(request.url, fetchApi, signedInAs ?? undefined);
        if (!page) return null;
        // A frame has no data script: the browser renders the screen afresh rather than hydrating it.
        const data =
          page.data === null
            ? ''
            : `\n    <script type="application/json" id="${SERVER_RENDER_DATA_ID}">${page.data}</script>`;
        return shell.replace(
          ROOT,
          () =>
            `<div id="root">${page.html}</div>\n    <div id="${HYDRATING_COVER_ID}"></div>${data}\n    <script type="application/json" id="${LATER_CHUNKS_ID}">${JSON.stringify(laterChunks).replace(/</g, '\\u003c')}</script>`,
        );
      } catch (err) {
        request.log.warn({ err, url: request.url }, 'server render failed; the browser renders the page');
        return null;
      }
    },
  };
}

/**
 * Sends a rendered page compressed as the browser accepts (static files are sent precompressed;
 * this HTML is made per request). It depends on the signed-in hint cookie, hence `Vary: Cookie`.
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding, cookie');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) as Encoding | null;
  if (!encoding) return reply.send(html);
  return reply.header('content-encoding', encoding).send(await compressors[encoding](Buffer.from(html), 'fast'));
}
