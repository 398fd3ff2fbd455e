import type { AdminStats } from '@shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/admin/stats (the default GET of the key). */
export function adminStatsQuery() {
  return queryOptions<AdminStats>({ queryKey: queryKeys.adminStats });
}

export function useAdminStats() {
  return useQuery(adminStatsQuery());
}
