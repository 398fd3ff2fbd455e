/**
 * The server-render bundle (`vite build --ssr`, dist/server/entry-server.js; ADR 0168): the public
 * screens — `/`, /find-trucks and a truck's page — rendered to HTML as an anonymous diner first sees
 * them, with the data they render (publicScreenData), so that a phone paints the page before the
 * app's JavaScript has arrived. The browser hydrates it (app-main.tsx). A signed-in user's own
 * screen — a customer's favorites, an operator's dashboard — is rendered as its frame (ADR 0175):
 * the screen as it looks while its data loads, for a stand-in user of the role the hint cookie
 * names, with no data; the browser's render replaces it. Every other address is left to the
 * browser (null).
 */
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Role } from '@shared/constants';
import type { PublicUser } from '@shared/contracts';
import type { RenderPage } from '@shared/contracts/server-render';
import { App } from '@client/app/app';
import { publicScreenData } from '@client/app/early-requests';
import { preloadScreenFor } from '@client/app/router';
import { createQueryClient } from '@client/lib/query-client';
import { setServerRenderedAt } from '@client/lib/use-now';
import { serializeServerData, type ServerData } from '@client/app/server-data';

const SERVER_RENDERED = [/^\/$/, /^\/find-trucks$/, /^\/trucks\/[^/]+$/];

/** The signed-in screens whose frame the server sends, and the role each is for. */
const FRAMES: Readonly<Record<string, Role>> = { '/favorites': 'customer', '/operator-dashboard': 'operator' };

/** The screen at `pathname` as `role` sees it before any of its data has come, or null. */
async function renderFrame(pathname: string, search: string, role: Role) {
  if (FRAMES[pathname] !== role) return null;
  await preloadScreenFor(pathname);
  // Nothing of the user's: the screen's words, headings and loading states only.
  const frameUser: PublicUser = { id: 0, username: null, email: null, phone: null, role };
  const html = renderToString(
    <StrictMode>
      <App queryClient={createQueryClient()} location={{ path: pathname, search }} frameUser={frameUser} />
    </StrictMode>,
  );
  return { html, data: null };
}

export const render: RenderPage = async (url, fetchApi, signedInAs) => {
  const [pathname = '/', search = ''] = url.split('?', 2);
  if (signedInAs) return renderFrame(pathname, search, signedInAs);
  if (!SERVER_RENDERED.some((pattern) => pattern.test(pathname))) return null;
  const queryClient = createQueryClient();
  const truckEventIds: number[] = [];
  const answers = await Promise.all(
    publicScreenData(pathname).map(async ({ queryKey, url: apiUrl }) => ({
      queryKey,
      answer: await fetchApi(apiUrl),
    })),
  );
  for (const { queryKey, answer } of answers) {
    // A screen whose data is missing (a truck that is not public) is left to the browser's own render.
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
