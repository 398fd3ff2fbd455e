import type { Page } from '@shared/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys, type AdminListName } from '@client/lib/query-keys';

/** Filters of an admin list as query-string values (unset ones are left out). */
export type ListParams = Record<string, string | undefined>;

/** GET /api/admin/{list}?search&limit&cursor — one page, newest first. */
export function fetchAdminPage<T>(
  list: AdminListName,
  params: ListParams,
  cursor?: number,
): Promise<Page<T>> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  if (cursor) query.set('cursor', String(cursor));
  const qs = query.toString();
  return apiJson<Page<T>>('GET', `/api/admin/${list}${qs ? `?${qs}` : ''}`);
}

/** One admin list, page after page: the next page starts at the last page's cursor. */
export function adminListQuery<T>(list: AdminListName, params: ListParams) {
  return infiniteQueryOptions({
    queryKey: queryKeys.adminList(list, params),
    queryFn: ({ pageParam }) => fetchAdminPage<T>(list, params, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * One admin list, page after page (Load more): the server searches and pages, so the panel stays
 * fast with 100,000 accounts. `items` are the pages joined; `total` counts every match.
 */
export function useAdminList<T>(list: AdminListName, params: ListParams) {
  const query = useInfiniteQuery(adminListQuery<T>(list, params));
  const pages = query.data?.pages ?? [];
  return { ...query, items: pages.flatMap((p) => p.items), total: pages[0]?.total };
}
