import {
  ACCOUNT_NOT_RESOLVED,
  type Bank,
  type MaskedBankAccount,
  type ResolveAccountBody,
  type ResolvedAccount,
  type SaveBankAccountBody,
  UNKNOWN_BANK,
  WRONG_PASSWORD,
} from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { forbidden, validation } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/http/routes.js';
import { requireStoreId } from '../../platform/http/routes.js';
import type { BankDirectory } from '../../platform/payments/index.js';
import { type BankAccountRow, findBankAccount, upsertBankAccount } from './bank-accounts.repository.js';

export interface BankAccountsNeeds {
  directory: BankDirectory;
  /** Whether the password is this account's (argon2 check); from the auth module. */
  checkPassword(userId: string, password: string): Promise<boolean>;
  /** The store owner's address and name, for the change notice; from the stores and auth modules. */
  storeOwner(
    executor: Db,
    storeId: string,
  ): Promise<{ email: string; firstName: string; storeName: string } | undefined>;
}

export function maskAccountNumber(accountNumber: string): string {
  return `${'•'.repeat(Math.max(0, accountNumber.length - 4))}${accountNumber.slice(-4)}`;
}

function toMasked(row: BankAccountRow): MaskedBankAccount {
  return {
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumberLast4: row.accountNumber.slice(-4),
    maskedAccountNumber: maskAccountNumber(row.accountNumber),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createBankAccountsService(deps: Deps, needs: BankAccountsNeeds) {
  const { db } = deps;
  const { directory } = needs;

  async function bankOf(code: string): Promise<Bank> {
    const found = (await directory.listBanks()).find((bank) => bank.code === code);
    if (!found) throw validation('bankCode', UNKNOWN_BANK);
    return found;
  }

  async function resolve(body: ResolveAccountBody): Promise<ResolvedAccount> {
    const bank = await bankOf(body.bankCode);
    const accountName = await directory.resolveAccount(bank.code, body.accountNumber);
    if (!accountName) throw validation('accountNumber', ACCOUNT_NOT_RESOLVED);
    return { bankCode: bank.code, bankName: bank.name, accountNumber: body.accountNumber, accountName };
  }

  return {
    banks: () => directory.listBanks(),
    resolve,

    async get(auth: AuthContext): Promise<MaskedBankAccount | null> {
      const row = await findBankAccount(db, requireStoreId(auth));
      return row ? toMasked(row) : null;
    },

    /**
     * Only the owner, with their password: the account is where the store's money goes. The name is resolved
     * again here (what the screen showed is never trusted), and the owner is mailed in the same transaction.
     */
    async save(auth: AuthContext, body: SaveBankAccountBody): Promise<MaskedBankAccount> {
      const storeId = requireStoreId(auth);
      if (auth.role !== 'owner') throw forbidden('Only the store owner can change the payout bank account');
      if (!(await needs.checkPassword(auth.userId, body.password)))
        throw validation('password', WRONG_PASSWORD);
      const resolved = await resolve(body);
      return db.transaction(async (tx) => {
        const before = await findBankAccount(tx, storeId);
        const row = await upsertBankAccount(tx, {
          storeId,
          bankCode: resolved.bankCode,
          bankName: resolved.bankName,
          accountNumber: resolved.accountNumber,
          accountName: resolved.accountName,
          updatedBy: auth.userId,
          updatedAt: deps.now(),
        });
        const owner = await needs.storeOwner(tx, storeId);
        if (owner) {
          const masked = toMasked(row);
          await deps.mailer.send(tx, {
            to: owner.email,
            subject: `The payout bank account of ${owner.storeName} was ${before ? 'changed' : 'added'}`,
            paragraphs: [
              `Hello ${owner.firstName},`,
              `Payouts of ${owner.storeName} now go to ${masked.accountName}, ${masked.bankName}, account ending ${masked.accountNumberLast4}.`,
              ...(before
                ? [
                    `Before this change they went to ${before.bankName}, account ending ${before.accountNumber.slice(-4)}.`,
                  ]
                : []),
              'If you did not make this change, change your password at once and contact Naija Market support.',
            ],
          });
        }
        return toMasked(row);
      });
    },

    /** For payouts: the whole account of a store, or undefined when none is saved. */
    payoutAccount(executor: Db, storeId: string) {
      return findBankAccount(executor, storeId);
    },
  };
}

export type BankAccountsService = ReturnType<typeof createBankAccountsService>;
