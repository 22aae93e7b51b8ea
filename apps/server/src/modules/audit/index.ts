import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { auditRoutes } from './audit.routes.js';
import { type AuditService, createAuditService } from './audit.service.js';

export type { AuditService } from './audit.service.js';

/** The audit trail's reading side for admins (ADR 072); every module writes it with `recordAudit`. */
export function createAuditModule(deps: Deps): ServerModule<AuditService> {
  const service = createAuditService(deps);
  return { service, routes: auditRoutes(service) };
}
