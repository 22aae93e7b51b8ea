import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { createPaystackProvider } from './paystack.js';
import type { PaymentProvider } from './provider.js';
import {
  createSandboxProvider,
  createUnavailableProvider,
  type SandboxProvider,
  sandboxSecret,
} from './sandbox.js';
import { createSandboxStatements } from './sandbox-statements.js';
import { createPaystackStatements, type ProviderStatements } from './statements.js';

export type * from './provider.js';
export type { SandboxProvider } from './sandbox.js';
export { paystackFeeKobo, sandboxSecret } from './sandbox.js';
export * from './statements.js';
export * from './subaccounts.js';
export * from './transfers.js';

/**
 * Paystack when PAYSTACK_SECRET_KEY is set, else the built-in sandbox (outside production, or with
 * PAYMENTS_SANDBOX=true), else a provider that refuses every payment. Tests may hand in their own provider.
 */
export function selectPaymentProvider(options: {
  config: Config;
  db: Db;
  logger: Logger;
  now: () => Date;
  provider?: PaymentProvider;
}): { provider: PaymentProvider; sandbox?: SandboxProvider } {
  const { config, db, logger } = options;
  if (options.provider) {
    const sandbox = 'attempt' in options.provider ? (options.provider as SandboxProvider) : undefined;
    return { provider: options.provider, sandbox };
  }
  if (config.paystackSecretKey) {
    return {
      provider: createPaystackProvider({
        secretKey: config.paystackSecretKey,
        baseUrl: config.paystackBaseUrl,
        logger,
      }),
    };
  }
  if (config.paymentsSandbox) {
    const sandbox = createSandboxProvider({
      db,
      secret: sandboxSecret(config.dataDir),
      publicUrl: config.publicUrl,
      now: options.now,
    });
    return { provider: sandbox, sandbox };
  }
  logger.warn('PAYSTACK_SECRET_KEY is not set: payments are refused');
  return { provider: createUnavailableProvider() };
}
export {
  type Bank,
  type BankDirectory,
  createSandboxBankDirectory,
  nubanCheckDigit,
  selectBankDirectory,
  validNuban,
} from './banks.js';

/**
 * The provider's statements for reconciliation (ADR 065), chosen as the payment provider is: Paystack's lists with
 * PAYSTACK_SECRET_KEY, the sandbox's own tables with the sandbox, else none (a run then fails saying why).
 */
export function selectProviderStatements(options: {
  config: Config;
  db: Db;
  logger: Logger;
  statements?: ProviderStatements;
}): ProviderStatements | undefined {
  const { config } = options;
  if (options.statements) return options.statements;
  if (config.paystackSecretKey) {
    return createPaystackStatements({
      secretKey: config.paystackSecretKey,
      baseUrl: config.paystackBaseUrl,
      logger: options.logger,
    });
  }
  return config.paymentsSandbox ? createSandboxStatements(options.db) : undefined;
}
