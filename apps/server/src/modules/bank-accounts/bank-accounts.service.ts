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
import { recordAudit } from '../../platform/audit/record.js';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, forbidden, validation } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/http/routes.js';
import { requireStoreId } from '../../platform/http/routes.js';
import type { BankDirectory, SubaccountProvider } from '../../platform/payments/index.js';
import { outcomeUnknown } from '../../platform/payments/paystack-http.js';
import { passwordMatches } from '../auth/index.js';
import { storeCommissionBasisPoints, storeOwnerContact } from '../stores/index.js';
import {
  accountsWithoutSubaccount,
  type BankAccountRow,
  findBankAccount,
  setSubaccountCode,
  upsertBankAccount,
} from './bank-accounts.repository.js';

/** Paystack's answer to a create or update was lost and asking it did not settle it either (ADR 071). */
export const SUBACCOUNT_OUTCOME_UNKNOWN =
  "Paystack has not confirmed whether the store's settlement account was set up, so nothing was saved. Please try again in a few minutes: we ask Paystack first, so nothing is set up twice.";
/** Paystack's answer was lost and asking it showed nothing was done: safe to send again. */
export const SUBACCOUNT_NOT_MADE =
  "Paystack did not answer, and it has not set up the store's settlement account. Nothing was saved; please try again.";

/**
 * What bank accounts are handed: the providers the configuration selects. The account's password check, the store
 * owner and the store's commission they read through the auth and stores modules' index.
 */
export interface BankAccountsNeeds {
  directory: BankDirectory;
  /**
   * Subaccount settlement (SETTLEMENT_MODE=subaccount, ADR 051): every saved account is also the store's Paystack
   * subaccount. Undefined in transfer mode, which the configuration chose (not a listener left unwired).
   */
  subaccounts: SubaccountProvider | undefined;
}

export function maskAccountNumber(accountNumber: string): string {
  return `${'•'.repeat(Math.max(0, accountNumber.length - 4))}${accountNumber.slice(-4)}`;
}

function toMasked(
  row: BankAccountRow,
  settlementMode: MaskedBankAccount['settlementMode'],
): MaskedBankAccount {
  return {
    settlementMode,
    subaccountCode: settlementMode === 'subaccount' ? row.subaccountCode : null,
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumberLast4: row.accountNumber.slice(-4),
    maskedAccountNumber: maskAccountNumber(row.accountNumber),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the bank accounts service's functions work with. */
interface BankAccountsContext {
  deps: Deps;
  db: Db;
  needs: BankAccountsNeeds;
  mode: MaskedBankAccount['settlementMode'];
}

const masked = (ctx: BankAccountsContext, row: BankAccountRow) => toMasked(row, ctx.mode);

async function commissionPercentage(ctx: BankAccountsContext, storeId: string): Promise<number> {
  // Paystack's `percentage_charge`: the store's commission (the stores module's read), null without a category.
  const rate = await storeCommissionBasisPoints(ctx.db, storeId);
  // A store without a category pays the standard 10 %, as the ledger charges it.
  return rate === null ? 10 : rate / 100;
}

/**
 * Makes (or moves to the new account) the store's Paystack subaccount; called before anything is saved, so an
 * account Paystack will not settle to is never saved in subaccount mode.
 */
async function linkSubaccount(
  ctx: BankAccountsContext,
  provider: SubaccountProvider,
  storeId: string,
  account: { bankCode: string; accountNumber: string },
  existingCode: string | null,
): Promise<string> {
  const owner = await storeOwnerContact(ctx.db, storeId);
  const request = {
    businessName: owner?.storeName ?? 'Naija Market store',
    bankCode: account.bankCode,
    accountNumber: account.accountNumber,
    percentageCharge: await commissionPercentage(ctx, storeId),
    contactEmail: owner?.email,
  };
  /** A documented read that settles an unknown; one that does not answer leaves it unknown (refused, saying so). */
  const ask = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      ctx.deps.logger.warn({ storeId, err: String(error) }, 'subaccount outcome still unknown');
      throw new AppError('SERVICE_UNAVAILABLE', SUBACCOUNT_OUTCOME_UNKNOWN);
    }
  };
  if (existingCode) {
    try {
      return (await provider.update(existingCode, request)).subaccountCode;
    } catch (error) {
      if (!outcomeUnknown(error)) throw error;
      // An update is the same PUT again, but the owner must not be told it is saved unless Paystack holds it.
      const held = await ask(() => provider.fetch(existingCode));
      if (held?.accountNumber === request.accountNumber) return existingCode;
      throw new AppError('SERVICE_UNAVAILABLE', SUBACCOUNT_NOT_MADE);
    }
  }
  // A create takes no reference of ours, so Paystack cannot refuse a second one: an earlier create whose answer
  // was lost (or whose code a dying process never saved) is looked for before anything is sent.
  const earlier = await ask(() => provider.findByAccount(request));
  if (earlier) return earlier.subaccountCode;
  try {
    return (await provider.create(request)).subaccountCode;
  } catch (error) {
    if (!outcomeUnknown(error)) throw error;
    const made = await ask(() => provider.findByAccount(request));
    if (made) return made.subaccountCode;
    throw new AppError('SERVICE_UNAVAILABLE', SUBACCOUNT_NOT_MADE);
  }
}

async function bankOf(ctx: BankAccountsContext, code: string): Promise<Bank> {
  const found = (await ctx.needs.directory.listBanks()).find((bank) => bank.code === code);
  if (!found) throw validation('bankCode', UNKNOWN_BANK);
  return found;
}

