import type { OrderStatusCode } from '@market/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextStatusesFor } from '../../src/modules/orders/order-status.js';
import { orderItems, orderRefunds, orders } from '../../src/modules/orders/orders.schema.js';
import { orderReturns } from '../../src/modules/returns/returns.schema.js';
import { caller, paidOrder } from '../returns/returns-support.js';
import {
  type CommerceSetup,
  commerceSetup,
  type SellingStore,
  sellingStore,
} from '../support/commerce-factory.js';
import { moveOrder } from '../support/order-moves.js';
import { createAdmin, createPartner, createTestApp, json, type TestApp } from '../support/test-app.js';

// The model-based walk of order-status.model.test.ts, bounded, through the real service: Fastify inject on a real
// database, accounts and orders from the factories. Each step is a call some account makes (a move offered to its
// role, or `returned` tried by anyone; an assignment; the customer's return and the store's decisions). After each
// step the database is read and the invariants of ADR 040 are checked against what it holds; a refused call must
// change nothing. Seeded (ORDER_MODEL_SEED) and bounded to a few short sequences, so it runs in seconds.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let call: ReturnType<typeof caller>;
type Account = { name: string; role: string; id: string; token: string };
let accounts: Account[];

beforeAll(async () => {
  test = await createTestApp();
  setup = await commerceSetup(test);
  [store, otherStore] = [await sellingStore(test, setup), await sellingStore(test, setup)];
  const [d1, d2] = [await createAdmin(test, 'dispatcher'), await createAdmin(test, 'dispatcher')];
  const [p1, p2] = [await createPartner(test), await createPartner(test)];
  accounts = [
    { name: 'store', role: 'merchant', id: store.merchantId, token: store.accessToken },
    { name: 'other store', role: 'merchant', id: otherStore.merchantId, token: otherStore.accessToken },
    { name: 'admin', role: 'admin', id: setup.admin.id, token: setup.admin.accessToken },
    { name: 'dispatcher 1', role: 'dispatcher', id: d1.id, token: d1.accessToken },
    { name: 'dispatcher 2', role: 'dispatcher', id: d2.id, token: d2.accessToken },
    { name: 'partner 1', role: 'partner', id: p1.id, token: p1.accessToken },
    { name: 'partner 2', role: 'partner', id: p2.id, token: p2.accessToken },
  ];
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

const carrying = new Set<string>([
  'picked_up',
  'at_hub',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'delivery_failed',
  'returned',
  'declined',
]);

type Step =
  | { kind: 'move'; pick: number }
  | { kind: 'assign'; carrier: number }
  | { kind: 'return'; action: 'ask-all' | 'ask-one' | 'approve' | 'receive' | 'refund' | 'replace' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(1_000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('assign' as const), carrier: fc.nat(3) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('return' as const),
      action: fc.constantFrom(
        'ask-all',
        'ask-one',
        'approve',
        'receive',
        'refund',
        'replace',
      ) as fc.Arbitrary<'ask-all' | 'ask-one' | 'approve' | 'receive' | 'refund' | 'replace'>,
    }),
  },
);

async function orderRow(orderId: string) {
  const [row] = await test.deps.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function moneyOf(orderId: string) {
  const [items, refunds, returns] = await Promise.all([
    test.deps.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)),
    test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)),
    test.deps.db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId)),
  ]);
  const refunded = refunds.reduce((sum, row) => sum + row.amountKobo, 0);
  return { items, refunds, returns, refunded };
}

