import { type AuditAction, type AuditSubjectType, auditEndpoints } from '@market/contracts';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/open-file';

/** What the admin narrows the trail to; empty fields are left out of the query. */
export interface AuditFilters {
  actorId?: string;
  action?: AuditAction;
  subjectType?: AuditSubjectType;
  subjectId?: string;
  from?: string;
  to?: string;
}

export const AUDIT_ERROR = 'Could not get the audit trail. Try again later.';
const PAGE_SIZE = 25;

function present(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  ) as AuditFilters;
}

/** Whose trail: the platform's (admins with audit:read) or one store's (its owner, store:audit:read). */
export type AuditScope = 'admin' | 'store';

/** The trail, newest first, one page of 25 at a time by cursor ("Show older" asks for the next). */
export function useAuditTrail(filters: AuditFilters, scope: AuditScope = 'admin') {
  const query = present(filters);
  return useInfiniteQuery({
    queryKey: ['audit', scope, query],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const paged = { ...query, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) };
      const answer =
        scope === 'admin'
          ? await api(auditEndpoints.list, { kind: 'admin', query: paged, signal })
          : await api(auditEndpoints.store, { kind: 'merchant', query: paged, signal });
      return answer.data;
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { toast: { fallback: AUDIT_ERROR } },
  });
}

/** Saves the window's trail as CSV (fetched with the session's token, so not a plain link). */
export function useDownloadAuditCsv() {
  return useMutation({
    mutationFn: async (filters: AuditFilters & { from: string; to: string }) => {
      const blob = (await api(auditEndpoints.csv, {
        kind: 'admin',
        query: present(filters) as AuditFilters & { from: string; to: string },
        responseType: 'blob',
      })) as unknown as Blob;
      saveBlob(blob, `audit-${filters.from}-to-${filters.to}.csv`);
    },
    meta: { toast: { fallback: 'Could not export the audit trail. Try again later.' } },
  });
}
