import { api } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** The audit log: every admin action, newest first. */
export const auditKeys = { all: ['admin-audit'] as const };

export const useAuditLog = () =>
  usePagedList(auditKeys.all, (page) => api.GET('/api/admin/audit', page));
