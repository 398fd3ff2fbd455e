import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  SERVER_RENDER_DATA_ID,
  HYDRATING_COVER_ID,
  LATER_CHUNKS_ID,
  SCREEN_SESSION_COOKIE,
  SIGNED_IN_HINT_COOKIE,
  hintedRole,
  type RenderPage,
  type ServerRenderAnswer,
  type Viewer,
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
 * 0175), covered the same way until the app has rendered it afresh. An operator's dashboard that
 * comes with the screen session cookie is rendered with the operator's data, asked for with the
 * cookie's token as any API call is (ADR 0176); such a page is the user's alone (`personal`).
 *
 * Whatever goes wrong here (no bundle, a render that throws) the page is the plain shell the browser
 * renders itself, as before: never an error page.
 */
export interface PageRenderer {
  /**
   * The shell with the page's server-rendered screen, or null to send the plain shell. `laterChunks`:
   * the app's chunks the page's first script asks for once it has painted (renderedPageChunks).
   * `personal`: it holds the signed-in user's own data.
   */
  render(
    request: FastifyRequest,
    shell: string,
    laterChunks?: readonly string[],
  ): Promise<{ html: string; personal: boolean } | null>;
}

const ROOT = '<div id="root"></div>';

/** A locale or zone the browser named that this server's Intl knows (else its dates could not be written its way). */
const knownToIntl = (viewer: Viewer): boolean => {
  try {
    new Intl.DateTimeFormat(viewer.locale, { timeZone: viewer.timeZone });
    return true;
  } catch {
    return false;
  }
};

/** The screen session cookie's value (ADR 0176), the same shape the browser writes (stored-session.ts). */
const screenSessionSchema = z
  .object({
    token: z.string().min(1).max(4096),
    locale: z.string().min(1).max(64),
    timeZone: z.string().min(1).max(64),
  })
  .refine(knownToIntl);

/** The token and viewer the screen session cookie holds, or null (none, or not one we wrote). */
function readScreenSession(request: FastifyRequest): z.infer<typeof screenSessionSchema> | null {
  const value = readCookie(request, SCREEN_SESSION_COOKIE);
  if (!value) return null;
  try {
    const parsed = screenSessionSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

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
      // Its token is checked by our API like any other (expired, signed out, another role: refused).
      const session = signedInAs ? readScreenSession(request) : null;
      const headers = session ? { authorization: `Bearer ${session.token}` } : {};
      const fetchApi = async (url: string): Promise<ServerRenderAnswer> => {
        const res = await app.inject({ method: 'GET', url, remoteAddress: request.ip, headers });
        const eventId = res.headers[TRUCK_EVENT_ID_HEADER.toLowerCase()];
        return {
          status: res.statusCode,
          json: res.statusCode === 200 ? (JSON.parse(res.body) as unknown) : null,
          truckEventId: typeof eventId === 'string' && /^\d+$/.test(eventId) ? Number(eventId) : null,
        };
      };
      try {
        const viewer = session && { locale: session.locale, timeZone: session.timeZone };
        const page = await renderPage(request.url, fetchApi, signedInAs ? { role: signedInAs, viewer } : undefined);
        if (!page) return null;
        // A frame has no data script: the browser renders the screen afresh rather than hydrating it.
        const data =
          page.data === null
            ? ''
            : `\n    <script type="application/json" id="${SERVER_RENDER_DATA_ID}">${page.data}</script>`;
        const html = shell.replace(
          ROOT,
          () =>
            `<div id="root">${page.html}</div>\n    <div id="${HYDRATING_COVER_ID}"></div>${data}\n    <script type="application/json" id="${LATER_CHUNKS_ID}">${JSON.stringify(laterChunks).replace(/</g, '\\u003c')}</script>`,
        );
        return { html, personal: Boolean(session && page.personal) };
      } catch (err) {
        request.log.warn({ err, url: request.url }, 'server render failed; the browser renders the page');
        return null;
      }
    },
  };
}

/**
 * Sends a rendered page compressed as the browser accepts (static files are sent precompressed;
 * this HTML is made per request). It depends on the signed-in hint cookie, hence `Vary: Cookie`;
 * one with a user's own data is kept by no cache at all (ADR 0176).
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, page: { html: string; personal: boolean }) {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding, cookie');
  if (page.personal) reply.header('cache-control', 'private, no-store');
  const { html } = page;
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) as Encoding | null;
  if (!encoding) return reply.send(html);
  return reply.header('content-encoding', encoding).send(await compressors[encoding](Buffer.from(html), 'fast'));
}
