import { auditEndpoints } from '@market/contracts';
import { sendCsv } from '../../platform/http/csv-reply.js';
import { type RouteDefinition, requireStoreId, route } from '../../platform/http/routes.js';
import type { AuditService } from './audit.service.js';

export function auditRoutes(audit: AuditService): RouteDefinition[] {
  return [
    route(auditEndpoints.list, async ({ query }) => ({
      message: 'Audit trail',
      data: await audit.list(query),
    })),
    route(auditEndpoints.store, async ({ auth, query }) => ({
      message: "Your store's audit trail",
      data: await audit.list(query, requireStoreId(auth)),
    })),
    route(auditEndpoints.csv, async ({ query, reply }) => {
      const csv = await audit.csv(query);
      return sendCsv(reply, `audit-${query.from}-to-${query.to}.csv`, csv);
    }),
  ];
}
