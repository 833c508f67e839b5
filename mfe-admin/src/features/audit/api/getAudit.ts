import { api, type ResponseOf } from '@cinema/api-client';
import { listPageSize } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/**
 * `GET admin/audit/?page=&page_size=&actor=&action=&entity=&from=&to=` (admin only): who changed
 * what, newest first (api/src/routes/admin/audit-schemas.ts, through the generated types).
 */
export type AuditPage = ResponseOf<'/api/admin/audit', 'get'>;
export type AuditRecord = AuditPage['results'][number];
export type AuditAction = AuditRecord['action'];

/** The filters in force, each '' when unset; `from` and `to` are days 'YYYY-MM-DD'. */
export interface AuditFilters {
  actor: string;
  action: string;
  entity: string;
  from: string;
  to: string;
}

export const AUDIT_FILTER_NAMES = ['actor', 'action', 'entity', 'from', 'to'] as const;

export function getAudit(
  page: number,
  filters: AuditFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AuditPage> {
  const query: Record<string, string | number> = { page, page_size: listPageSize() };
  // Unset filters stay out of the address (in this order, so one address per search).
  for (const name of AUDIT_FILTER_NAMES) if (filters[name]) query[name] = filters[name];
  return api.get('/api/admin/audit', { query, ...(signal ? { signal } : {}) });
}

export const auditQueryKey = ['admin', 'audit'] as const;

export function auditQueryOptions(page: number, filters: AuditFilters) {
  return queryOptions({
    queryKey: [...auditQueryKey, page, filters],
    queryFn: ({ signal }) => getAudit(page, filters, { signal }),
    // The current rows stay on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useAudit(page: number, filters: AuditFilters) {
  return useQuery(auditQueryOptions(page, filters));
}
