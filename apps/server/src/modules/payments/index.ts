import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { type PaymentProvider, selectPaymentProvider } from '../../platform/payments/index.js';
import { paymentsHttp, paymentsRoutes } from './payments.routes.js';
import { createPaymentsService, type PaymentsService } from './payments.service.js';

export type { PaymentPurpose, Verification } from '../../platform/payments/index.js';
export type { PaymentSplitLine, PaymentStatus } from './payments.schema.js';
export type {
  PaymentSplitter,
  PaymentState,
  PaymentsService,
  PaymentTransaction,
  StartPayment,
} from './payments.service.js';
export { generateReference } from './payments.service.js';

/**
 * The payments ledger (every payment we started and what the provider said), its verify route, the provider's
 * webhook and the sandbox's pages. Other modules register a purpose (their reference prefix) and start payments
 * through the service; they never read the ledger's tables.
 */
export function createPaymentsModule(
  deps: Deps,
  options: { provider?: PaymentProvider } = {},
): ServerModule<PaymentsService> {
  const { provider, sandbox } = selectPaymentProvider({
    config: deps.config,
    db: deps.db,
    logger: deps.logger,
    now: deps.now,
    provider: options.provider,
  });
  const service = createPaymentsService({
    db: deps.db,
    provider,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
    now: deps.now,
  });
  return {
    service,
    routes: paymentsRoutes(service),
    http: paymentsHttp({ payments: service, sandbox, logger: deps.logger }),
  };
}
