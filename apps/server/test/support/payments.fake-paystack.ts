import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaystackVerifyData } from '../../src/platform/payments/paystack.js';

export interface ReceivedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown> | undefined;
}

/**
 * A local stand-in for api.paystack.co answering as Paystack documents, recording what it was asked. Tests set
 * the verify answer of a reference in `transactions`, or a `mode` to fail every call.
 */
export async function startFakePaystack(secretKey: string) {
  const requests: ReceivedRequest[] = [];
  const transactions = new Map<string, PaystackVerifyData>();
  /** Transfers by reference, as its transfer verify answers them; tests move `status` on (success, failed…). */
  const transfers = new Map<
    string,
    { reference: string; amount: number; status: string; transfer_code: string }
  >();
  const state = {
    mode: 'normal' as 'normal' | 'error500' | 'hang' | 'not-json',
    /** charge_authorization answers a declined charge (Paystack: status true, data.status failed). */
    declineRecurring: false,
  };
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
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (state.mode === 'hang') {
        hanging.push(response);
        return;
      }
      if (state.mode === 'error500') return send(500, { status: false, message: 'An error occurred' });
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
        return send(200, {
          status: true,
          message: 'Refund has been queued for processing',
          data: {
            transaction: { id: found.id, reference: found.reference, amount: found.amount },
            amount: Number(body?.amount ?? found.amount),
            currency: 'NGN',
            status: 'pending',
            // Paystack's id of the refund (its refund.* webhooks name it too).
            id: nextId++,
          },
        });
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
        // Paystack queues a transfer (status pending) and tells its end by the transfer.* webhook.
        const queued = {
          reference: String(body?.reference),
          amount: Number(body?.amount),
          status: 'pending',
          transfer_code: `TRF_fake${nextId++}`,
        };
        transfers.set(queued.reference, queued);
        return send(200, { status: true, message: 'Transfer has been queued', data: queued });
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
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakePaystack = Awaited<ReturnType<typeof startFakePaystack>>;