describe('the order machine, walked at random through the API (fast-check, bounded)', () => {
  it('keeps every invariant, and a refused call changes nothing', async () => {
    const seed = Number(process.env.ORDER_MODEL_SEED ?? 40_040);
    const reached = new Set<string>();
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 14, size: 'max' }), async (steps) => {
        const paid = await paidOrder(test, setup, store, { quantity: 2 });
        const customer: Account = {
          name: 'customer',
          role: 'customer',
          id: paid.customer.id,
          token: paid.customer.token,
        };
        const everyone = [...accounts, customer];
        let returnId: string | null = null;
        let cameFrom: string | null = null;
        for (const s of steps) {
          const before = await orderRow(paid.orderId);
          let answer: { statusCode: number; body: string } | null = null;
          let mover: Account | null = null;
          let to: string | null = null;
          if (s.kind === 'move') {
            const offered = everyone.flatMap((account) =>
              [...nextStatusesFor(before.status, account.role as never), 'returned' as OrderStatusCode]
                .filter((status) => status !== 'assigned')
                .map((status) => ({ account, status })),
            );
            const chosen = offered[s.pick % offered.length]!;
            [mover, to] = [chosen.account, chosen.status];
            answer = await moveOrder(test, paid.orderId, mover.token, {
              status: to,
              ...(to === 'delivered' ? { deliveryToken: paid.token } : {}),
              ...(to === 'declined' ? { note: 'No rider free' } : {}),
            });
          } else if (s.kind === 'assign') {
            const carrier = accounts[3 + s.carrier]!;
            answer = await call('POST', `/api/orders/admin/${paid.orderId}/assign`, setup.admin.accessToken, {
              carrier: carrier.role,
              ...(carrier.role === 'partner' ? { partnerId: carrier.id } : { dispatcherId: carrier.id }),
            });
          } else if (s.action === 'ask-all' || s.action === 'ask-one') {
            answer = await call('POST', '/api/ordertracking/create-return', customer.token, {
              orderId: paid.orderId,
              type: 'return',
              reason: 'Not as described.',
              items: [{ productId: paid.productId, quantity: s.action === 'ask-all' ? 2 : 1 }],
            });
            if (answer.statusCode === 201) returnId = json(answer).data.id as string;
          } else if (returnId) {
            answer =
              s.action === 'approve' || s.action === 'receive'
                ? await call('PATCH', `/api/returns/update-return-status/${returnId}`, store.accessToken, {
                    status: s.action === 'approve' ? 'approved' : 'item_received',
                  })
                : await call('PATCH', `/api/returns/update-refund-decision/${returnId}`, store.accessToken, {
                    decision: s.action,
                  });
          }
          if (!answer) continue;
          const after = await orderRow(paid.orderId);
          const money = await moneyOf(paid.orderId);
          reached.add(after.status);
          if (answer.statusCode >= 500) throw new Error(`5xx: ${answer.body}`);
          if (answer.statusCode >= 400) {
            refused += 1;
            expect(json(answer)).toMatchObject({ message: expect.any(String), error: expect.any(String) });
            expect({ status: after.status, updatedAt: after.updatedAt }).toEqual({
              status: before.status,
              updatedAt: before.updatedAt,
            });
          }
          if (after.status !== before.status && after.status === 'returned') cameFrom = before.status;
          // A carrier moves only its own assignment.
          if (mover && to && answer.statusCode === 200 && carrying.has(to)) {
            if (mover.role === 'partner') expect(before.partnerId).toBe(mover.id);
            if (mover.role === 'dispatcher') {
              expect(before.carrierKind).toBe('dispatcher');
              expect(before.dispatcherId).toBe(mover.id);
            }
          }
          // No terminal or returned state without its money step.
          if (after.status === 'cancelled') expect(money.refunded).toBe(after.totalKobo);
          if (after.status === 'returned') {
            const settled = money.returns.some(
              (row) =>
                (row.status === 'refunded' || row.status === 'replacement_sent') &&
                money.items.every(
                  (item) =>
                    (row.lines.find((line) => line.orderItemId === item.id)?.quantity ?? 0) >= item.quantity,
                ),
            );
            const takenBack = cameFrom === 'delivery_failed' && money.refunded === after.totalKobo;
            expect(settled || takenBack).toBe(true);
            if (settled && cameFrom === 'delivered')
              expect(money.refunds.length > 0 || money.returns.some((row) => row.replacementOrderId)).toBe(
                true,
              );
          }
          if (after.status === 'completed') expect(after.deliveredAt).not.toBeNull();
        }
      }),
      { seed, numRuns: 3 },
    );
    // Not vacuous: calls were refused, and the walk went past the store.
    expect(refused).toBeGreaterThan(0);
    expect(reached.has('pending') || reached.has('accepted')).toBe(true);
  }, 60_000);
});
