// A rolling restart that drops nothing (issue 33, ADR 069): `npm run stack`'s processes behind HAProxy, on
// PostgreSQL and Redis, under a mixed load of reads, cart changes and checkouts (sandbox card) while each process
// is restarted in turn (SIGTERM, graceful stop, start, ready). Prints requests, failures, checkouts, and checks
// that no checkout was lost and that the books balance; exits 1 on any failure.
// Run: npm run rolling-restart -w @market/bench   (STACK_PROCESSES, default 3; ROLLING_WORKERS, default 8)
import http from 'node:http';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.js';
import { SANDBOX_CARDS } from '../apps/server/src/platform/payments/sandbox.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-seed.js';
import { startStack } from '../scripts/stack.mjs';

const workers = Number(process.env.ROLLING_WORKERS ?? 8);
const stack = await startStack();
const base = new URL(stack.url);
const db = new pg.Client({ connectionString: stack.databaseUrl });
await db.connect();

let requests = 0;
const failures: string[] = [];
let checkoutsStarted = 0;
let checkoutsPaid = 0;
const references: string[] = [];

/**
 * One HTTP call through HAProxy on the worker's own keep-alive pool and loopback source address (127.0.0.N):
 * HAProxy passes it on in X-Forwarded-For, so each worker is its own client for the per-address rate limits.
 * Any network error or 5xx is a failure; so is any other status the caller did not expect.
 */
function call(
  agent: http.Agent,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; form?: string; expect?: number[] } = {},
): Promise<{ status: number; body: string }> {
  requests += 1;
  const payload = options.json !== undefined ? JSON.stringify(options.json) : options.form;
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path: url,
        agent,
        headers: {
          ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const body = Buffer.concat(chunks).toString('utf8');
          if (!(options.expect ?? [200, 201]).includes(status))
            failures.push(`${method} ${url}: ${status} ${body.slice(0, 160)}`);
          resolve({ status, body });
        });
      },
    );
    request.on('error', (error) => {
      failures.push(`${method} ${url}: ${error.message}`);
      resolve({ status: 0, body: '' });
    });
    request.end(payload);
  });
}

// Customers of their own (the demo seed made the products), and two products of two stores with plenty of stock.
const { rows: picked } = await db.query<{ id: string; store_id: string }>(
  `select id, store_id from products where is_visible and variants = '[]'::jsonb and quantity > 0
   order by created_at desc limit 200`,
);
const first = picked[0]!;
const second = picked.find((row) => row.store_id !== first.store_id)!;
await db.query('update products set quantity = 1000000 where id = any($1)', [[first.id, second.id]]);
const passwordHash = await hashPassword(DEMO_PASSWORD);
const runId = Date.now().toString(36);
const emails = Array.from({ length: workers }, (_, index) => `rolling.${runId}.${index}@example.ng`);
for (const email of emails)
  await db.query(
    `insert into users (kind, first_name, last_name, email, phone_number, password_hash, email_confirmed_at)
     values ('customer', 'Rolling', 'Customer', $1, '+2348031234567', $2, now())`,
    [email, passwordHash],
  );

let stopping = false;
const data = (body: string) => (JSON.parse(body) as { data: Record<string, unknown> }).data;

