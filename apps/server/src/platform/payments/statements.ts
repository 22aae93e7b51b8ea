import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { paystackRequest } from './paystack-http.js';

/**
 * What the provider holds, listed for a window (reconciliation, ADR 065): its transactions, refunds, transfers and
 * settlements, each read page by page from Paystack's documented list endpoints (offset paging: `perPage`, `page`,
 * `from`, `to`; the answer's `meta.pageCount`, https://paystack.com/docs/api/pagination/). Only reads: nothing here
 * moves money. Amounts are integer kobo.
 */
export interface StatementWindow {
  from: Date;
  /** Exclusive. */
  to: Date;
}

export interface ProviderTransaction {
  /** The provider's transaction id. */
  id: string;
  /** Our reference (CHK-…, GFT-…, SUB-…) the transaction was initialised with. */
  reference: string;
  /** Paystack's word: success, failed, abandoned, reversed, ongoing, pending… */
  status: string;
  amountKobo: number;
  createdAt: Date | null;
}

export interface StatementRefund {
  /** The provider's refund id (what `POST /refund` answered and refund.* webhooks name). */
  id: string;
  /** The refunded transaction's reference when the provider says it. */
  transactionReference: string | null;
  /** The refunded transaction's id at the provider (Paystack's list gives the id, not always the reference). */
  transactionId: string | null;
  /** pending, processing, processed, failed, needs-attention. */
  status: string;
  amountKobo: number;
  createdAt: Date | null;
}

export interface ProviderTransfer {
  /** Our payout reference (pay_…). */
  reference: string;
  transferCode: string | null;
  /** success, failed, reversed, pending, otp, abandoned, blocked, rejected, received, queued… */
  status: string;
  amountKobo: number;
  createdAt: Date | null;
}

export interface ProviderSettlement {
  id: string;
  /** The subaccount settled (ACCT_…); null for the main account. */
  subaccount: string | null;
  status: string;
  /** What reached the bank account (Paystack's `total_amount`). */
  amountKobo: number;
  settledAt: Date | null;
}

export interface ProviderStatements {
  readonly name: 'paystack' | 'sandbox';
  /** Each throws SERVICE_UNAVAILABLE when the provider does not answer a page: a partial list is never compared. */
  transactions(window: StatementWindow): Promise<ProviderTransaction[]>;
  refunds(window: StatementWindow): Promise<StatementRefund[]>;
  transfers(window: StatementWindow): Promise<ProviderTransfer[]>;
  /** Settlements of subaccounts (split payments, ADR 051). */
  settlements(window: StatementWindow): Promise<ProviderSettlement[]>;
}

const NOT_ANSWERING = 'The payment provider is not answering. Please try again.';
/** Paystack's largest page; fewer round trips for a day of a busy marketplace. */
const PAYSTACK_MAX_PER_PAGE = 100;
/** A window of more rows than this is refused rather than read for ever (a month of a busy store is far less). */
const MOST_PAGES = 2_000;

const id = z.union([z.number(), z.string()]).transform(String);
const amount = z.union([z.number(), z.string()]).transform((value, context) => {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) {
    context.addIssue({ code: 'custom', message: 'amount is not whole kobo' });
    return z.NEVER;
  }
  return number;
});
const when = z
  .string()
  .nullish()
  .transform((value) => (value ? new Date(value) : null));

const transactionRow = z.object({
  id,
  reference: z.string(),
  status: z.string(),
  amount,
  created_at: when.optional(),
  createdAt: when.optional(),
});
const refundRow = z.object({
  id,
  status: z.string(),
  amount,
  // The list documents `transaction` as the transaction's id; some answers carry the transaction object instead.
  transaction: z
    .union([id, z.object({ id: id.nullish(), reference: z.string().nullish() }).partial()])
    .nullish(),
  transaction_reference: z.string().nullish(),
  created_at: when.optional(),
  createdAt: when.optional(),
});
const transferRow = z.object({
  reference: z.string().nullish(),
  transfer_code: z.string().nullish(),
  status: z.string(),
  amount,
  created_at: when.optional(),
  createdAt: when.optional(),
});
const settlementRow = z.object({
  id,
  status: z.string(),
  total_amount: amount,
  settlement_date: when.optional(),
  subaccount: z.union([z.string(), z.object({ subaccount_code: z.string().nullish() }).partial()]).nullish(),
});
const pageMeta = z
  .object({ page: z.coerce.number().int().nullish(), pageCount: z.coerce.number().int().nullish() })
  .partial()
  .nullish();

