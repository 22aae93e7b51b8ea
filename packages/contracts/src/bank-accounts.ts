import { z } from 'zod';
import { access } from './access.js';
import { isoDateTime } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';

// ---------- a store's payout bank account (issue 9) ----------

export const bank = z.object({ code: z.string(), name: z.string() });
export type Bank = z.infer<typeof bank>;

export const bankCode = z
  .string({ error: 'Choose your bank' })
  .trim()
  .min(1, 'Choose your bank')
  .regex(/^[0-9A-Za-z]{2,12}$/, 'Choose your bank from the list');

/** NUBAN: the 10-digit account number every Nigerian bank uses. */
export const nubanAccountNumber = z
  .string({ error: 'Enter the account number' })
  .trim()
  .regex(/^[0-9]{10}$/, 'An account number has exactly 10 digits');

export const resolveAccountBody = z.object({ bankCode, accountNumber: nubanAccountNumber });
export type ResolveAccountBody = z.input<typeof resolveAccountBody>;

export const resolvedAccount = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});
export type ResolvedAccount = z.infer<typeof resolvedAccount>;

export const saveBankAccountBody = z.object({
  bankCode,
  accountNumber: nubanAccountNumber,
  /** The owner's password, asked again for every change. */
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(128),
});
export type SaveBankAccountBody = z.input<typeof saveBankAccountBody>;

/** What screens see: the account number masked but its last four digits. */
export const settlementModes = ['transfer', 'subaccount'] as const;
export type SettlementMode = (typeof settlementModes)[number];

export const maskedBankAccount = z.object({
  /**
   * How the store is paid (ADR 051): `transfer`, payouts an admin approves; `subaccount`, Paystack settles the
   * store's share of each payment to this account itself.
   */
  settlementMode: z.enum(settlementModes),
  /** The store's Paystack subaccount for this account (subaccount mode; null until Paystack made it). */
  subaccountCode: z.string().nullable(),
  bankCode: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumberLast4: z.string(),
  maskedAccountNumber: z.string(),
  updatedAt: isoDateTime,
});
export type MaskedBankAccount = z.infer<typeof maskedBankAccount>;

export const ACCOUNT_NOT_RESOLVED = 'We could not find an account with this number at this bank';
export const UNKNOWN_BANK = 'Choose your bank from the list';
export const WRONG_PASSWORD = 'Your password is not correct';

// ---------- endpoints ----------

const tags = ['Bank account'];

export const bankAccountEndpoints = {
  banks: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/banks',
    summary: 'Nigerian banks a payout account can be at (from the payment provider, cached)',
    tags,
    access: access.merchant('bank:write'),
    response: envelope(z.array(bank)),
  }),
  resolve: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/merchant/bank-account/resolve',
    summary: 'The name on an account at a bank, before it is saved (422 when the bank knows no such account)',
    tags,
    access: access.merchant('bank:write'),
    serverChecks: { bankCode: "must be a bank of the provider's list" },
    errors: [429],
    body: resolveAccountBody,
    response: envelope(resolvedAccount),
  }),
  get: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/bank-account',
    summary: "Your store's payout account, masked (null when none is saved)",
    tags,
    access: access.merchant('payouts:read'),
    response: envelope(maskedBankAccount.nullable()),
  }),
  save: defineEndpoint({
    surface: 'api',
    method: 'PUT',
    path: '/merchant/bank-account',
    summary:
      "Set your store's payout account: resolved again at the bank, your password checked, the owner mailed",
    tags,
    access: access.merchant('bank:write'),
    serverChecks: {
      password: 'must be the current password',
      bankCode: "must be a bank of the provider's list",
    },
    errors: [429],
    body: saveBankAccountBody,
    response: envelope(maskedBankAccount),
  }),
};
