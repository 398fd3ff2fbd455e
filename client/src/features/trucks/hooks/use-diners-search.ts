import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTruckSearch, type TruckSearch } from '../api/truck-search';

export interface DinersSearch extends TruckSearch {
  /** What the box holds, shown at each key. */
  search: string;
  setSearch: (text: string) => void;
  /**
   * The text the list and the map follow: the box's at a lower priority, a render that the next key
   * interrupts rather than waits for (Interaction to Next Paint, issue 33).
   */
  listSearch: string;
}

/**
 * /find-trucks' search, kept in the page's URL as `?q=` (ADR 0182): a reload, the browser's Back
 * from a truck's order page and a shared link all open the same search. The URL is written once
 * typing pauses (the search's own debounce), replacing the entry rather than adding one per word.
 * `urlQuery` is the URL's text now; when it changes from outside (a link to another search), the
 * box follows it.
 */
export function useDinersSearch(urlQuery: string, writeUrlQuery: (q: string | null) => void): DinersSearch {
  const [search, setSearch] = useState(urlQuery);
  // The text this page last wrote to the URL, or found there.
  const written = useRef(urlQuery);
  const [urlSeen, setUrlSeen] = useState(urlQuery);
  if (urlQuery !== urlSeen) {
    setUrlSeen(urlQuery);
    if (urlQuery !== written.current) setSearch(urlQuery);
  }
  const listSearch = useDeferredValue(search);
  const found = useTruckSearch(listSearch);
  const { term } = found;
  useEffect(() => {
    if (term === written.current) return;
    written.current = term;
    if (term !== urlQuery) writeUrlQuery(term || null);
  }, [term, urlQuery, writeUrlQuery]);
  return { ...found, search, setSearch, listSearch };
}
