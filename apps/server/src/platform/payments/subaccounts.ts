import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { OutcomeUnknownError, paystackRequest } from './paystack-http.js';

/**
 * Settlement through split payments (ADR 051): each store is a Paystack subaccount (its verified bank account), and
 * a checkout is initialised with a split that gives each store its share; Paystack settles the subaccounts itself.
 * https://paystack.com/docs/api/subaccount/ and https://paystack.com/docs/payments/multi-split-payments/
 */
export interface SubaccountRequest {
  /** The store's name. */
  businessName: string;
  /** The bank's code from the bank list (Paystack's `settlement_bank`). */
  bankCode: string;
  accountNumber: string;
  /**
   * "The percentage the main account receives from each payment made to the subaccount": the store's commission.
   * Every checkout passes its own flat split, which takes precedence, so this only matters to a charge made with the
   * subaccount and no split (the platform makes none).
   */
  percentageCharge: number;
  /** Where Paystack writes to the store about its settlements. */
  contactEmail?: string;
}

export interface SubaccountProvider {
  readonly name: 'paystack' | 'sandbox';
  /** `POST /subaccount`; answers Paystack's `subaccount_code` (ACCT_…). A bank that refuses is BAD_REQUEST. */
  create(request: SubaccountRequest): Promise<{ subaccountCode: string }>;
  /** `PUT /subaccount/:id_or_code` with the store's new account; answers the code (unchanged). */
  update(subaccountCode: string, request: SubaccountRequest): Promise<{ subaccountCode: string }>;
  /**
   * The documented reads that settle an unknown create or update (ADR 071): `GET /subaccount/:code` (undefined when
   * Paystack does not know it) and `GET /subaccount` paged, matched on the account number and the business name (a
   * create takes no reference of ours, so this is the only way to know whether an earlier create was made).
   */
  fetch(subaccountCode: string): Promise<ProviderSubaccount | undefined>;
  findByAccount(request: SubaccountRequest): Promise<ProviderSubaccount | undefined>;
}

/** A subaccount as Paystack holds it (what we compare with what we asked for). */
export interface ProviderSubaccount {
  subaccountCode: string;
  businessName: string;
  accountNumber: string;
}

/** One share of a checkout's flat split: this subaccount receives `shareKobo` of the charge. */
export interface SplitShare {
  subaccount: string;
  shareKobo: number;
}

/** Paystack's subaccount codes: ACCT_ and letters or digits. */
export const SUBACCOUNT_CODE = /^ACCT_[A-Za-z0-9]{4,40}$/;

/**
 * The dynamic split of `POST /transaction/initialize` as documented (multi-split, "dynamic splits"): flat shares in
 * kobo, the platform's account bearing Paystack's fee (`bearer_type: "account"`) out of what is left to it.
 */
export function paystackSplit(shares: SplitShare[]) {
  return {
    type: 'flat' as const,
    bearer_type: 'account' as const,
    subaccounts: shares.map((share) => ({ subaccount: share.subaccount, share: share.shareKobo })),
  };
}

/**
 * What Paystack accepts of a flat split of a charge (checked by the sandbox and the stand-in as Paystack does, and by
 * us before asking): known subaccount codes, whole positive shares, each subaccount once, and shares that add up to no
 * more than the charge ("the minimum transaction amount is the sum of all the flat amounts"). Answers the problem, or
 * undefined.
 */
export function splitProblem(shares: SplitShare[], amountKobo: number): string | undefined {
  if (shares.some((share) => !SUBACCOUNT_CODE.test(share.subaccount))) return 'Invalid subaccount code';
  if (shares.some((share) => !Number.isSafeInteger(share.shareKobo) || share.shareKobo <= 0))
    return 'Split shares must be positive whole amounts in kobo';
  if (new Set(shares.map((share) => share.subaccount)).size !== shares.length)
    return 'A subaccount appears twice in the split';
  const total = shares.reduce((sum, share) => sum + share.shareKobo, 0);
  if (total > amountKobo) return 'The split shares add up to more than the transaction amount';
  return undefined;
}

const NOT_ANSWERING = 'The payment provider is not answering. Please try again.';

const subaccountData = z.object({ subaccount_code: z.string().regex(SUBACCOUNT_CODE) });
const subaccountEntry = z.object({
  subaccount_code: z.string().regex(SUBACCOUNT_CODE),
  business_name: z.string(),
  account_number: z.string(),
});
const toProviderSubaccount = (row: z.infer<typeof subaccountEntry>): ProviderSubaccount => ({
  subaccountCode: row.subaccount_code,
  businessName: row.business_name,
  accountNumber: row.account_number,
});
/** Pages of `GET /subaccount` read at most when looking for one (100 each: 5,000 stores). */
const LIST_PAGES = 50;

