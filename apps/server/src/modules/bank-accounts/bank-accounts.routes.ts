import { bankAccountEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { RateLimits } from '../../platform/security/rate-limits.js';
import type { BankAccountsService } from './bank-accounts.service.js';

export function bankAccountsRoutes(
  bankAccounts: BankAccountsService,
  rateLimits: RateLimits,
): RouteDefinition[] {
  return [
    route(bankAccountEndpoints.banks, async () => ({ message: 'Banks', data: await bankAccounts.banks() })),
    route(bankAccountEndpoints.resolve, async ({ auth, body, ip }) => {
      await rateLimits.consume('bank-account', { ip, account: auth.userId });
      return { message: 'Account found', data: await bankAccounts.resolve(body) };
    }),
    route(bankAccountEndpoints.get, async ({ auth }) => {
      const data = await bankAccounts.get(auth);
      return { message: data ? 'Bank account' : 'No bank account yet', data };
    }),
    route(bankAccountEndpoints.save, async ({ auth, body, ip }) => {
      // Each save checks the owner's password: limited like the look-ups.
      await rateLimits.consume('bank-account', { ip, account: auth.userId });
      return { message: 'Bank account saved', data: await bankAccounts.save(auth, body) };
    }),
  ];
}
