import { auditEndpoints } from '@market/contracts';
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
      // The file itself, not an envelope: a spreadsheet opens it as it is.
      return reply
        .code(200)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${query.from}-to-${query.to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    }),
  ];
}