async function resolve(ctx: BankAccountsContext, body: ResolveAccountBody): Promise<ResolvedAccount> {
  const bank = await bankOf(ctx, body.bankCode);
  const accountName = await ctx.needs.directory.resolveAccount(bank.code, body.accountNumber);
  if (!accountName) throw validation('accountNumber', ACCOUNT_NOT_RESOLVED);
  return { bankCode: bank.code, bankName: bank.name, accountNumber: body.accountNumber, accountName };
}

async function get(ctx: BankAccountsContext, auth: AuthContext): Promise<MaskedBankAccount | null> {
  const row = await findBankAccount(ctx.db, requireStoreId(auth));
  return row ? masked(ctx, row) : null;
}

/**
 * Only the owner, with their password: the account is where the store's money goes. The name is resolved
 * again here (what the screen showed is never trusted), and the owner is mailed in the same transaction.
 */
async function save(
  ctx: BankAccountsContext,
  auth: AuthContext,
  body: SaveBankAccountBody,
): Promise<MaskedBankAccount> {
  const storeId = requireStoreId(auth);
  if (auth.role !== 'owner') throw forbidden('Only the store owner can change the payout bank account');
  if (!(await passwordMatches(ctx.db, auth.userId, body.password)))
    throw validation('password', WRONG_PASSWORD);
  const resolved = await resolve(ctx, body);
  const current = await findBankAccount(ctx.db, storeId);
  const sameAccount =
    current?.bankCode === resolved.bankCode && current?.accountNumber === resolved.accountNumber;
  // Subaccount mode: Paystack must accept the account as the store's subaccount before it is saved. Transfer
  // mode keeps a subaccount only while it still names the saved account.
  const subaccountCode = ctx.needs.subaccounts
    ? await linkSubaccount(ctx, ctx.needs.subaccounts, storeId, resolved, current?.subaccountCode ?? null)
    : sameAccount
      ? (current?.subaccountCode ?? null)
      : null;
  return ctx.db.transaction(async (tx) => {
    const before = await findBankAccount(tx, storeId);
    const row = await upsertBankAccount(tx, {
      subaccountCode,
      storeId,
      bankCode: resolved.bankCode,
      bankName: resolved.bankName,
      accountNumber: resolved.accountNumber,
      accountName: resolved.accountName,
      updatedBy: auth.userId,
      updatedAt: ctx.deps.now(),
    });
    // Where the store's money goes: only the bank and the last four digits enter the trail.
    await recordAudit(tx, {
      action: 'bank-account.change',
      subjectType: 'bank-account',
      subjectId: storeId,
      storeId,
      before: before
        ? { bankName: before.bankName, accountNumberLast4: before.accountNumber.slice(-4) }
        : null,
      after: { bankName: row.bankName, accountNumberLast4: row.accountNumber.slice(-4) },
    });
    const owner = await storeOwnerContact(tx, storeId);
    if (owner) {
      const shown = masked(ctx, row);
      await ctx.deps.mailer.send(tx, {
        to: owner.email,
        subject: `The payout bank account of ${owner.storeName} was ${before ? 'changed' : 'added'}`,
        paragraphs: [
          `Hello ${owner.firstName},`,
          `Payouts of ${owner.storeName} now go to ${shown.accountName}, ${shown.bankName}, account ending ${shown.accountNumberLast4}.`,
          ...(before
            ? [
                `Before this change they went to ${before.bankName}, account ending ${before.accountNumber.slice(-4)}.`,
              ]
            : []),
          'If you did not make this change, change your password at once and contact Naija Market support.',
        ],
      });
    }
    return masked(ctx, row);
  });
}

/**
 * Subaccount mode: the stores whose account was saved before the platform moved to it get their subaccount
 * (at start, and again by the caller later for any Paystack did not take). Answers how many were linked and how
 * many are still waiting; each store on its own, so one refusal does not hold the others back.
 */
async function linkMissingSubaccounts(
  ctx: BankAccountsContext,
): Promise<{ linked: number; waiting: number }> {
  const provider = ctx.needs.subaccounts;
  const outcome = { linked: 0, waiting: 0 };
  if (!provider) return outcome;
  for (const row of await accountsWithoutSubaccount(ctx.db, 500)) {
    try {
      const code = await linkSubaccount(ctx, provider, row.storeId, row, null);
      await setSubaccountCode(ctx.db, row.storeId, row.accountNumber, code);
      outcome.linked += 1;
    } catch (error) {
      ctx.deps.logger.warn({ storeId: row.storeId, err: String(error) }, 'store subaccount not made yet');
      outcome.waiting += 1;
    }
  }
  return outcome;
}

/** For payouts: the whole account of a store, or undefined when none is saved. */
function payoutAccount(executor: Db, storeId: string) {
  return findBankAccount(executor, storeId);
}

/** Bank accounts of stores: named functions of a `BankAccountsContext` (ADR 091, 102), bound here. */
export function createBankAccountsService(deps: Deps, needs: BankAccountsNeeds) {
  const ctx: BankAccountsContext = {
    deps,
    db: deps.db,
    needs,
    mode: needs.subaccounts ? 'subaccount' : 'transfer',
  };
  return {
    get: bound(ctx, get),
    save: bound(ctx, save),
    linkMissingSubaccounts: bound(ctx, linkMissingSubaccounts),
    payoutAccount,
    banks: () => ctx.needs.directory.listBanks(),
    resolve: bound(ctx, resolve),
  };
}

export type BankAccountsService = ReturnType<typeof createBankAccountsService>;
