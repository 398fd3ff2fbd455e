/**
 * The contract between the server and the client's server-render bundle (dist/server/entry-server.js,
 * built from client/src/entry-server.tsx; ADR 0168). The server answers a page of a public screen
 * with the screen's HTML and the data it was rendered from; the browser hydrates that HTML. A
 * signed-in user's own screen comes as its frame (ADR 0175): the screen as it looks while its data
 * loads, with no data, which the browser's render replaces.
 */
import { ROLES, type Role } from '../constants';

/** One of our own API's answers, as the page's renderer asked for it (read as an anonymous diner). */
export interface ServerRenderAnswer {
  status: number;
  json: unknown;
  /** The answer's Truck-Event-Id: the truck events a list holds (ADR 0139), or null. */
  truckEventId: number | null;
}

/** The server-rendered part of a page: the root's HTML and the JSON of its data script. */
export interface ServerRenderedPage {
  html: string;
  /**
   * JSON with every `<` escaped, safe inside `<script type="application/json">`; null for a signed-in
   * screen's frame (ADR 0175), which has no data and is not hydrated.
   */
  data: string | null;
  /**
   * The page holds the signed-in user's own data (ADR 0176): no cache may keep it, and it is sent
   * to nobody else.
   */
  personal?: boolean;
}

/** How the viewer's browser writes dates and numbers: the server renders a user's own screen the same way. */
export interface Viewer {
  /** A BCP 47 tag, as `Intl.DateTimeFormat().resolvedOptions().locale` gives it. */
  locale: string;
  /** An IANA zone, as `Intl.DateTimeFormat().resolvedOptions().timeZone` gives it. */
  timeZone: string;
}

/**
 * The locale and zone this browser writes dates in (self-contained: the browser tests and the bench
 * evaluate it in their page).
 */
export const browserViewer = (): Viewer => {
  const { locale, timeZone } = new Intl.DateTimeFormat().resolvedOptions();
  return { locale, timeZone };
};

/** Who a page is rendered for when the browser holds a session. */
export interface SignedInRender {
  /**
   * The role the signed-in hint cookie names (never trusted: it picks which frame to send, and the
   * frame holds nothing of the user's).
   */
  role: Role;
  /**
   * Set when the screen session cookie came with the page (ADR 0176): `fetchApi` then asks as the
   * user whose token it holds (our API checks it as it checks any), and the screen is rendered
   * with that user's data, formatted as this viewer's browser would.
   */
  viewer: Viewer | null;
}

/** The bundle's `render`: null for an address whose screen is only rendered by the browser. */
export type RenderPage = (
  url: string,
  fetchApi: (url: string) => Promise<ServerRenderAnswer>,
  signedIn?: SignedInRender,
) => Promise<ServerRenderedPage | null>;

/** The id of the page's data script. */
export const SERVER_RENDER_DATA_ID = 'ftf-ssr';

/**
 * The id of a server-rendered page's list of the app's chunks (JSON, paths): its first script asks
 * for them once it has painted, rather than the Link header beside the page (client-manifest.ts).
 */
export const LATER_CHUNKS_ID = 'ftf-later';

/**
 * The id of the clear cover the server puts over a page it rendered, until the app has hydrated it
 * (index.css, app.tsx): the page reads and scrolls, but a tap lands on the cover, not on a button
 * that nothing answers yet. Once `inert` on the root; taking that off made the browser restyle the
 * whole page, one 30-100 ms task on a 4× slowed phone (issue 33), and removing the cover costs nothing.
 */
export const HYDRATING_COVER_ID = 'ftf-hydrating';

/**
 * Which pages the server renders (ADR 0168, `SERVER_RENDER`): none; a truck's page only; or every
 * public screen (`/` and /find-trucks too: the default since session 33, when /find-trucks first
 * hydrated rather than rendering twice and painted 3 s sooner on a slow phone).
 */
export const SERVER_RENDER_MODES = ['off', 'truck-pages', 'public-screens'] as const;
export type ServerRenderMode = (typeof SERVER_RENDER_MODES)[number];

/**
 * A cookie the browser sets while a session is stored (the token itself stays in local storage):
 * the server renders the public screens as an anonymous diner sees them, so a signed-in diner's
 * pages are left to the browser instead of showing the signed-out navbar until the app starts.
 * Its value is the stored user's role (ADR 0175), which picks the frame of that role's own screen
 * (`1`, from before, names none). Only a hint: the server trusts it for nothing else.
 */
export const SIGNED_IN_HINT_COOKIE = 'ftf_signed_in';

/**
 * Each role's own screen (an admin has none): rendered by the server with the user's data when the
 * screen session cookie comes with it (ADR 0176), else as its frame (ADR 0175).
 */
export const OWN_SCREENS: Readonly<Partial<Record<Role, string>>> = {
  customer: '/favorites',
  operator: '/operator-dashboard',
};

/**
 * A cookie the browser writes beside the hint while a customer's or an operator's session is
 * stored, for that role's own screen's address alone (its Path): the session's token and the
 * browser's locale and zone, URL-encoded JSON (`{"token","locale","timeZone"}`). With it the server
 * renders that screen with the user's data (ADR 0176). Our API never reads it: its calls take the token only as a
 * bearer header, so a cookie sent along by another site's form or link can do nothing there.
 */
export const SCREEN_SESSION_COOKIE = 'ftf_screen';

/**
 * The cookies a stored session sets, as `document.cookie` assignments: the signed-in hint naming
 * its role, and the screen session cookie at the address the server renders with the user's data,
 * if the role has one; `session` null clears them all. Each own screen's address other than the
 * session's is cleared, so a change of account leaves nothing of the last one's. `screens: false`:
 * the hint alone. `viewer` is read only for a screen session cookie (the page's first Intl formatter,
 * 10-40 ms on a slow phone).
 */
export function signedInCookies(
  session: { role: Role; token: string } | null,
  viewer: () => Viewer,
  { secure, screens = true }: { secure: boolean; screens?: boolean },
): string[] {
  const cookie = (name: string, value: string | null, path = '/') =>
    `${name}=${value ?? ''}; Path=${path}; Max-Age=${value === null ? 0 : 31536000}; SameSite=Lax${secure ? '; Secure' : ''}`;
  const hint = cookie(SIGNED_IN_HINT_COOKIE, session?.role ?? null);
  if (!screens) return [hint];
  const screen = session && OWN_SCREENS[session.role];
  return [
    hint,
    ...Object.values(OWN_SCREENS)
      .filter((path): path is string => path !== undefined)
      .map((path) =>
        cookie(
          SCREEN_SESSION_COOKIE,
          session && path === screen ? encodeURIComponent(JSON.stringify({ token: session.token, ...viewer() })) : null,
          path,
        ),
      ),
  ];
}

/** The role a signed-in hint cookie's value names, or null (`1`, or anything else). */
export const hintedRole = (value: string | null | undefined): Role | null =>
  ROLES.find((role) => role === value) ?? null;
