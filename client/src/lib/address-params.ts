import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

export interface AddressParams {
  /** The address's query as this render sees it. */
  search: string;
  params: URLSearchParams;
  /** Sets (or, with null or '', removes) one parameter, replacing the history entry and keeping its state. */
  setParam: (name: string, value: string | null) => void;
}

/**
 * A screen's query parameters, each written on its own without undoing another's.
 *
 * A write builds on the query as the last write left it, not on the one the last render saw. Two
 * writes can come before the screen renders again: a filter tapped while the search box's
 * debounced write is still waiting in an effect of a render from before the tap. Built on the
 * rendered query, the search's write put back the address without the filter (a flaky
 * attributes.spec on a phone, session 58). The address is the truth again at each change the
 * router renders (a link, Back).
 */
export function useAddressParams(path: string): AddressParams {
  const search = useSearch();
  const [, navigate] = useLocation();
  const latest = useRef(search);
  useLayoutEffect(() => {
    latest.current = search;
  }, [search]);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParam = useCallback(
    (name: string, value: string | null) => {
      const next = new URLSearchParams(latest.current);
      if (value) next.set(name, value);
      else next.delete(name);
      const query = next.toString();
      latest.current = query;
      // The entry's own state (the open card, the look-ahead: ADR 0184) stays with it.
      navigate(`${path}${query ? `?${query}` : ''}`, { replace: true, state: window.history.state });
    },
    [path, navigate],
  );
  return { search, params, setParam };
}
