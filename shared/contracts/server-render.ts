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
}

/**
 * The bundle's `render`: null for an address whose screen is only rendered by the browser.
 * `signedInAs`: the role the signed-in hint cookie names (never trusted: it picks which frame to
 * send, and the frame holds nothing of the user's).
 */
export type RenderPage = (
  url: string,
  fetchApi: (url: string) => Promise<ServerRenderAnswer>,
  signedInAs?: Role,
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

/** The role a signed-in hint cookie's value names, or null (`1`, or anything else). */
export const hintedRole = (value: string | null | undefined): Role | null =>
  ROLES.find((role) => role === value) ?? null;
