import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest, readJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useDebouncedValue } from '@client/lib/use-debounced-value';

/**
 * GET /api/food-trucks/search?q=: the ids of the trucks whose name, cuisine, address, description
 * or menu items hold the search. The list itself stays one cached answer for every diner; a search
 * asks only for ids, and the page keeps the trucks of its list that either match on the card's own
 * fields or are among these ids.
 */
export function truckSearchQuery(q: string) {
  return queryOptions({
    queryKey: queryKeys.truckSearch(q),
    queryFn: () => readJson<number[]>(apiRequest('GET', `/api/food-trucks/search?q=${encodeURIComponent(q)}`)),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

const NONE: ReadonlySet<number> = new Set();

/** The ids matching `search` once typing pauses; empty while there is no search. */
export function useTruckSearchIds(search: string): ReadonlySet<number> {
  const term = useDebouncedValue(search.trim(), 250);
  const query = useQuery({ ...truckSearchQuery(term), enabled: term.length > 0 });
  const data = term.length > 0 ? query.data : undefined;
  return useMemo(() => (data ? new Set(data) : NONE), [data]);
}
