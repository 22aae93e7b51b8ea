import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaystackVerifyData } from '../../src/platform/payments/paystack.js';

/** A documented sample payload (test/support/paystack-fixtures, see its README for the source of each). */
export function paystackFixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./paystack-fixtures/${name}.json`, import.meta.url), 'utf8')) as T;
}

/**
 * A charge.dispute.* delivery as Paystack documents it (the fixture's sample), about the payment `reference`: the
 * stand-in's way to send a dispute. `resolution` (resolve only): merchant-accepted / auto-accepted (the bank
 * reversed the payment) or declined (the merchant won).
 */
export function documentedDispute(
  stage: 'create' | 'remind' | 'resolve',
  reference: string,
  options: { disputeId?: number; refundAmountKobo?: number; resolution?: string } = {},
) {
  const sample = paystackFixture<{ event: string; data: Record<string, unknown> }>(
    `webhooks/charge.dispute.${stage}`,
  );
  const transaction = sample.data.transaction as Record<string, unknown>;
  return {
    ...sample,
    data: {
      ...sample.data,
      ...(options.disputeId === undefined ? {} : { id: options.disputeId }),
      ...(options.refundAmountKobo === undefined ? {} : { refund_amount: options.refundAmountKobo }),
      ...(stage === 'resolve' && options.resolution ? { resolution: options.resolution } : {}),
      transaction: {
        ...transaction,
        reference,
        ...(options.refundAmountKobo === undefined ? {} : { amount: options.refundAmountKobo }),
      },
    },
  };
}

/** Paystack's transfer reference alphabet (https://paystack.com/docs/api/transfer/#initiate). */
const TRANSFER_REFERENCE = /^[a-z0-9_-]{1,100}$/;
/** The OTP of Paystack's finalize_transfer sample; the stand-in's business phone receives this one. */
export const FAKE_TRANSFER_OTP = '928783';

export interface ReceivedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown> | undefined;
}

/**
 * A local stand-in for api.paystack.co answering as Paystack documents, recording what it was asked. Tests set
 * the verify answer of a reference in `transactions`, or a `mode` to fail every call.
 *
 * Faults (ADR 061), each a field of `state`; a path is `METHOD /path` (e.g. `POST /refund`), matched on the path
 * without its query string:
 * - `late: { on, ms }`     — requests to `on` do their work at once, then answer after `ms` (past the client's
 *                            timeout: the client sees no answer, the provider did the work). Use `once` to fault
 *                            only the next such request.
 * - `silent: { on, work }` — requests to `on` never answer; with `work: true` the work is done first.
 * - `failAfterWork: { on, status }` — requests to `on` do their work, then answer `status` (a 5xx) instead.
 * - `error500On`, `mode: 'error500' | 'hang' | 'not-json'` — fail before any work (as before).
 * - `rateLimited` / `retryAfter` / `rateLimitOn` — the next N requests answer 429 without doing anything.
 * Each fault with `once: true` is cleared after it fired once; `skip: n` lets the first n matching requests through.
 * The refunds made are in `refunds` (listed by `GET /refund?transaction=`); transfers in `transfers`.
 */
export async function startFakePaystack(secretKey: string) {
  const requests: ReceivedRequest[] = [];
  const transactions = new Map<string, PaystackVerifyData>();
  /** Transfers by reference, as its transfer verify answers them; tests move `status` on (success, failed…). */
  const transfers = new Map<
    string,
    { reference: string; amount: number; status: string; transfer_code: string }
  >();
  /** Subaccounts by code, as POST /subaccount made them (and PUT /subaccount/:code changed them). */
  const subaccounts = new Map<string, Record<string, unknown>>();
  /** The dynamic split each transaction was initialised with, by reference. */
  const splits = new Map<
    string,
    { type: string; bearer_type: string; subaccounts: { subaccount: string; share: number }[] }
  >();
  /** Banks as GET /bank lists them, paged by cursor; tests may replace it. */
  const banks: Array<Record<string, unknown>> = Array.from({ length: 230 }, (_, index) => ({
    ...paystackFixture('api/bank-entry'),
    id: 1000 + index,
    name: `Test Bank ${String(index).padStart(3, '0')}`,
    slug: `test-bank-${index}`,
    code: String(100_000 + index),
    active: index % 50 !== 49,
  }));
  const state = {
    mode: 'normal' as 'normal' | 'error500' | 'hang' | 'not-json',
    /** Only requests to this path answer 500 (a cut-off transfer while the balance still answers). */
    error500On: null as string | null,
    /** charge_authorization answers a declined charge (Paystack: status true, data.status failed). */
    declineRecurring: false,
    /** Transfer OTPs on (Paystack's default for a new business): a transfer waits in `otp` until finalised. */
    transferOtp: false,
    /** NGN balance in kobo, as GET /balance answers it. */
    balanceKobo: 2_910_971_757,
    /** The next this many requests answer 429 with this Retry-After (seconds), as Paystack's rate limit does. */
    rateLimited: 0,
    retryAfter: '0' as string | null,
    /** Only requests to this path are limited (null: every request). */
    rateLimitOn: null as string | null,
    late: null as { on: string; ms: number; once?: boolean; skip?: number } | null,
    silent: null as { on: string; work: boolean; once?: boolean; skip?: number } | null,
    failAfterWork: null as { on: string; status: number; once?: boolean; skip?: number } | null,
  };
  /** Refunds made, oldest first, as `GET /refund` lists them (newest first) and `GET /refund/:id` fetches one. */
  const refunds: {
    id: number;
    transaction: number;
    transaction_reference: string;
    amount: number;
    status: string;
    currency: 'NGN';
    createdAt: string;
  }[] = [];
  const hanging: http.ServerResponse[] = [];
  let nextId = 4_099_260_516;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      const route = `${request.method} ${(request.url ?? '').split('?')[0]}`;
      /** The fault if it applies to this request (cleared when it fires only once). */
      const firing = <T extends { on: string; once?: boolean; skip?: number }>(
        key: 'late' | 'silent' | 'failAfterWork',
      ) => {
        const fault = state[key] as T | null;
        if (fault?.on !== route) return null;
        if (fault.skip) {
          fault.skip -= 1;
          return null;
        }
        if (fault.once) state[key] = null;
        return fault;
      };
      const late = firing<{ on: string; ms: number }>('late')?.ms ?? null;
      const silent = firing<{ on: string; work: boolean }>('silent');
      const failAfterWork = firing<{ on: string; status: number }>('failAfterWork')?.status ?? null;
      const send = (status: number, payload: unknown) => {
        if (silent) {
          hanging.push(response);
          return;
        }
        const answer = () => {
          if (response.destroyed) return;
          response.writeHead(failAfterWork ?? status, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify(failAfterWork ? { status: false, message: 'An error occurred' } : payload),
          );
        };
        if (late === null) return answer();
        hanging.push(response);
        setTimeout(answer, late).unref();
      };
      if (silent && !silent.work) {
        hanging.push(response);
        return;
      }
      if (state.mode === 'hang') {
        hanging.push(response);
        return;
      }
      if (state.mode === 'error500' || state.error500On === request.url) {
        return send(500, { status: false, message: 'An error occurred' });
      }
      if (state.rateLimited > 0 && (state.rateLimitOn === null || state.rateLimitOn === request.url)) {
        state.rateLimited -= 1;
        response.writeHead(429, {
          'content-type': 'application/json',
          ...(state.retryAfter === null ? {} : { 'retry-after': state.retryAfter }),
        });
        return response.end(JSON.stringify({ status: false, message: 'Too many requests' }));
      }
      if (state.mode === 'not-json') {
        response.writeHead(502, { 'content-type': 'text/html' });
        return response.end('<html>Bad gateway</html>');
      }
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, { status: false, message: 'Invalid key' });
      }
      if (request.method === 'POST' && request.url === '/transaction/initialize') {
        const reference = String(body?.reference);
        if (!String(body?.email ?? '').includes('@')) {
          return send(400, { status: false, message: 'Invalid Email Address Passed' });
        }
        if (body?.split !== undefined) {
          // A dynamic split as documented: type flat|percentage, a bearer, known subaccounts, flat shares adding
          // up to at most the amount.
          const split = body.split as {
            type?: string;
            bearer_type?: string;
            subaccounts?: { subaccount?: string; share?: number }[];
          };
          const shares = split.subaccounts ?? [];
          const total = shares.reduce((sum, share) => sum + Number(share.share), 0);
          if (
            !['flat', 'percentage'].includes(String(split.type)) ||
            !['account', 'subaccount', 'all-proportional', 'all'].includes(String(split.bearer_type)) ||
            shares.length === 0
          ) {
            return send(400, { status: false, message: 'Invalid split configuration' });
          }
          if (shares.some((share) => !subaccounts.has(String(share.subaccount)))) {
            return send(400, { status: false, message: 'Subaccount not found' });
          }
          if (split.type === 'flat' && total > Number(body.amount)) {
            return send(400, { status: false, message: 'Split shares exceed the transaction amount' });
          }
          splits.set(reference, {
            type: String(split.type),
            bearer_type: String(split.bearer_type),
            subaccounts: shares.map((share) => ({
              subaccount: String(share.subaccount),
              share: Number(share.share),
            })),
          });
        }
        transactions.set(reference, {
          id: nextId++,
          status: 'abandoned',
          reference,
          amount: Number(body?.amount),
          currency: 'NGN',
          paid_at: null,
          channel: 'card',
          fees: null,
          gateway_response: 'The transaction was not completed',
          ip_address: null,
          customer: { email: String(body?.email) },
          authorization: null,
        });
        return send(200, {
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `https://checkout.paystack.com/acc_${reference.slice(-8)}`,
            access_code: `acc_${reference.slice(-8)}`,
            reference,
          },
        });
      }
      const verify = /^\/transaction\/verify\/(.+)$/.exec(request.url ?? '');
      if (request.method === 'GET' && verify) {
        const found = transactions.get(decodeURIComponent(verify[1]!));
        if (!found) return send(404, { status: false, message: 'Transaction reference not found' });
        return send(200, { status: true, message: 'Verification successful', data: found });
      }
      if (request.method === 'POST' && request.url === '/transaction/charge_authorization') {
        const code = String(body?.authorization_code);
        const saved = [...transactions.values()].find(
          (one) =>
            one.status === 'success' &&
            one.authorization?.authorization_code === code &&
            one.authorization.reusable === true &&
            one.customer?.email === body?.email,
        );
        if (!saved) return send(400, { status: false, message: 'Invalid authorization code' });
        const reference = String(body?.reference);
        // Paystack charges a reference once; a second charge under it is refused.
        if (transactions.has(reference))
          return send(400, { status: false, message: 'Duplicate Transaction Reference' });
        const declined = state.declineRecurring;
        const charged: PaystackVerifyData = {
          ...saved,
          id: nextId++,
          reference,
          amount: Number(body?.amount),
          status: declined ? 'failed' : 'success',
          gateway_response: declined ? 'Insufficient Funds' : 'Approved',
          paid_at: declined ? null : '2026-12-01T09:00:00.000Z',
        };
        transactions.set(reference, charged);
        return send(200, { status: true, message: 'Charge attempted', data: charged });
      }
      if (request.method === 'POST' && request.url === '/refund') {
        const found = transactions.get(String(body?.transaction));
        if (!found) return send(404, { status: false, message: 'Transaction not found' });
        const already = refunds
          .filter((one) => one.transaction_reference === found.reference && one.status !== 'failed')
          .reduce((sum, one) => sum + one.amount, 0);
        const amount = Number(body?.amount ?? found.amount - already);
        if (amount <= 0 || already + amount > found.amount) {
          return send(400, {
            status: false,
            message: 'Refund amount cannot be more than transaction amount',
          });
        }
        const made = {
          // Paystack's id of the refund (its refund.* webhooks name it too).
          id: nextId++,
          transaction: Number(found.id),
          transaction_reference: found.reference,
          amount,
          status: 'pending',
          currency: 'NGN' as const,
          createdAt: new Date().toISOString(),
        };
        refunds.push(made);
        return send(200, {
          status: true,
          message: 'Refund has been queued for processing',
          data: {
            transaction: { id: found.id, reference: found.reference, amount: found.amount },
            amount,
            currency: 'NGN',
            status: made.status,
            id: made.id,
          },
        });
      }
      if (request.method === 'GET' && route === 'GET /refund') {
        // List refunds (https://paystack.com/docs/api/refund/#list): `transaction` is the transaction's id or
        // reference; newest first, paged by perPage/page.
        const query = new URL(request.url ?? '/', 'http://fake').searchParams;
        const transaction = query.get('transaction');
        const perPage = Math.min(Number(query.get('perPage') ?? 50), 100);
        const page = Math.max(1, Number(query.get('page') ?? 1));
        const matching = refunds
          .filter(
            (one) =>
              transaction === null ||
              one.transaction_reference === transaction ||
              String(one.transaction) === transaction,
          )
          .reverse();
        return send(200, {
          status: true,
          message: 'Refunds retrieved',
          data: matching.slice((page - 1) * perPage, page * perPage),
          meta: { total: matching.length, perPage, page, pageCount: Math.ceil(matching.length / perPage) },
        });
      }
      if (request.method === 'POST' && request.url === '/subaccount') {
        const bank = banks.find((one) => one.code === body?.settlement_bank);
        if (!bank || !/^[0-9]{10}$/.test(String(body?.account_number)) || !body?.business_name) {
          return send(400, { status: false, message: 'Account details are invalid' });
        }
        if (typeof body.percentage_charge !== 'number') {
          return send(400, { status: false, message: 'Percentage charge is required' });
        }
        const sample = paystackFixture<{ data: Record<string, unknown> }>('api/subaccount-create');
        const created = {
          ...sample.data,
          business_name: body.business_name,
          account_number: body.account_number,
          percentage_charge: body.percentage_charge,
          settlement_bank: bank.name,
          bank: bank.id,
          subaccount_code: `ACCT_fake${nextId++}`,
          id: nextId++,
        };
        subaccounts.set(created.subaccount_code, created);
        return send(201, { ...sample, data: created });
      }
      if (request.method === 'GET' && route === 'GET /subaccount') {
        // Paystack's list, paged (perPage, page), newest first.
        const query = new URL(request.url ?? '', 'http://stand-in').searchParams;
        const perPage = Number(query.get('perPage') ?? 50);
        const page = Number(query.get('page') ?? 1);
        const all = [...subaccounts.values()].reverse();
        return send(200, {
          status: true,
          message: 'Subaccounts retrieved',
          data: all.slice((page - 1) * perPage, page * perPage),
          meta: { total: all.length, perPage, page, pageCount: Math.ceil(all.length / perPage) },
        });
      }
      const subaccountPath = /^\/subaccount\/(.+)$/.exec(request.url ?? '');
      if (request.method === 'GET' && subaccountPath) {
        const found = subaccounts.get(decodeURIComponent(subaccountPath[1]!));
        if (!found) return send(404, { status: false, message: 'Subaccount not found' });
        return send(200, { status: true, message: 'Subaccount retrieved', data: { ...found } });
      }
      if (request.method === 'PUT' && subaccountPath) {
        const found = subaccounts.get(decodeURIComponent(subaccountPath[1]!));
        if (!found) return send(404, { status: false, message: 'Subaccount not found' });
        const bank = body?.settlement_bank
          ? banks.find((one) => one.code === body.settlement_bank)
          : undefined;
        if (body?.settlement_bank && !bank) return send(400, { status: false, message: 'Invalid bank' });
        Object.assign(found, {
          ...(body?.business_name ? { business_name: body.business_name } : {}),
          ...(body?.account_number ? { account_number: body.account_number } : {}),
          ...(bank ? { settlement_bank: bank.name, bank: bank.id } : {}),
          ...(typeof body?.percentage_charge === 'number'
            ? { percentage_charge: body.percentage_charge }
            : {}),
        });
        const sample = paystackFixture<Record<string, unknown>>('api/subaccount-update');
        return send(200, { ...sample, data: { ...found } });
      }
      if (request.method === 'POST' && request.url === '/transferrecipient') {
        return send(201, {
          status: true,
          message: 'Transfer recipient created successfully',
          data: {
            recipient_code: `RCP_fake${String(body?.account_number).slice(-4)}`,
            type: 'nuban',
            name: body?.name,
          },
        });
      }
      if (request.method === 'POST' && request.url === '/transfer') {
        const reference = String(body?.reference);
        if (!TRANSFER_REFERENCE.test(reference)) {
          return send(400, {
            status: false,
            message: 'Invalid reference. Only lowercase alphanumeric characters, - and _ are allowed',
          });
        }
        if (Number(body?.amount) > state.balanceKobo) {
          return send(400, { status: false, message: 'Your balance is not enough to fulfil this request' });
        }
        // Paystack queues a transfer (status pending) and tells its end by the transfer.* webhook; with transfer
        // OTPs on it waits in `otp` for finalize_transfer.
        const queued = {
          reference,
          amount: Number(body?.amount),
          status: state.transferOtp ? 'otp' : 'pending',
          transfer_code: `TRF_fake${nextId++}`,
        };
        transfers.set(queued.reference, queued);
        return send(200, {
          status: true,
          message: state.transferOtp ? 'Transfer requires OTP to continue' : 'Transfer has been queued',
          data: { ...paystackFixture<{ data: object }>('api/transfer-initiate-otp').data, ...queued },
        });
      }
      if (request.method === 'POST' && request.url === '/transfer/finalize_transfer') {
        const found = [...transfers.values()].find((one) => one.transfer_code === body?.transfer_code);
        if (!found) return send(404, { status: false, message: 'Transfer not found' });
        if (found.status !== 'otp') {
          return send(400, { status: false, message: 'Transfer is not currently awaiting OTP' });
        }
        if (body?.otp !== FAKE_TRANSFER_OTP) return send(400, { status: false, message: 'Invalid OTP' });
        found.status = 'pending';
        return send(200, { status: true, message: 'Transfer has been queued', data: { ...found } });
      }
      if (request.method === 'POST' && request.url === '/transfer/resend_otp') {
        const found = [...transfers.values()].find((one) => one.transfer_code === body?.transfer_code);
        if (found?.status !== 'otp' || !['resend_otp', 'transfer'].includes(String(body?.reason))) {
          return send(400, { status: false, message: 'Transfer is not currently awaiting OTP' });
        }
        return send(200, { status: true, message: 'OTP has been resent' });
      }
      if (request.method === 'GET' && request.url === '/balance') {
        return send(200, {
          ...paystackFixture<Record<string, unknown>>('api/balance'),
          data: [{ currency: 'NGN', balance: state.balanceKobo }],
        });
      }
      const url = new URL(request.url ?? '/', 'http://fake');
      if (request.method === 'GET' && url.pathname === '/bank') {
        // Cursor pagination as documented: use_cursor=true, perPage (≤ 100), meta.next / meta.previous.
        const perPage = Math.min(Number(url.searchParams.get('perPage') ?? 50), 100);
        const next = url.searchParams.get('next');
        const start = next ? Number(Buffer.from(next, 'base64').toString().replace('bank:', '')) : 0;
        const page = banks.slice(start, start + perPage);
        const cursor = (at: number) => Buffer.from(`bank:${at}`).toString('base64');
        return send(200, {
          status: true,
          message: 'Banks retrieved',
          data: page,
          meta: {
            next: start + perPage < banks.length ? cursor(start + perPage) : null,
            previous: start > 0 ? cursor(Math.max(0, start - perPage)) : null,
            perPage,
          },
        });
      }
      if (request.method === 'GET' && url.pathname === '/bank/resolve') {
        const account = url.searchParams.get('account_number') ?? '';
        const bank = banks.find((one) => one.code === url.searchParams.get('bank_code'));
        if (!bank || !/^[0-9]{10}$/.test(account) || account.endsWith('0')) {
          return send(422, {
            status: false,
            message: 'Could not resolve account name. Check parameters or try again.',
          });
        }
        const sample = paystackFixture<{ data: object }>('api/bank-resolve');
        return send(200, {
          ...sample,
          data: { ...sample.data, account_number: account, bank_id: bank.id },
        });
      }
      const transferVerify = /^\/transfer\/verify\/(.+)$/.exec(request.url ?? '');
      if (request.method === 'GET' && transferVerify) {
        const found = transfers.get(decodeURIComponent(transferVerify[1]!));
        if (!found) return send(404, { status: false, message: 'Transfer not found' });
        return send(200, {
          status: true,
          message: 'Transfer retrieved',
          data: { ...found, currency: 'NGN' },
        });
      }
      send(404, { status: false, message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    transactions,
    transfers,
    refunds,
    banks,
    subaccounts,
    splits,
    state,
    /** Marks a transaction paid, as Paystack's verify reports it after a successful card charge. */
    pay(reference: string, overrides: Partial<PaystackVerifyData> = {}) {
      const current = transactions.get(reference);
      if (!current) throw new Error(`unknown reference ${reference}`);
      transactions.set(reference, {
        ...current,
        status: 'success',
        paid_at: '2026-11-02T10:15:30.000Z',
        fees: 28_750,
        gateway_response: 'Successful',
        ip_address: '102.89.1.7',
        authorization: {
          card_type: 'visa ',
          last4: '4081',
          bank: 'TEST BANK',
          country_code: 'NG',
          authorization_code: `AUTH_fake${reference.slice(-6).toLowerCase()}`,
          reusable: true,
        },
        ...overrides,
      });
    },
    /**
     * A refund.* delivery body for one of the refunds made, shaped as Paystack's documented sample (which names the
     * processor's `refund_reference`, not the refund's id), with the refund's status moved on.
     */
    refundEvent(id: number, status: 'processed' | 'failed' | 'pending' | 'processing') {
      const made = refunds.find((one) => one.id === id);
      if (!made) throw new Error(`unknown refund ${id}`);
      made.status = status;
      return {
        event: `refund.${status}`,
        data: {
          status,
          transaction_reference: made.transaction_reference,
          refund_reference: `1320${made.id}`,
          amount: String(made.amount),
          currency: 'NGN',
          processor: 'mastercard',
          customer: { first_name: 'Ada', last_name: 'Obi', email: 'ada@example.com' },
          integration: 412829,
          domain: 'test',
        },
      };
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakePaystack = Awaited<ReturnType<typeof startFakePaystack>>;
