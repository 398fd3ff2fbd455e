import type { AdminOperator } from '@shared/contracts';
import { useAdminList, type ListParams } from './admin-list';

/** GET /api/admin/operators?search — username, email, phone or a truck name. */
export function useAdminOperators(params: ListParams) {
  return useAdminList<AdminOperator>('operators', params);
}
