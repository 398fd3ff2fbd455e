import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The read-only public API (trucks, menus, schedules, calendar feeds): the routes anyone may GET,
 * named by their route pattern. `GET /api/food-trucks` (signed in) and every write are not in it.
 */
export const PUBLIC_READ_ROUTES: ReadonlySet<string> = new Set([
  '/api/food-trucks/active',
  '/api/food-trucks/upcoming-stops',
  '/api/food-trucks/scheduled',
  '/api/food-trucks/:id',
  '/api/food-trucks/:id/menu',
  '/api/food-trucks/:id/schedule',
  '/api/food-trucks/:id/calendar.ics',
]);

/**
 * Whether the request is a GET of the public read API, judged by the route the router chose — never
 * by the raw URL, which can spell the same route many ways (`/api/food-trucks/%61ctive`,
 * `/%31/menu`, `/1/calendar%2eics`; issue 32 found those walked around the limit).
 */
export const isPublicRead = (request: Pick<FastifyRequest, 'method' | 'routeOptions'>) =>
  (request.method === 'GET' || request.method === 'HEAD') && PUBLIC_READ_ROUTES.has(request.routeOptions.url ?? '');

/**
 * Cross-origin GET of the public read API (issue 14: other sites may show a truck's status and
 * schedule). `Access-Control-Allow-Origin: *` without credentials: browsers send no cookies and,
 * since Authorization is not an allowed header, every cross-origin caller gets the anonymous
 * diners' view. Simple GETs need no preflight, so no OPTIONS route is added.
 */
export const publicReadCors = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (isPublicRead(request)) reply.header('access-control-allow-origin', '*');
  });
});
