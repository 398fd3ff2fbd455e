import type { DehydratedState } from '@tanstack/react-query';
import { SERVER_RENDER_DATA_ID } from '@shared/contracts/server-render';

/** What a server-rendered page was rendered from (entry-server.tsx), read back to hydrate it (ADR 0168). */
export interface ServerData {
  /** The query cache the screen rendered with. */
  queries: DehydratedState;
  /** The Truck-Event-Id of each list it holds: where the truck stream opens from (ADR 0139). */
  truckEventIds: number[];
}

/** JSON for `<script type="application/json">`: no `<` can end the script or open a comment. */
export const serializeServerData = (data: ServerData): string => JSON.stringify(data).replace(/</g, '\\u003c');

/** The page's server data, or null when the browser renders the page itself. */
export function readServerData(): ServerData | null {
  const text = document.getElementById(SERVER_RENDER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerData;
  } catch {
    return null;
  }
}
