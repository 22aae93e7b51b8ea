import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Paystack's list endpoints (reconciliation, ADR 065), answering as documented: `GET
 * /transaction`, `/refund`, `/transfer`, `/settlement` with `perPage` (default 50, at most 100), `page` (from 1),
 * `from` and `to` (ISO timestamps), `{ status: true, message, data: [...], meta: { total, skipped, perPage, page,
 * pageCount } }` (https://paystack.com/docs/api/pagination/, offset pagination). Rows are Paystack's list shapes;
 * tests push them into the arrays. It records every request so a test sees each page asked for.
 */
export interface ListedTransaction {
  id: number;
  reference: string;
  status: string;
  amount: number;
  created_at: string;
}
export interface ListedRefund {
  id: number;
  /** The list documents the refunded transaction's id here. */
  transaction: number;
  status: string;
  amount: number;
  createdAt: string;
}
export interface ListedTransfer {
  id: number;
  reference: string;
  transfer_code: string;
  status: string;
  amount: number;
  createdAt: string;
}
export interface ListedSettlement {
  id: number;
  status: string;
  total_amount: number;
  settlement_date: string;
  subaccount: { subaccount_code: string };
}

export async function startFakePaystackLists(secretKey: string) {
  const requests: string[] = [];
  const transactions: ListedTransaction[] = [];
  const refunds: ListedRefund[] = [];
  const transfers: ListedTransfer[] = [];
  const settlements: ListedSettlement[] = [];
  const state = { failOn: null as string | null };
  const lists: Record<string, { rows: () => Record<string, unknown>[]; date: string; message: string }> = {
    '/transaction': {
      rows: () =>
        transactions.map((one) => ({ ...one, domain: 'test', currency: 'NGN', createdAt: one.created_at })),
      date: 'created_at',
      message: 'Transactions retrieved',
    },
    '/refund': {
      rows: () =>
        refunds.map((one) => ({
          ...one,
          integration: 428626,
          domain: 'test',
          dispute: null,
          deducted_amount: one.amount,
          currency: 'NGN',
          channel: 'card',
          fully_deducted: true,
          refunded_by: 'finance@naijamarket.ng',
          refunded_at: one.createdAt,
          settlement: null,
          customer_note: 'Refund',
          merchant_note: 'Refund',
          updatedAt: one.createdAt,
        })),
      date: 'createdAt',
      message: 'Refunds retrieved',
    },
    '/transfer': {
      rows: () =>
        transfers.map((one) => ({
          ...one,
          integration: 428626,
          domain: 'test',
          currency: 'NGN',
          source: 'balance',
          reason: 'Naija Market payout',
          recipient: { recipient_code: 'RCP_fake1234', type: 'nuban' },
          failures: null,
          titan_code: null,
          transferred_at: one.status === 'success' ? one.createdAt : null,
          updatedAt: one.createdAt,
        })),
      date: 'createdAt',
      message: 'Transfers retrieved',
    },
    '/settlement': {
      rows: () =>
        settlements.map((one) => ({
          ...one,
          domain: 'test',
          currency: 'NGN',
          integration: 428626,
          effective_amount: one.total_amount,
          total_fees: 0,
          total_processed: one.total_amount,
          deductions: null,
          settled_by: null,
          createdAt: one.settlement_date,
          updatedAt: one.settlement_date,
        })),
      date: 'settlement_date',
      message: 'Settlements retrieved',
    },
  };

  const server = http.createServer((request, response) => {
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    requests.push(request.url ?? '');
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, { status: false, message: 'Invalid key' });
    }
    const url = new URL(request.url ?? '/', 'http://fake');
    const list = request.method === 'GET' ? lists[url.pathname] : undefined;
    if (!list) return send(404, { status: false, message: 'Not found' });
    if (state.failOn === url.pathname) return send(500, { status: false, message: 'An error occurred' });
    const perPage = Math.min(Number(url.searchParams.get('perPage') ?? 50), 100);
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    const rows = list.rows().filter((row) => {
      const at = Date.parse(String(row[list.date]));
      return (!from || at >= Date.parse(from)) && (!to || at <= Date.parse(to));
    });
    const skipped = (page - 1) * perPage;
    send(200, {
      status: true,
      message: list.message,
      data: rows.slice(skipped, skipped + perPage),
      meta: { total: rows.length, skipped, perPage, page, pageCount: Math.ceil(rows.length / perPage) },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    transactions,
    refunds,
    transfers,
    settlements,
    state,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakePaystackLists = Awaited<ReturnType<typeof startFakePaystackLists>>;
