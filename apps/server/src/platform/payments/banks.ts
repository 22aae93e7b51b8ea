import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { PAYSTACK_BASE_URL } from './paystack.js';
import { paystackRequest } from './paystack-http.js';

/**
 * Nigerian banks and account-name look-ups: Paystack's bank list and resolve API in production, a built-in list and
 * a deterministic resolver in the sandbox. Payouts (transfers) will use the same provider.
 */
export interface Bank {
  code: string;
  name: string;
}

export interface BankDirectory {
  readonly name: 'paystack' | 'sandbox' | 'unavailable';
  /** Sorted by name. Paystack's answer is cached for a day. */
  listBanks(): Promise<Bank[]>;
  /** The account's name at the bank; null when the bank knows no such account. */
  resolveAccount(bankCode: string, accountNumber: string): Promise<string | null>;
}

const NOT_ANSWERING = 'The bank directory is not answering. Please try again.';
const CACHE_MS = 24 * 60 * 60 * 1000;

// ---------- sandbox ----------

/** Commercial banks with their three-digit CBN codes (Paystack uses the same codes for them). */
export const SANDBOX_BANKS: readonly Bank[] = [
  { code: '044', name: 'Access Bank' },
  { code: '023', name: 'Citibank Nigeria' },
  { code: '050', name: 'Ecobank Nigeria' },
  { code: '070', name: 'Fidelity Bank' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '214', name: 'First City Monument Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '301', name: 'Jaiz Bank' },
  { code: '082', name: 'Keystone Bank' },
  { code: '076', name: 'Polaris Bank' },
  { code: '101', name: 'Providus Bank' },
  { code: '221', name: 'Stanbic IBTC Bank' },
  { code: '068', name: 'Standard Chartered Bank' },
  { code: '232', name: 'Sterling Bank' },
  { code: '100', name: 'Suntrust Bank' },
  { code: '032', name: 'Union Bank of Nigeria' },
  { code: '033', name: 'United Bank For Africa' },
  { code: '215', name: 'Unity Bank' },
  { code: '035', name: 'Wema Bank' },
  { code: '057', name: 'Zenith Bank' },
];

const NUBAN_WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/** The NUBAN check digit (CBN standard) of a nine-digit serial at a bank with a three-digit code. */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  const digits = `${bankCode}${serial}`;
  if (!/^[0-9]{12}$/.test(digits)) throw new Error('A NUBAN check needs a 3-digit bank code and 9 digits');
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * NUBAN_WEIGHTS[index]!, 0);
  return (10 - (sum % 10)) % 10;
}

/** A valid NUBAN at the bank: nine digits of `serial` and the check digit. */
export function validNuban(bankCode: string, serial: string): string {
  return `${serial}${nubanCheckDigit(bankCode, serial)}`;
}

const FIRST_NAMES = ['ADAEZE', 'CHINEDU', 'FUNMILAYO', 'IBRAHIM', 'NGOZI', 'OLUWASEUN', 'TUNDE', 'ZAINAB'];
const LAST_NAMES = ['ADEYEMI', 'BELLO', 'EZE', 'NWOSU', 'OKAFOR', 'OKONKWO', 'USMAN', 'YUSUF'];

/**
 * The sandbox resolves any number whose NUBAN check digit is right for the bank (so a mistyped digit is refused as
 * a real bank would) to a name derived from the bank and the number: the same account always has the same name.
 */
export function createSandboxBankDirectory(): BankDirectory {
  const banks = [...SANDBOX_BANKS].sort((a, b) => a.name.localeCompare(b.name));
  return {
    name: 'sandbox',
    async listBanks() {
      return banks;
    },
    async resolveAccount(bankCode, accountNumber) {
      if (!banks.some((bank) => bank.code === bankCode) || !/^[0-9]{10}$/.test(accountNumber)) return null;
      if (nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) !== Number(accountNumber[9])) return null;
      const hash = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
      return `${FIRST_NAMES[hash[0]! % FIRST_NAMES.length]} ${LAST_NAMES[hash[1]! % LAST_NAMES.length]}`;
    },
  };
}

// ---------- Paystack ----------

const paystackAnswer = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  data: z.unknown(),
  meta: z.unknown().optional(),
});
const paystackBanks = z.array(
  z.object({
    code: z.string(),
    name: z.string(),
    active: z.boolean().optional(),
    is_deleted: z.boolean().nullish(),
    currency: z.string().optional(),
  }),
);
const cursorMeta = z.object({ next: z.string().nullish() });
/** A bound on the pages followed, so that a cursor that never ends cannot loop forever (Nigeria has ~30 pages). */
const MAX_BANK_PAGES = 50;
const paystackResolved = z.object({ account_name: z.string(), account_number: z.string() });