/** The request options with defaults filled in, and the page size (ADR 106). */
interface StatementsContext {
  http: Parameters<typeof paystackRequest>[0] & { logger?: Pick<Logger, 'error' | 'warn'> };
  perPage: number;
}

/** Every page of one list over the window, at most MOST_PAGES. */
async function everyPage<Row extends z.ZodType>(
  ctx: StatementsContext,
  path: string,
  row: Row,
  window: StatementWindow,
): Promise<z.output<Row>[]> {
  const rows: z.output<Row>[] = [];
  for (let page = 1; page <= MOST_PAGES; page++) {
    const query = new URLSearchParams({
      perPage: String(ctx.perPage),
      page: String(page),
      from: window.from.toISOString(),
      to: window.to.toISOString(),
    });
    const { status, json } = await paystackRequest(ctx.http, 'GET', `${path}?${query}`);
    const data = z.array(row).safeParse(json?.data);
    if (status < 200 || status >= 300 || json?.status !== true || !data.success) {
      ctx.http.logger?.error(
        { path, page, status, message: json?.message, shape: data.success ? undefined : 'unexpected' },
        'paystack did not list a page',
      );
      throw new AppError('SERVICE_UNAVAILABLE', NOT_ANSWERING);
    }
    rows.push(...data.data);
    const meta = pageMeta.safeParse(json.meta);
    const pageCount = meta.success ? meta.data?.pageCount : undefined;
    // The last page: Paystack says so (`pageCount`), or gave fewer rows than asked.
    if (pageCount !== null && pageCount !== undefined ? page >= pageCount : data.data.length < ctx.perPage) {
      return rows;
    }
  }
  ctx.http.logger?.error({ path }, 'paystack listed more pages than a window may hold');
  throw new AppError(
    'SERVICE_UNAVAILABLE',
    'The provider listed more than one run can compare: choose fewer days',
  );
}

/** Paystack's statements: `GET /transaction`, `/refund`, `/transfer`, `/settlement`, every page of the window. */
export function createPaystackStatements(options: {
  secretKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  logger?: Pick<Logger, 'error' | 'warn'>;
  sleep?: (ms: number) => Promise<void>;
  /** Rows per page (at most 100); tests use a small page to prove every page is read. */
  perPage?: number;
}): ProviderStatements {
  const http = {
    ...options,
    baseUrl: (options.baseUrl ?? 'https://api.paystack.co').replace(/\/$/, ''),
    timeoutMs: options.timeoutMs ?? 30_000,
  };
  const perPage = Math.min(Math.max(1, options.perPage ?? PAYSTACK_MAX_PER_PAGE), PAYSTACK_MAX_PER_PAGE);

  const ctx: StatementsContext = { http, perPage };

  return {
    name: 'paystack',
    async transactions(window) {
      return (await everyPage(ctx, '/transaction', transactionRow, window)).map((one) => ({
        id: one.id,
        reference: one.reference,
        status: one.status,
        amountKobo: one.amount,
        createdAt: one.created_at ?? one.createdAt ?? null,
      }));
    },
    async refunds(window) {
      return (await everyPage(ctx, '/refund', refundRow, window)).map((one) => {
        const transaction = one.transaction;
        const nested = transaction !== null && typeof transaction === 'object' ? transaction : undefined;
        return {
          id: one.id,
          transactionReference: one.transaction_reference ?? nested?.reference ?? null,
          transactionId: typeof transaction === 'string' ? transaction : (nested?.id ?? null),
          status: one.status,
          amountKobo: one.amount,
          createdAt: one.created_at ?? one.createdAt ?? null,
        };
      });
    },
    async transfers(window) {
      return (await everyPage(ctx, '/transfer', transferRow, window)).map((one) => ({
        reference: one.reference ?? one.transfer_code ?? '',
        transferCode: one.transfer_code ?? null,
        status: one.status,
        amountKobo: one.amount,
        createdAt: one.created_at ?? one.createdAt ?? null,
      }));
    },
    async settlements(window) {
      return (await everyPage(ctx, '/settlement', settlementRow, window)).map((one) => ({
        id: one.id,
        subaccount:
          typeof one.subaccount === 'string' ? one.subaccount : (one.subaccount?.subaccount_code ?? null),
        status: one.status,
        amountKobo: one.total_amount,
        settledAt: one.settlement_date ?? null,
      }));
    },
  };
}
