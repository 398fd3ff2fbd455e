import { useState } from 'react';
import type { ListParams } from '../api/admin-list';
import { useEndSessionOnRefusal } from './use-admin-guard';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { useFetchFailureToast } from './use-fetch-failure-toast';
import { formatCount } from '@shared/utils/format';

interface ListQuery {
  error: unknown;
  items: unknown[];
  total: number | undefined;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

/**
 * What every admin tab does around its list: a search box (debounced, searched on the server), the
 * failure toast, back to /admin/login on a refused call, and the props of its toolbar and table.
 */
export function useListView<Q extends ListQuery>(
  useList: (params: ListParams) => Q,
  { filters = {}, failureTitle }: { filters?: ListParams; failureTitle: string },
) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const list = useList({ search: settled || undefined, ...filters });
  useFetchFailureToast(list.error, failureTitle);
  useEndSessionOnRefusal(list.error);
  return {
    list,
    toolbar: { search, onSearch: setSearch },
    table: {
      loading: list.isPending,
      hasMore: list.hasNextPage,
      loadingMore: list.isFetchingNextPage,
      onLoadMore: () => void list.fetchNextPage(),
    },
  };
}

/** '{n} customer(s) found' (spec section 2), once the count is known. */
export const foundText = (total: number | undefined, noun: string) =>
  total === undefined ? undefined : `${formatCount(total)} ${noun}(s) found`;
