import type { AuditEntry } from '@shared/contracts';
import { useAdminList, type ListParams } from './admin-list';

/** GET /api/admin/audit-log?search&action */
export const useAuditLog = (params: ListParams) => useAdminList<AuditEntry>('audit-log', params);