/** https://paystack.com/docs/api/miscellaneous/#bank and https://paystack.com/docs/api/verification/#resolve-account */
export function createPaystackBankDirectory(options: {
  secretKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  now?: () => number;
  logger?: Pick<Logger, 'error' | 'warn'>;
  sleep?: (ms: number) => Promise<void>;
}): BankDirectory {
  const baseUrl = (options.baseUrl ?? PAYSTACK_BASE_URL).replace(/\/$/, '');
  const now = options.now ?? Date.now;
  let cached: { at: number; banks: Bank[] } | undefined;

  async function get(path: string): Promise<{ status: number; body: z.infer<typeof paystackAnswer> | null }> {
    const { status, json } = await paystackRequest({ ...options, baseUrl }, 'GET', path);
    const parsed = paystackAnswer.safeParse(json);
    return { status, body: parsed.success ? parsed.data : null };
  }

  /**
   * Every page of Paystack's bank list (cursor pagination: `use_cursor=true`, then `next=` the cursor of `meta.next`
   * until it is null), at most 100 banks a page; undefined when any page fails.
   */
  async function allBanks(): Promise<z.infer<typeof paystackBanks> | undefined> {
    const banks: z.infer<typeof paystackBanks> = [];
    let cursor: string | null = null;
    for (let page = 0; page < MAX_BANK_PAGES; page++) {
      const path = `/bank?country=nigeria&currency=NGN&perPage=100&use_cursor=true${cursor ? `&next=${encodeURIComponent(cursor)}` : ''}`;
      const { status, body } = await get(path);
      const parsed = body?.status ? paystackBanks.safeParse(body.data) : undefined;
      if (status !== 200 || !parsed?.success) {
        options.logger?.error({ path, status }, 'paystack bank list failed');
        return undefined;
      }
      banks.push(...parsed.data);
      const meta = cursorMeta.safeParse(body?.meta);
      cursor = meta.success ? (meta.data.next ?? null) : null;
      if (!cursor) return banks;
    }
    options.logger?.error({ pages: MAX_BANK_PAGES }, 'paystack bank list did not end; keeping what was read');
    return banks;
  }

  return {
    name: 'paystack',
    async listBanks() {
      if (cached && now() - cached.at < CACHE_MS) return cached.banks;
      const banks = await allBanks();
      if (!banks) {
        // A stale list beats none: banks rarely change.
        if (cached) return cached.banks;
        throw new AppError('SERVICE_UNAVAILABLE', NOT_ANSWERING);
      }
      // A bank that moved between pages while they were read is listed once.
      const byCode = new Map(
        banks
          .filter((bank) => bank.active !== false && bank.is_deleted !== true)
          .map((bank) => [bank.code, { code: bank.code, name: bank.name }]),
      );
      const list = [...byCode.values()].sort((a, b) => a.name.localeCompare(b.name));
      cached = { at: now(), banks: list };
      return list;
    },
    async resolveAccount(bankCode, accountNumber) {
      const path = `/bank/resolve?account_number=${encodeURIComponent(accountNumber)}&bank_code=${encodeURIComponent(bankCode)}`;
      const { status, body } = await get(path);
      // Paystack answers 422 (sometimes 400) when the bank knows no such account.
      if (status === 422 || status === 400 || (status === 200 && body?.status === false)) return null;
      const resolved = status === 200 ? paystackResolved.safeParse(body?.data) : undefined;
      if (!resolved?.success) {
        options.logger?.error({ status }, 'paystack account resolve failed');
        throw new AppError('SERVICE_UNAVAILABLE', NOT_ANSWERING);
      }
      return resolved.data.account_name;
    },
  };
}

/** Refuses every look-up (production without a Paystack key). */
function createUnavailableBankDirectory(): BankDirectory {
  const refuse = async (): Promise<never> => {
    throw new AppError('SERVICE_UNAVAILABLE', 'Bank accounts cannot be checked right now');
  };
  return { name: 'unavailable', listBanks: refuse, resolveAccount: refuse };
}

/** Same choice as the payment provider: Paystack with a key, else the sandbox where it is allowed. */
export function selectBankDirectory(config: Config, logger?: Pick<Logger, 'error' | 'warn'>): BankDirectory {
  if (config.paystackSecretKey)
    return createPaystackBankDirectory({
      secretKey: config.paystackSecretKey,
      baseUrl: config.paystackBaseUrl,
      logger,
    });
  if (config.paymentsSandbox) return createSandboxBankDirectory();
  return createUnavailableBankDirectory();
}
