import type { AuditEntry } from '@shared/contracts';
import { useAdminList, type ListParams } from './admin-list';

/** GET /api/admin/audit-log?search&action */
export function useAuditLog(params: ListParams) {
  return useAdminList<AuditEntry>('audit-log', params);
}
