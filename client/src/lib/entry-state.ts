import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useRenderingServerHtml } from './hydration';

function entryState(): Record<string, unknown> {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/**
 * State that is also kept in the page's history entry, and whether the screen opened with it: Back
 * to the screen finds it as the diner left it (which card was open, how far the list was drawn), so
 * the page has its old height and the browser's scroll restoration lands where they were. Without it, Back from a truck's page to
 * /find-trucks drew a shorter list, and the card the diner had come from was off the screen
 * (session 57). A value the entry holds that `accepts` refuses is ignored. A screen that replaces
 * its entry (a query written to the URL) passes the entry's state on (`window.history.state`).
 *
 * Not while the server's HTML renders or hydrates: a reload keeps the entry's state, and the
 * server rendered the screen without it.
 */
export function useEntryState<T>(
  key: string,
  initial: T,
  accepts: (kept: unknown) => kept is T,
): [value: T, setValue: Dispatch<SetStateAction<T>>, kept: boolean] {
  const serverHtml = useRenderingServerHtml();
  // Whether the screen opened with the entry's value (came Back to it), decided at its first render.
  const [start] = useState<{ value: T; kept: boolean }>(() => {
    const kept = serverHtml ? undefined : entryState()[key];
    return accepts(kept) ? { value: kept, kept: true } : { value: initial, kept: false };
  });
  const [value, setValue] = useState<T>(start.value);
  useEffect(() => {
    const state = entryState();
    if (Object.is(state[key], value)) return;
    window.history.replaceState({ ...state, [key]: value }, '');
  }, [key, value]);
  return [value, setValue, start.kept];
}
