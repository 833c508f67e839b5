import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_FILTER_NAMES, type AuditFilters } from './api/getAudit';

/**
 * The audit list's page and filters live in the URL (`?actor=olga&from=2026-03-01&page=2`), so a
 * reload or a shared link shows the same records. Other parameters (the panel's `tab`) stay.
 */
export function useAuditParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('page') ?? '1');
  const page = Number.isSafeInteger(raw) && raw >= 1 ? raw : 1;
  const filters = Object.fromEntries(
    AUDIT_FILTER_NAMES.map((name) => [name, (searchParams.get(name) ?? '').trim()]),
  ) as unknown as AuditFilters;

  const setPage = useCallback(
    (next: number) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next <= 1) params.delete('page');
          else params.set('page', String(next));
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  /** New filters start again at page 1. */
  const setFilters = useCallback(
    (next: AuditFilters) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.delete('page');
          for (const name of AUDIT_FILTER_NAMES) {
            const value = next[name].trim();
            if (value) params.set(name, value);
            else params.delete(name);
          }
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return { page, filters, setPage, setFilters };
}