async function worker(index: number) {
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: 2,
    localAddress: `127.0.0.${index + 10}`,
  } as http.AgentOptions);
  const email = emails[index]!;
  const login = await call(agent, 'POST', '/api/auth/customer/login', {
    json: { email, password: DEMO_PASSWORD },
  });
  const token = String(data(login.body).accessToken);
  const address = await call(agent, 'POST', '/api/customershippingaddress/add', {
    token,
    json: {
      fullName: 'Rolling Customer',
      phoneNumber: '08031234567',
      emailAddress: email,
      stateOrRegion: 'Lagos',
      lga: 'Ikeja',
      address: '12 Allen Avenue',
    },
  });
  const addressId = String(data(address.body).id);
  let round = 0;
  let lastCheckout = 0;
  while (!stopping) {
    round += 1;
    // Reads: a listing page and a product.
    await call(agent, 'GET', `/api/products/customer/getallproducts`);
    await call(agent, 'GET', `/api/products/customer/product/${round % 2 ? first.id : second.id}`);
    // Cart: the two products in it.
    await call(agent, 'POST', '/api/cart/add-cart', { token, json: { productId: first.id, quantity: 1 } });
    await call(agent, 'POST', '/api/cart/add-cart', { token, json: { productId: second.id, quantity: 1 } });
    await call(agent, 'GET', '/api/cart/get-cart', { token });
    // A checkout about every 7 s per customer (the per-account limit is 10 a minute).
    if (Date.now() - lastCheckout >= 7_000) {
      lastCheckout = Date.now();
      const created = await call(agent, 'POST', '/api/ordertracking/create-order', {
        token,
        json: { addressId },
      });
      if (created.status !== 200 && created.status !== 201) continue;
      checkoutsStarted += 1;
      const started = data(created.body) as {
        tracker: { reference: string };
        payment: { authorizationUrl: string };
      };
      references.push(started.tracker.reference);
      const page = new URL(started.payment.authorizationUrl).pathname;
      await call(agent, 'POST', page, {
        form: new URLSearchParams({
          cardNumber: SANDBOX_CARDS.success,
          expiry: '12/30',
          cvv: '123',
        }).toString(),
        expect: [200, 302, 303],
      });
      const recorded = await call(agent, 'POST', '/api/transactions/customer/transaction', {
        token,
        json: { reference: started.tracker.reference },
      });
      if (recorded.status === 200 && (data(recorded.body).tracker as { status: string }).status === 'paid')
        checkoutsPaid += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  agent.destroy();
}

console.log(`load: ${workers} customers reading, filling carts and checking out through ${stack.url}`);
const began = Date.now();
const load = Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
await new Promise((resolve) => setTimeout(resolve, 5_000));
for (let index = 0; index < stack.servers.length; index += 1) {
  const result = await stack.restart(index);
  console.log(
    `app${index + 1} restarted: exited ${result.code ?? result.signal} after ${result.stoppedMs} ms, back in ${result.backMs} ms (requests so far ${requests}, failures ${failures.length})`,
  );
  await new Promise((resolve) => setTimeout(resolve, 3_000));
}
stopping = true;
await load;
const seconds = (Date.now() - began) / 1000;

// Nothing lost: every checkout the API started is a successful payment with paid orders, and the books balance.
const { rows: payments } = await db.query<{ status: string; count: string }>(
  'select status, count(*) from payment_transactions where reference = any($1) group by status',
  [references],
);
const paidInDatabase = Number(payments.find((row) => row.status === 'success')?.count ?? 0);
const { rows: orderStates } = await db.query<{ status: string; count: string }>(
  `select o.status, count(*) from orders o join order_trackers t on t.id = o.tracker_id
   where t.reference = any($1) group by o.status`,
  [references],
);
const { rows: books } = await db.query<{ total: string; unbalanced: string }>(
  `select coalesce(sum(amount_kobo), 0) as total,
          (select count(*) from (select movement_id from ledger_entries group by movement_id
                                 having sum(amount_kobo) <> 0) as m) as unbalanced
     from ledger_entries`,
);
await db.end();
await stack.stop();

const lost = checkoutsStarted - paidInDatabase;
console.log(`\nrolling restart of ${stack.servers.length} processes under load, ${seconds.toFixed(0)} s:`);
console.log(`  requests   ${requests}`);
console.log(`  failures   ${failures.length}`);
console.log(
  `  checkouts  ${checkoutsStarted} started, ${checkoutsPaid} paid, ${paidInDatabase} paid in the database, ${lost} lost`,
);
console.log(`  their orders: ${orderStates.map((row) => `${row.count} ${row.status}`).join(', ')}`);
console.log(`  ledger     sum ${books[0]?.total} kobo, ${books[0]?.unbalanced} unbalanced movements`);
// Failures by kind (ids and numbers folded), most frequent first.
const kinds = new Map<string, number>();
for (const failure of failures) {
  const kind = failure
    .replace(/[0-9a-f-]{36}/g, ':id')
    .replace(/=\w+/g, '=…')
    .slice(0, 140);
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
}
for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`  ${String(count).padStart(5)} × ${kind}`);
const ok =
  failures.length === 0 &&
  lost === 0 &&
  checkoutsStarted === checkoutsPaid &&
  books[0]?.total === '0' &&
  books[0]?.unbalanced === '0';
console.log(ok ? 'OK: 0 failed requests, 0 lost checkouts, books balanced' : 'FAILED');
process.exit(ok ? 0 : 1);
