import fp from 'fastify-plugin';

/**
 * The read-only public API (trucks, menus, schedules, calendar feeds): paths anyone may GET.
 * `GET /api/food-trucks` (signed in) and every write are not in it.
 */
const PUBLIC_READ =
  /^\/api\/food-trucks\/(?:active|upcoming-stops|scheduled|\d+(?:\/(?:menu|schedule|calendar\.ics))?)(?:\?|$)/;

export const isPublicRead = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && PUBLIC_READ.test(url);

/**
 * Cross-origin GET of the public read API (issue 14: other sites may show a truck's status and
 * schedule). `Access-Control-Allow-Origin: *` without credentials: browsers send no cookies and,
 * since Authorization is not an allowed header, every cross-origin caller gets the anonymous
 * diners' view. Simple GETs need no preflight, so no OPTIONS route is added.
 */
export const publicReadCors = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (isPublicRead(request.method, request.url)) reply.header('access-control-allow-origin', '*');
  });
});
