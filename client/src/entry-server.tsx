/**
 * The server-render bundle (`vite build --ssr`, dist/server/entry-server.js; ADR 0168): the public
 * screens — `/`, /find-trucks and a truck's page — rendered to HTML as an anonymous diner first sees
 * them, with the data they render (publicScreenData), so that a phone paints the page before the
 * app's JavaScript has arrived. The browser hydrates it (app-main.tsx). A signed-in user's own
 * screen — a customer's favorites, an operator's dashboard — is rendered as its frame (ADR 0175):
 * the screen as it looks while its data loads, for a stand-in user of the role the hint cookie
 * names, with no data; the browser's render replaces it. Asked for with the screen session cookie,
 * it is rendered with the user's data instead (ADR 0176), and hydrated.
 * Every other address is left to the browser (null).
 */
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PublicUser } from '@shared/contracts';
import {
  OWN_SCREENS,
  type RenderPage,
  type ServerRenderAnswer,
  type SignedInRender,
  type Viewer,
} from '@shared/contracts/server-render';
import { formatAsViewer } from '@shared/utils/format';
import { App } from '@client/app/app';
import { firstScreenQueries, publicScreenData } from '@client/app/early-requests';
import { preloadScreenFor, preloadShellFor } from '@client/app/router';
import { createQueryClient } from '@client/lib/query-client';
import { setServerRenderedAt } from '@client/lib/use-now';
import { serializeServerData, type ServerData } from '@client/app/server-data';
import { isPublicUser } from '@client/lib/stored-session';
import { queryKeys } from '@client/lib/query-keys';
import { calendarFeedFromAnswer } from '@client/features/schedules/api/favorites-calendar-feed';

const SERVER_RENDERED = [/^\/$/, /^\/find-trucks$/, /^\/trucks\/[^/]+$/];

type FetchApi = (url: string) => Promise<ServerRenderAnswer>;

/**
 * A signed-in user's own screen: with the user's data where the server renders it so and the API
 * answered every query of its first screen as that user; else its frame, the screen as it looks
 * before any data has come; null at any other address.
 */
async function renderOwnScreen(pathname: string, search: string, { role, viewer }: SignedInRender, fetchApi: FetchApi) {
  if (OWN_SCREENS[role] !== pathname) return null;
  await Promise.all([preloadScreenFor(pathname), preloadShellFor(role)]);
  const withData = viewer ? await renderWithData(pathname, search, viewer, fetchApi) : null;
  if (withData) return withData;
  // Nothing of the user's: the screen's words, headings and loading states only.
  const frameUser: PublicUser = { id: 0, username: null, email: null, phone: null, phoneConfirmed: false, role };
  const html = renderToString(
    <StrictMode>
      <App queryClient={createQueryClient()} location={{ path: pathname, search }} serverUser={frameUser} />
    </StrictMode>,
  );
  return { html, data: null };
}

/**
 * A first-screen query's data from its URL's answer, as the browser's query function makes it:
 * the JSON of a 200, except the calendar feed's (its address, or null while there is none);
 * undefined for an answer the screen is not rendered from.
 */
function screenQueryData(queryKey: readonly unknown[], answer: ServerRenderAnswer): unknown {
  if (queryKey === queryKeys.favoritesCalendarFeed) return calendarFeedFromAnswer(answer.status, answer.json);
  return answer.status === 200 ? answer.json : undefined;
}

/**
 * The screen as its user's browser renders it once the first screen's data has come (app-main.tsx,
 * first-screen-queries.ts): the same queries, asked for as that user, and dates and numbers written
 * in the browser's locale and zone, so that the browser hydrates it. Null when any answer is not a
 * 200 (the session has ended, or is another role's), so that the frame is sent instead.
 */
async function renderWithData(pathname: string, search: string, viewer: Viewer, fetchApi: FetchApi) {
  const me = await fetchApi('/api/auth/me');
  if (me.status !== 200 || !isPublicUser(me.json) || OWN_SCREENS[me.json.role] !== pathname) return null;
  const user = me.json;
  const queryClient = createQueryClient();
  const answers = await Promise.all(
    firstScreenQueries(pathname, user).map(async (queryKey) => ({ queryKey, answer: await fetchApi(queryKey.join('/')) })),
  );
  const truckEventIds: number[] = [];
  for (const { queryKey, answer } of answers) {
    const data = screenQueryData(queryKey, answer);
    if (data === undefined) return null;
    queryClient.setQueryData(queryKey, data);
    // The lists' truck events (the favourites, the operator's trucks): the stream opens from there,
    // so a change made while the page opens reaches it (ADR 0139).
    if (answer.truckEventId !== null) truckEventIds.push(answer.truckEventId);
  }
  const renderedAt = Date.now();
  setServerRenderedAt(renderedAt);
  const html = formatAsViewer(viewer, () =>
    renderToString(
      <StrictMode>
        <App queryClient={queryClient} location={{ path: pathname, search }} serverUser={user} />
      </StrictMode>,
    ),
  );
  const data: ServerData = { queries: dehydrate(queryClient), truckEventIds, renderedAt, renderedFor: { user, viewer } };
  return { html, data: serializeServerData(data), personal: true };
}

export const render: RenderPage = async (url, fetchApi, signedIn) => {
  const [pathname = '/', search = ''] = url.split('?', 2);
  if (signedIn) return renderOwnScreen(pathname, search, signedIn, fetchApi);
  if (!SERVER_RENDERED.some((pattern) => pattern.test(pathname))) return null;
  const queryClient = createQueryClient();
  const truckEventIds: number[] = [];
  const answers = await Promise.all(
    publicScreenData(pathname, search).map(async ({ queryKey, url: apiUrl, optional }) => ({
      queryKey,
      optional,
      answer: await fetchApi(apiUrl),
    })),
  );
  for (const { queryKey, optional, answer } of answers) {
    // A screen whose data is missing (a truck that is not public) is left to the browser's own render.
    if (answer.status !== 200 && optional) continue;
    if (answer.status !== 200) return null;
    queryClient.setQueryData(queryKey, answer.json);
    if (answer.truckEventId !== null) truckEventIds.push(answer.truckEventId);
  }
  await preloadScreenFor(pathname);
  const renderedAt = Date.now();
  setServerRenderedAt(renderedAt);
  const html = renderToString(
    <StrictMode>
      <App queryClient={queryClient} location={{ path: pathname, search }} />
    </StrictMode>,
  );
  const data: ServerData = { queries: dehydrate(queryClient), truckEventIds, renderedAt };
  return { html, data: serializeServerData(data) };
};