/** Paystack's Subaccounts API. */
export function createPaystackSubaccounts(options: {
  secretKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  logger?: Pick<Logger, 'error' | 'warn'>;
  sleep?: (ms: number) => Promise<void>;
}): SubaccountProvider {
  const http = { ...options, baseUrl: (options.baseUrl ?? 'https://api.paystack.co').replace(/\/$/, '') };
  /** Paystack's `data` of a 2xx; a refusal throws (ADR 061: a 5xx or an unreadable answer is unknown). */
  async function request(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
    const { status, json } = await paystackRequest(http, method, path, body);
    if (status >= 200 && status < 300 && json?.status === true) return json.data;
    options.logger?.error({ path, status, message: json?.message }, 'paystack refused');
    // Sent, and the answer lost or broken: Paystack may have made (or changed) the subaccount.
    if (status >= 500 || !json) throw new OutcomeUnknownError(NOT_ANSWERING);
    // Our key: nothing was done.
    if (status === 401 || status === 403) throw new AppError('SERVICE_UNAVAILABLE', NOT_ANSWERING);
    if (status === 404) throw new AppError('NOT_FOUND', 'Paystack does not know this subaccount');
    throw new AppError(
      'BAD_REQUEST',
      `Paystack could not set up the store for settlement: ${json.message ?? 'refused'}`,
    );
  }
  /** An answer of success in a shape we cannot read: it may have acted, so the outcome is unknown. */
  function shaped<T>(path: string, read: () => T): T {
    try {
      return read();
    } catch {
      options.logger?.error({ path }, 'paystack answered a subaccount in an unexpected shape');
      throw new OutcomeUnknownError(NOT_ANSWERING);
    }
  }
  async function call(method: 'POST' | 'PUT', path: string, body: unknown) {
    const data = await request(method, path, body);
    return shaped(path, () => ({ subaccountCode: subaccountData.parse(data).subaccount_code }));
  }
  const body = (request: SubaccountRequest) => ({
    business_name: request.businessName,
    settlement_bank: request.bankCode,
    account_number: request.accountNumber,
    percentage_charge: request.percentageCharge,
    ...(request.contactEmail ? { primary_contact_email: request.contactEmail } : {}),
  });
  return {
    name: 'paystack',
    create: (request) => call('POST', '/subaccount', body(request)),
    update: (code, request) => call('PUT', `/subaccount/${encodeURIComponent(code)}`, body(request)),
    async fetch(code) {
      const path = `/subaccount/${encodeURIComponent(code)}`;
      try {
        const data = await request('GET', path);
        return shaped(path, () => toProviderSubaccount(subaccountEntry.parse(data)));
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      }
    },
    async findByAccount(wanted) {
      for (let page = 1; page <= LIST_PAGES; page++) {
        const path = `/subaccount?perPage=100&page=${page}`;
        const data = await request('GET', path);
        const list = shaped(path, () => z.array(subaccountEntry).parse(data));
        const found = list.find(
          (row) => row.account_number === wanted.accountNumber && row.business_name === wanted.businessName,
        );
        if (found) return toProviderSubaccount(found);
        if (list.length < 100) return undefined;
      }
      return undefined;
    },
  };
}

/**
 * The sandbox's subaccounts: codes in Paystack's shape, made without a network call (the sandbox's bank directory
 * has already resolved the account); an update keeps the code, as Paystack's does.
 */
export function createSandboxSubaccounts(): SubaccountProvider {
  const check = (request: SubaccountRequest) => {
    if (!/^[0-9]{10}$/.test(request.accountNumber) || request.businessName.trim() === '') {
      throw new AppError(
        'BAD_REQUEST',
        'Paystack could not set up the store for settlement: Account details are invalid',
      );
    }
  };
  // What this process made, for the reads (the sandbox answers at once, so nothing ever needs settling after a
  // restart; the reads exist so the sandbox keeps the provider's whole shape).
  const made = new Map<string, ProviderSubaccount>();
  const remember = (subaccountCode: string, request: SubaccountRequest) => {
    made.set(subaccountCode, {
      subaccountCode,
      businessName: request.businessName,
      accountNumber: request.accountNumber,
    });
    return { subaccountCode };
  };
  return {
    name: 'sandbox',
    async create(request) {
      check(request);
      return remember(`ACCT_sbx${randomBytes(6).toString('hex')}`, request);
    },
    async update(subaccountCode, request) {
      check(request);
      if (!SUBACCOUNT_CODE.test(subaccountCode)) {
        throw new AppError(
          'BAD_REQUEST',
          'Paystack could not set up the store for settlement: Subaccount not found',
        );
      }
      return remember(subaccountCode, request);
    },
    async fetch(subaccountCode) {
      return made.get(subaccountCode);
    },
    async findByAccount(wanted) {
      return [...made.values()].find(
        (one) => one.accountNumber === wanted.accountNumber && one.businessName === wanted.businessName,
      );
    },
  };
}
