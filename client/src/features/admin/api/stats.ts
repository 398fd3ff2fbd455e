import type { AdminStats } from '@shared/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/admin/stats (the default GET of the key). */
export const useAdminStats = () => useQuery<AdminStats>({ queryKey: queryKeys.adminStats });
