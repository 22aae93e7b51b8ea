import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { bankAccountsRoutes } from './bank-accounts.routes.js';
import {
  type BankAccountsNeeds,
  type BankAccountsService,
  createBankAccountsService,
} from './bank-accounts.service.js';

export {
  bankAccountsOf,
  findBankAccount,
  storesWithoutSubaccount,
  subaccountCodes,
} from './bank-accounts.repository.js';
export type { BankAccountsNeeds, BankAccountsService } from './bank-accounts.service.js';
export { maskAccountNumber } from './bank-accounts.service.js';

/** A store's payout bank account: resolved at the bank before it is saved, changed only by the owner. */
export function createBankAccountsModule(
  deps: Deps,
  needs: BankAccountsNeeds,
): ServerModule<BankAccountsService> {
  const service = createBankAccountsService(deps, needs);
  return { service, routes: bankAccountsRoutes(service, deps.rateLimits) };
}
