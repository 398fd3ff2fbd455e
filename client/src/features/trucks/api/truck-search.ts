import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest, readJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useDebouncedValue } from '@client/lib/use-debounced-value';

function idsFor(q: string, match: 'all' | 'some') {
  return readJson<number[]>(apiRequest('GET', `/api/food-trucks/search?q=${encodeURIComponent(q)}${match === 'some' ? '&match=some' : ''}`));
}

/**
 * GET /api/food-trucks/search?q=: the ids of the trucks whose name, cuisine, address, description
 * or menu items hold the search. The list itself stays one cached answer for every diner; a search
 * asks only for ids, and the page keeps the trucks of its list that either match on the card's own
 * fields or are among these ids. A search of several words that no truck holds whole ("korean
 * bbq") asks again for the trucks holding the most of its words (`match=some`), marked `partial`,
 * rather than leaving the list empty. One query: the list waits for both, never flashes empty.
 */
export function truckSearchQuery(q: string) {
  return queryOptions({
    queryKey: queryKeys.truckSearch(q),
    queryFn: async () => {
      const ids = await idsFor(q, 'all');
      if (ids.length > 0 || !/\s/.test(q)) return { ids, partial: false };
      const some = await idsFor(q, 'some');
      return { ids: some, partial: some.length > 0 };
    },
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export interface TruckSearch {
  /** The ids matching the search; empty while there is none. */
  hits: ReadonlySet<number>;
  /** No truck holds every word of the search: `hits` hold some of them (the most any truck does). */
  partial: boolean;
}

const NONE: TruckSearch = { hits: new Set(), partial: false };

/** The trucks matching `search` once typing pauses. */
export function useTruckSearch(search: string): TruckSearch {
  const term = useDebouncedValue(search.trim(), 250);
  const query = useQuery({ ...truckSearchQuery(term), enabled: term.length > 0 });
  const data = term.length > 0 ? query.data : undefined;
  return useMemo(() => (data ? { hits: new Set(data.ids), partial: data.partial } : NONE), [data]);
}
