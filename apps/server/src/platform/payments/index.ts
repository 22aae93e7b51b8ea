import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { createPaymentsService, type PaymentsService } from './payments.service.js';
import { createPaystackProvider } from './paystack.js';
import type { PaymentProvider } from './provider.js';
import {
  createSandboxProvider,
  createUnavailableProvider,
  type SandboxProvider,
  sandboxSecret,
} from './sandbox.js';

export type { PaymentsService } from './payments.service.js';

/**
 * Paystack when PAYSTACK_SECRET_KEY is set, else the built-in sandbox (outside production, or with
 * PAYMENTS_SANDBOX=true), else a provider that refuses every payment. Tests may hand in their own provider.
 */
export function createPayments(options: {
  config: Config;
  db: Db;
  logger: Logger;
  now: () => Date;
  provider?: PaymentProvider;
}): { service: PaymentsService; sandbox?: SandboxProvider } {
  const { config, db, logger } = options;
  let provider = options.provider;
  let sandbox: SandboxProvider | undefined;
  if (!provider) {
    if (config.paystackSecretKey) {
      provider = createPaystackProvider({
        secretKey: config.paystackSecretKey,
        baseUrl: config.paystackBaseUrl,
        logger,
      });
    } else if (config.paymentsSandbox) {
      sandbox = createSandboxProvider({
        db,
        secret: sandboxSecret(config.jwtSecret),
        publicUrl: config.publicUrl,
        now: options.now,
      });
      provider = sandbox;
    } else {
      logger.warn('PAYSTACK_SECRET_KEY is not set: payments are refused');
      provider = createUnavailableProvider();
    }
  } else if ('attempt' in provider) {
    sandbox = provider as SandboxProvider;
  }
  const service = createPaymentsService({
    db,
    provider,
    publicUrl: config.publicUrl,
    logger,
    now: options.now,
  });
  return { service, sandbox };
}
