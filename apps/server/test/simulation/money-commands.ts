import {
  adminOrderEndpoints,
  adminPayoutEndpoints,
  adminReturnEndpoints,
  cartEndpoints,
  checkoutEndpoints,
  couponCustomerEndpoints,
  customerOrderEndpoints,
  customerReturnEndpoints,
  fulfilmentEndpoints,
  giftCardCustomerEndpoints,
  merchantReturnEndpoints,
} from '@market/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { payouts } from '../../src/modules/ledger/ledger.schema.js';
import { orderItems, orderRefunds, orders, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { orderReturns } from '../../src/modules/returns/returns.schema.js';
import { payInSandbox } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import { FAKE_TRANSFER_OTP } from '../support/payments.fake-paystack.js';
import { type CallFault, type FaultTarget, LATE_ANSWERS, SURVIVED_TODAY } from './faulty-provider.js';
import { doorCollection, podCommands } from './money-pod-commands.js';
import { disputeEvent, json, payoutRow, type SimCustomer, transferEvent, type World } from './money-world.js';

// The simulation's commands (ADR 052). A step is plain data (JSON, printed on failure): which command, and numbers
// that pick its target among what is eligible *when it runs* (`pick` modulo the eligible count), so one seed gives
// one walk whatever ids the database hands out. Each command is one entry of `commands`: its weight, its step's
// arbitrary and what it does through the API. A step with nothing eligible is skipped; a call the server refuses is
// recorded (and must answer 4xx, never 5xx). Steps whose endpoints do not exist yet are listed in ADR 052.

export interface Outcome {
  /** What happened, for the printed walk. */
  note: string;
  /** A payout approved in this step, and what the ledger said was payable just before (checked by the caller). */
  approved?: { payoutId: string; amountKobo: number; payableBeforeKobo: number };
}

type Api = Awaited<ReturnType<World['call']>>;

export interface Model {
  /** Every order the simulation bought (replacements included), with what the customer was given to sign for it. */
  orders: Map<string, { customer: number; deliveryToken: string | null }>;
  nextDisputeId: number;
}

export function newModel(): Model {
  return { orders: new Map(), nextDisputeId: 7_000_000 };
}

export interface Command<S> {
  weight: number;
  arbitrary: fc.Arbitrary<S>;
  run(world: World, model: Model, step: S): Promise<Outcome | null>;
}

const DAY = 24 * 60 * 60 * 1000;

export function refusedOr(answer: Api, what: string): string {
  if (answer.statusCode >= 500) throw new Error(`${what}: ${answer.statusCode} ${answer.body.slice(0, 400)}`);
  if (answer.statusCode >= 400) {
    const body = json(answer);
    if (typeof body.message !== 'string' || typeof body.error !== 'string')
      throw new Error(`${what}: a refusal without the error envelope: ${answer.body.slice(0, 300)}`);
    return `${what} refused ${answer.statusCode}: ${body.message}`;
  }
  return `${what} ok`;
}

export const chosen = <T>(items: T[], pick: number): T | undefined =>
  items.length === 0 ? undefined : items[pick % items.length];

/**
 * Every order, in the order the simulation came to know them (a checkout's orders by store, replacements when
 * first seen): targets are picked by position in this list, so a seed picks the same orders whatever their ids.
 */
export async function orderRows(world: World, model: Model) {
  const rows = await world.test.deps.db
    .select({
      id: orders.id,
      status: orders.status,
      storeId: orders.storeId,
      customerId: orders.customerId,
      trackerId: orders.trackerId,
      orderReturnId: orders.orderReturnId,
      totalKobo: orders.totalKobo,
      paymentMethod: orders.paymentMethod,
      podFeeKobo: orders.podFeeKobo,
      deliveredAt: orders.deliveredAt,
      replacementOf: orders.replacementOf,
      createdAt: orders.createdAt,
    })
    .from(orders);
  const unknown = rows
    .filter((row) => !model.orders.has(row.id))
    .sort(
      (a, b) =>
        a.createdAt.getTime() - b.createdAt.getTime() ||
        position(model, a.replacementOf) - position(model, b.replacementOf),
    );
  for (const row of unknown) {
    // A replacement the store sent: its customer reads the delivery token on their order page.
    const customer = customerOf(world, row.customerId);
    const detail = json(
      await world.call('GET', urlOf(customerOrderEndpoints.one, { params: { id: row.id } }), customer.actor),
    ).data;
    model.orders.set(row.id, { customer: customer.index, deliveryToken: detail?.orderDeliveryToken ?? null });
  }
  return rows.sort((a, b) => position(model, a.id) - position(model, b.id));
}

function position(model: Model, orderId: string | null): number {
  if (!orderId) return -1;
  return [...model.orders.keys()].indexOf(orderId);
}

export function customerOf(world: World, userId: string) {
  const customer = world.customers.find((one) => one.shopper.userId === userId);
  if (!customer) throw new Error(`an order of a customer the simulation does not know: ${userId}`);
  return customer;
}

async function trackerReference(world: World, trackerId: string) {
  const [row] = await world.test.deps.db
    .select({ reference: orderTrackers.reference, amountDueKobo: orderTrackers.amountDueKobo })
    .from(orderTrackers)
    .where(eq(orderTrackers.id, trackerId));
  return row && row.amountDueKobo > 0 ? row.reference : null;
}

async function refuseIf<T>(world: World, refuse: boolean, trackerId: string, work: () => Promise<T>) {
  return refuse ? world.providerRefusing(await trackerReference(world, trackerId), work) : work();
}

function storeOf(world: World, storeId: string) {
  return world.stores.find((one) => one.store.storeId === storeId)!;
}

export const carrying = [
  'pending',
  'accepted',
  'ready_for_pickup',
  'assigned',
  'picked_up',
  'out_for_delivery',
];

/** One move of the delivery chain from `status`, by whoever makes it; false when the chain refused it. */
async function carryOnce(world: World, model: Model, order: { id: string; status: string; storeId: string }) {
  const store = storeOf(world, order.storeId);
  const move = async (token: string, body: Record<string, unknown>) =>
    (await moveOrder(world.test, order.id, token, body)).statusCode === 200;
  switch (order.status) {
    case 'pending':
      return move(store.actor.token, { status: 'accepted' });
    case 'accepted':
      return move(store.actor.token, { status: 'ready_for_pickup' });
    case 'ready_for_pickup':
    case 'declined': {
      const answer = await world.call(
        'POST',
        urlOf(adminOrderEndpoints.assign, { params: { id: order.id } }),
        world.admin,
        {
          carrier: 'dispatcher',
          dispatcherId: world.dispatcher.id,
        },
      );
      return answer.statusCode === 200;
    }
    case 'assigned':
      return move(world.dispatcher.token, { status: 'picked_up' });
    case 'picked_up':
    case 'delivery_failed':
      return move(world.dispatcher.token, { status: 'out_for_delivery' });
    case 'out_for_delivery':
      return move(world.dispatcher.token, {
        status: 'delivered',
        deliveryToken: model.orders.get(order.id)?.deliveryToken ?? '',
        // Paid at the door: the carrier takes the order's due amount in cash (money-pod-commands.ts for the rest).
        ...(await doorCollection(world, order.id, 'cash')),
      });
    default:
      return false;
  }
}

export async function statusOf(world: World, orderId: string) {
  const [row] = await world.test.deps.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!.status;
}

/** Carries the order along the chain until it is `until` (or the chain stops). */
export async function carryTo(
  world: World,
  model: Model,
  order: { id: string; status: string; storeId: string },
  until: string,
) {
  let status = order.status;
  for (let guard = 0; guard < 8 && status !== until; guard += 1) {
    if (!(await carryOnce(world, model, { ...order, status }))) break;
    status = await statusOf(world, order.id);
  }
  return status;
}

async function returnsOf(world: World) {
  return world.test.deps.db.select().from(orderReturns).orderBy(orderReturns.createdAt, orderReturns.id);
}

async function refundRows(world: World) {
  return world.test.deps.db.select().from(orderRefunds).orderBy(orderRefunds.createdAt, orderRefunds.id);
}

async function payableKobo(world: World, storeId: string): Promise<number> {
  const result = await world.test.deps.db.execute(
    sql`select coalesce(sum(amount_kobo), 0) as total from ledger_entries
      where store_id = ${storeId} and account = 'merchant_payable'`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { total: string }[];
  return -Number(rows[0]!.total);
}

/** The customer buys a gift card in the sandbox and applies it to their cart (a cart takes at most five). */
async function buyGiftCard(world: World, customer: SimCustomer, amount: number): Promise<string> {
  const purchase = await world.call('POST', urlOf(giftCardCustomerEndpoints.purchase), customer.actor, {
    amount,
  });
  if (purchase.statusCode !== 201) return refusedOr(purchase, 'purchase');
  const pay = await world.call('POST', urlOf(giftCardCustomerEndpoints.pay), customer.actor, {
    giftCardId: json(purchase).data.id,
  });
  if (pay.statusCode !== 200) return refusedOr(pay, 'pay');
  const { authorizationUrl, reference } = json(pay).data;
  const paid = await payInSandbox(world.test, authorizationUrl, 'success');
  if (paid.statusCode >= 500) throw new Error(`sandbox payment: ${paid.body.slice(0, 300)}`);
  const status = json(
    await world.call('POST', urlOf(giftCardCustomerEndpoints.status), customer.actor, { reference }),
  ).data;
  if (status?.status !== 'active')
    throw new Error(`a paid gift card is not active: ${JSON.stringify(status)}`);
  customer.giftCardsBoughtKobo += amount * 100;
  const applied = await world.call('POST', urlOf(giftCardCustomerEndpoints.apply), customer.actor, {
    code: status.code,
  });
  return refusedOr(applied, 'apply');
}

// ---------- the commands ----------

export const buy: Command<{
  customer: number;
  stores: number;
  /** The stores (a bit mask) whose orders are paid on delivery; none when absent (money-pod-commands.ts). */
  onDelivery?: number;
  quantities: [number, number, number];
  products: number;
  coupon: boolean;
  giftCard: 'none' | 'part' | 'all';
  card: 'success' | 'otp';
}> = {
  weight: 6,
  arbitrary: fc.record({
    customer: fc.nat(99),
    // A non-empty set of stores, as a bit mask: one payment for one order per store.
    stores: fc.integer({ min: 1, max: 7 }),
    quantities: fc.tuple(
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 3 }),
    ),
    products: fc.nat(7),
    coupon: fc.boolean(),
    giftCard: fc.constantFrom('none', 'none', 'part', 'all'),
    card: fc.constantFrom('success', 'success', 'otp'),
  }),
  async run(world, model, step) {
    const customer = world.customers[step.customer % world.customers.length]!;
    const picked = world.stores.filter((store) => (step.stores >> store.index) & 1);
    const stores = picked.length > 0 ? picked : [world.stores[0]!];
    const notes: string[] = [];
    for (const store of stores) {
      const product = store.products[(step.products >> store.index) & 1]!;
      const added = await world.call('POST', urlOf(cartEndpoints.add), customer.actor, {
        productId: product.id,
        quantity: step.quantities[store.index % 3],
      });
      if (added.statusCode !== 200) return { note: refusedOr(added, 'add to cart') };
    }
    if (step.coupon) {
      const applied = await world.call('POST', urlOf(couponCustomerEndpoints.apply), customer.actor, {
        code: stores[0]!.couponCode,
      });
      notes.push(refusedOr(applied, 'coupon'));
    }
    if (step.giftCard !== 'none') {
      const amount = step.giftCard === 'all' ? 400_000 : 2_500;
      notes.push(`gift card ₦${amount}: ${await buyGiftCard(world, customer, amount)}`);
    }
    const atTheDoor = stores.filter((store) => ((step.onDelivery ?? 0) >> store.index) & 1);
    const created = await world.call('POST', urlOf(checkoutEndpoints.create), customer.actor, {
      addressId: customer.shopper.addressId,
      ...(atTheDoor.length > 0 ? { payOnDeliveryStoreIds: atTheDoor.map((one) => one.store.storeId) } : {}),
    });
    if (created.statusCode !== 201 && created.statusCode !== 200)
      return { note: `${notes.join(', ')}; ${refusedOr(created, 'checkout')}` };
    const data = json(created).data;
    if (data.payment?.authorizationUrl) {
      const paid = await payInSandbox(world.test, data.payment.authorizationUrl, step.card);
      if (paid.statusCode >= 500) throw new Error(`sandbox payment: ${paid.body.slice(0, 300)}`);
    }
    const ids: string[] = (data.tracker.orders as { id: string; storeId: string }[])
      .sort((a, b) => storeOf(world, a.storeId).index - storeOf(world, b.storeId).index)
      .map((order) => order.id);
    for (const id of ids) {
      const detail = json(
        await world.call('GET', urlOf(customerOrderEndpoints.one, { params: { id } }), customer.actor),
      ).data;
      model.orders.set(id, { customer: customer.index, deliveryToken: detail.orderDeliveryToken ?? null });
    }
    notes.push(
      `${ids.length} order(s), ₦${data.tracker.amountDue} by card (${step.card})${atTheDoor.length > 0 ? `, stores ${atTheDoor.map((one) => one.index).join('+')} at the door` : ''}`,
    );
    return { note: `customer ${customer.index} bought: ${notes.join(', ')}` };
  },
};

const cancel: Command<{ pick: number; by: 'merchant' | 'customer'; refuse: boolean }> = {
  weight: 3,
  arbitrary: fc.record({
    pick: fc.nat(999),
    by: fc.constantFrom('merchant', 'merchant', 'customer'),
    refuse: fc.boolean(),
  }),
  async run(world, model, step) {
    const open = (await orderRows(world, model)).filter((order) =>
      step.by === 'customer'
        ? order.status === 'pending'
        : ['pending', 'accepted', 'ready_for_pickup', 'assigned', 'declined'].includes(order.status),
    );
    const order = chosen(open, step.pick);
    if (!order) return null;
    const actor =
      step.by === 'customer'
        ? customerOf(world, order.customerId).actor
        : storeOf(world, order.storeId).actor;
    const answer = await refuseIf(world, step.refuse, order.trackerId, () =>
      world.call('PATCH', urlOf(fulfilmentEndpoints.updateOrder, { params: { id: order.id } }), actor, {
        status: 'cancelled',
        note: 'Out of stock.',
      }),
    );
    return {
      note: `${step.by} cancels ${order.id.slice(0, 8)}${step.refuse ? ' (provider refuses the refund)' : ''}: ${refusedOr(answer, 'cancel')}`,
    };
  },
};

const progress: Command<{ pick: number; all: boolean }> = {
  weight: 6,
  arbitrary: fc.record({ pick: fc.nat(999), all: fc.boolean() }),
  async run(world, model, step) {
    const order = chosen(
      (await orderRows(world, model)).filter((row) => carrying.includes(row.status)),
      step.pick,
    );
    if (!order) return null;
    const reached = step.all
      ? await carryTo(world, model, order, 'delivered')
      : (await carryOnce(world, model, order))
        ? await statusOf(world, order.id)
        : order.status;
    return { note: `carried ${order.id.slice(0, 8)} ${order.status} → ${reached}` };
  },
};

const failDelivery: Command<{ pick: number }> = {
  weight: 2,
  arbitrary: fc.record({ pick: fc.nat(999) }),
  async run(world, model, step) {
    const order = chosen(
      (await orderRows(world, model)).filter((row) => carrying.includes(row.status)),
      step.pick,
    );
    if (!order) return null;
    const at = await carryTo(world, model, order, 'out_for_delivery');
    if (at !== 'out_for_delivery') return { note: `could not carry ${order.id.slice(0, 8)} out (${at})` };
    const answer = await moveOrder(world.test, order.id, world.dispatcher.token, {
      status: 'delivery_failed',
      note: 'Nobody at the gate',
    });
    return { note: `delivery of ${order.id.slice(0, 8)} failed: ${refusedOr(answer, 'delivery_failed')}` };
  },
};

const afterFailedDelivery: Command<{ pick: number; takeBack: boolean; refuse: boolean }> = {
  weight: 2,
  arbitrary: fc.record({ pick: fc.nat(999), takeBack: fc.boolean(), refuse: fc.boolean() }),
  async run(world, model, step) {
    const order = chosen(
      (await orderRows(world, model)).filter((row) => row.status === 'delivery_failed'),
      step.pick,
    );
    if (!order) return null;
    if (!step.takeBack) {
      const ok = await carryOnce(world, model, order);
      return { note: `${order.id.slice(0, 8)} out for delivery again: ${ok}` };
    }
    // The carrier takes the parcel back to the store: the whole order is refunded in the same move.
    const answer = await refuseIf(world, step.refuse, order.trackerId, () =>
      moveOrder(world.test, order.id, world.dispatcher.token, {
        status: 'returned',
        note: 'Back to the store',
      }),
    );
    return {
      note: `${order.id.slice(0, 8)} taken back${step.refuse ? ' (provider refuses)' : ''}: ${refusedOr(answer, 'returned')}`,
    };
  },
};

const askReturn: Command<{ pick: number; type: 'return' | 'replace'; all: boolean }> = {
  weight: 3,
  arbitrary: fc.record({
    pick: fc.nat(999),
    type: fc.constantFrom('return', 'return', 'replace'),
    all: fc.boolean(),
  }),
  async run(world, model, step) {
    const order = chosen(
      (await orderRows(world, model)).filter((row) => row.status === 'delivered' && !row.orderReturnId),
      step.pick,
    );
    if (!order) return null;
    const items = await world.test.deps.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id);
    const taken = new Map<string, number>();
    for (const row of (await returnsOf(world)).filter((one) => one.orderId === order.id)) {
      const holds =
        row.refundKobo !== null ||
        row.replacementOrderId !== null ||
        (row.status !== 'closed' && (row.status !== 'rejected' || row.disputeStatus === 'open'));
      if (!holds) continue;
      for (const line of row.lines)
        taken.set(line.orderItemId, (taken.get(line.orderItemId) ?? 0) + line.quantity);
    }
    const wanted = items
      .map((item) => ({ item, left: item.quantity - (taken.get(item.id) ?? 0) }))
      .filter((one) => one.left > 0)
      .map(({ item, left }) => ({ productId: item.productId, quantity: step.all ? left : 1 }));
    if (wanted.length === 0) return null;
    const customer = customerOf(world, order.customerId);
    const answer = await world.call('POST', urlOf(customerReturnEndpoints.create), customer.actor, {
      orderId: order.id,
      type: step.type,
      reason: 'Not as described.',
      items: step.all ? wanted : wanted.slice(0, 1),
    });
    return {
      note: `customer asks a ${step.type} of ${step.all ? 'everything' : 'one unit'} of ${order.id.slice(0, 8)}: ${refusedOr(answer, 'create-return')}`,
    };
  },
};

const storeDecides: Command<{
  pick: number;
  action: 'approved' | 'rejected' | 'item_received' | 'refund' | 'replace';
  refuse: boolean;
}> = {
  weight: 5,
  arbitrary: fc.record({
    pick: fc.nat(999),
    action: fc.constantFrom(
      'approved',
      'approved',
      'rejected',
      'item_received',
      'item_received',
      'refund',
      'refund',
      'replace',
    ),
    refuse: fc.boolean(),
  }),
  async run(world, _model, step) {
    const from =
      step.action === 'approved' || step.action === 'rejected'
        ? ['requested']
        : step.action === 'item_received'
          ? ['approved']
          : ['approved', 'item_received'];
    const candidates = (await returnsOf(world)).filter(
      (one) => from.includes(one.status) && one.disputeStatus !== 'open',
    );
    // A replacement of a received return of every unit makes the order Returned (ADR 059: its due payable then).
    const row = chosen(candidates, step.pick);
    if (!row) return null;
    const store = storeOf(world, row.storeId);
    let answer: Api;
    if (step.action === 'refund' || step.action === 'replace') {
      const [order] = await world.test.deps.db.select().from(orders).where(eq(orders.id, row.orderId));
      answer = await refuseIf(world, step.refuse && step.action === 'refund', order!.trackerId, () =>
        world.call(
          'PATCH',
          urlOf(merchantReturnEndpoints.refundDecision, { params: { id: row.id } }),
          store.actor,
          {
            decision: step.action,
            note: 'Decided by the store.',
          },
        ),
      );
    } else {
      answer = await world.call(
        'PATCH',
        urlOf(merchantReturnEndpoints.updateStatus, { params: { id: row.id } }),
        store.actor,
        {
          status: step.action,
          ...(step.action === 'rejected' ? { note: 'The seal is broken.' } : {}),
        },
      );
    }
    return {
      note: `store ${store.index}: return ${row.id.slice(0, 8)} ${row.status} → ${step.action}${step.refuse && step.action === 'refund' ? ' (provider refuses)' : ''}: ${refusedOr(answer, step.action)}`,
    };
  },
};

const dispute: Command<{ pick: number }> = {
  weight: 2,
  arbitrary: fc.record({ pick: fc.nat(999) }),
  async run(world, _model, step) {
    const row = chosen(
      (await returnsOf(world)).filter((one) => one.status === 'rejected' && one.disputeStatus === 'none'),
      step.pick,
    );
    if (!row) return null;
    const customer = customerOf(world, row.customerId);
    const answer = await world.call(
      'POST',
      urlOf(customerReturnEndpoints.dispute, { params: { id: row.id } }),
      customer.actor,
      {
        reason: 'The store is wrong: it arrived broken.',
      },
    );
    return { note: `customer disputes return ${row.id.slice(0, 8)}: ${refusedOr(answer, 'dispute')}` };
  },
};

const platformDecides: Command<{
  pick: number;
  decision: 'refund' | 'replace' | 'dismiss';
  refuse: boolean;
}> = {
  weight: 2,
  arbitrary: fc.record({
    pick: fc.nat(999),
    decision: fc.constantFrom('refund', 'refund', 'replace', 'dismiss'),
    refuse: fc.boolean(),
  }),
  async run(world, _model, step) {
    const row = chosen(
      (await returnsOf(world)).filter((one) => one.disputeStatus === 'open'),
      step.pick,
    );
    if (!row) return null;
    const [order] = await world.test.deps.db.select().from(orders).where(eq(orders.id, row.orderId));
    const answer = await refuseIf(world, step.refuse && step.decision === 'refund', order!.trackerId, () =>
      step.decision === 'dismiss'
        ? world.call(
            'PATCH',
            urlOf(merchantReturnEndpoints.updateStatus, { params: { id: row.id } }),
            world.admin,
            {
              status: 'closed',
              note: 'The photos show no damage.',
            },
          )
        : world.call(
            'POST',
            `/api/returns/${step.decision === 'refund' ? 'return-order' : 'replace-order'}/${row.id}`,
            world.admin,
            { note: 'Upheld: the item was damaged.' },
          ),
    );
    return {
      note: `platform ${step.decision}s dispute ${row.id.slice(0, 8)}: ${refusedOr(answer, step.decision)}`,
    };
  },
};

const chargeback: Command<{ pick: number; to: 'merchant' | 'platform' }> = {
  weight: 2,
  arbitrary: fc.record({ pick: fc.nat(999), to: fc.constantFrom('merchant', 'platform') }),
  async run(world, _model, step) {
    // Of a Returned order too: the platform bearing it gives the store its share, payable (ADR 059).
    const row = chosen(
      (await returnsOf(world)).filter((one) => one.refundKobo !== null),
      step.pick,
    );
    if (!row) return null;
    const answer = await world.call(
      'PATCH',
      urlOf(adminReturnEndpoints.chargebackDecision, { params: { id: row.id } }),
      world.admin,
      {
        decision: step.to,
        note: step.to === 'platform' ? 'Our courier damaged it.' : 'The store sent the wrong size.',
      },
    );
    return {
      note: `${step.to} bears the refund of return ${row.id.slice(0, 8)}: ${refusedOr(answer, 'chargeback')}`,
    };
  },
};

const retryRefund: Command<{ pick: number; refuse: boolean }> = {
  weight: 2,
  arbitrary: fc.record({ pick: fc.nat(999), refuse: fc.boolean() }),
  async run(world, _model, step) {
    const row = chosen(
      (await refundRows(world)).filter((one) => one.status === 'failed'),
      step.pick,
    );
    if (!row) return null;
    const answer = await refuseIf(world, step.refuse, row.trackerId, () =>
      world.call('POST', urlOf(adminReturnEndpoints.retryRefund, { params: { id: row.id } }), world.admin),
    );
    return {
      note: `admin retries refund ${row.reference}${step.refuse ? ' (provider refuses again)' : ''}: ${refusedOr(answer, 'retry')} → ${json(answer).data?.status}`,
    };
  },
};

const writeOffRefund: Command<{ pick: number; outcome?: 'rejected' | 'paid_another_way' }> = {
  weight: 2,
  arbitrary: fc.record({
    pick: fc.nat(999),
    outcome: fc.constantFrom('rejected' as const, 'paid_another_way' as const),
  }),
  async run(world, _model, step) {
    // ADR 049's decisions on a refund the provider did not make, with a reason: rejected (not going back; on a
    // cancelled or returned order the platform keeps it, ADR 059) or paid another way (a failed card refund the
    // platform paid by bank transfer: it stands as refunded). Walks printed before `outcome` existed reject.
    const outcome = step.outcome ?? 'rejected';
    const row = chosen(
      (await refundRows(world)).filter(
        (one) => one.status === 'failed' && (outcome === 'rejected' || one.destination === 'provider'),
      ),
      step.pick,
    );
    if (!row) return null;
    const answer = await world.call(
      'POST',
      urlOf(adminReturnEndpoints.rejectRefund, { params: { id: row.id } }),
      world.admin,
      {
        outcome,
        note: outcome === 'rejected' ? 'The customer agreed to store credit.' : 'Refunded by bank transfer.',
      },
    );
    return {
      note: `admin decides refund ${row.reference} ${outcome === 'rejected' ? 'rejected' : 'paid another way'}: ${refusedOr(answer, 'reject')}`,
    };
  },
};

const windowCloses: Command<{ pick: number; all: boolean }> = {
  weight: 3,
  arbitrary: fc.record({ pick: fc.nat(999), all: fc.boolean() }),
  async run(world, model, step) {
    const delivered = (await orderRows(world, model)).filter((row) => row.status === 'delivered');
    const targets = step.all ? delivered : [chosen(delivered, step.pick)].filter((row) => row !== undefined);
    if (targets.length === 0) return null;
    // The clock moves past the return window for these orders, as other tests move it: their delivery goes back.
    const days = world.test.deps.config.returnWindowDays + 1;
    for (const row of targets) {
      await world.test.deps.db
        .update(orders)
        .set({ deliveredAt: new Date(world.test.deps.now().getTime() - days * DAY) })
        .where(eq(orders.id, row.id));
    }
    const completed = await world.test.jobs.completeAfterReturnWindow();
    return { note: `return window closed for ${targets.length} order(s): ${completed} completed` };
  },
};

const approvePayout: Command<{ store: number; otp: boolean }> = {
  weight: 3,
  arbitrary: fc.record({ store: fc.nat(99), otp: fc.boolean() }),
  async run(world, model, step) {
    // Mostly a store with money to pay (so walks reach payouts), sometimes any store (which may have nothing).
    let payable = await Promise.all(world.stores.map((one) => payableKobo(world, one.store.storeId)));
    let withMoney = world.stores.filter((one) => payable[one.index]! > 0);
    let waited = '';
    if (withMoney.length === 0 && step.store % 4 !== 0) {
      // Nothing payable yet: time passes until the delivered orders' return window closes.
      const closed = await commands.windowCloses.run(world, model, { pick: 0, all: true });
      if (closed) waited = `(${closed.note}) `;
      payable = await Promise.all(world.stores.map((one) => payableKobo(world, one.store.storeId)));
      withMoney = world.stores.filter((one) => payable[one.index]! > 0);
    }
    const store =
      step.store % 4 === 0 || withMoney.length === 0
        ? world.stores[step.store % world.stores.length]!
        : withMoney[step.store % withMoney.length]!;
    world.fake.state.transferOtp = step.otp;
    const payableBeforeKobo = payable[store.index]!;
    const answer = await world.call(
      'POST',
      urlOf(adminPayoutEndpoints.approvePayout, { params: { storeId: store.store.storeId } }),
      world.admin,
    );
    const note = `${waited}approve payout of store ${store.index}${step.otp ? ' (OTP on)' : ''}, ₦${payableBeforeKobo / 100} payable: ${refusedOr(answer, 'approve')}`;
    if (answer.statusCode !== 200) return { note };
    const payout = json(answer).data;
    return {
      note: `${note} → ${payout.status}${payout.needsOtp ? ', needs OTP' : ''}`,
      approved: { payoutId: payout.id, amountKobo: Math.round(payout.amount * 100), payableBeforeKobo },
    };
  },
};

const finalizeOtp: Command<{ pick: number; wrongFirst: boolean; resend: boolean }> = {
  weight: 2,
  arbitrary: fc.record({ pick: fc.nat(999), wrongFirst: fc.boolean(), resend: fc.boolean() }),
  async run(world, _model, step) {
    const waiting = await world.test.deps.db
      .select()
      .from(payouts)
      .where(eq(payouts.needsOtp, true))
      .orderBy(payouts.approvedAt, payouts.id);
    const payout = chosen(waiting, step.pick);
    if (!payout) return null;
    const notes: string[] = [];
    if (step.resend) {
      const resent = await world.call(
        'POST',
        urlOf(adminPayoutEndpoints.resendOtp, { params: { payoutId: payout.id } }),
        world.admin,
      );
      notes.push(refusedOr(resent, 'resend'));
    }
    if (step.wrongFirst) {
      const wrong = await world.call(
        'POST',
        urlOf(adminPayoutEndpoints.finalizeOtp, { params: { payoutId: payout.id } }),
        world.admin,
        { otp: '000000' },
      );
      if (wrong.statusCode !== 422)
        throw new Error(`a wrong OTP answered ${wrong.statusCode}: ${wrong.body}`);
      notes.push('wrong OTP refused');
    }
    const answer = await world.call(
      'POST',
      urlOf(adminPayoutEndpoints.finalizeOtp, { params: { payoutId: payout.id } }),
      world.admin,
      {
        otp: FAKE_TRANSFER_OTP,
      },
    );
    // Paystack still rate-limiting after the adapter's retries: the server says it is busy (503 in the envelope) and
    // gives the OTP back to be entered again; nothing was sent.
    const busy = answer.statusCode === 503 && json(answer).error === 'SERVICE_UNAVAILABLE';
    notes.push(busy ? 'finalize refused 503: provider busy' : refusedOr(answer, 'finalize'));
    return { note: `OTP for payout ${payout.reference}: ${notes.join(', ')}` };
  },
};

const settlePayout: Command<{
  pick: number;
  outcome: 'success' | 'failed' | 'late';
  /** How Paystack's webhook arrives (issue 29): once, twice, or never (the late-payout job must find it). */
  delivery?: 'once' | 'twice' | 'never';
}> = {
  weight: 3,
  arbitrary: fc.record({
    pick: fc.nat(999),
    outcome: fc.constantFrom('success', 'success', 'failed', 'late'),
    delivery: fc.constantFrom('once' as const, 'once' as const, 'twice' as const, 'never' as const),
  }),
  async run(world, _model, step) {
    // Paystack sends transfer.* only for a transfer it holds (one answered 5xx before any work has none); the
    // late-payout job may ask about any open payout.
    const open = (
      await world.test.deps.db.select().from(payouts).orderBy(payouts.approvedAt, payouts.id)
    ).filter(
      (row) =>
        row.status === 'processing' &&
        !row.needsOtp &&
        (step.outcome === 'late' || world.fake.transfers.has(row.reference)),
    );
    const payout = chosen(open, step.pick);
    if (!payout) return null;
    const transfer = world.fake.transfers.get(payout.reference);
    if (step.outcome === 'late') {
      // The webhook never came: the late-payout job asks Paystack, which says the transfer succeeded.
      if (transfer) transfer.status = 'success';
      await world.test.deps.db
        .update(payouts)
        .set({ updatedAt: new Date(world.test.deps.now().getTime() - 2 * 60 * 60 * 1000) })
        .where(eq(payouts.id, payout.id));
      const outcome = await world.test.jobs.confirmLatePayouts();
      return { note: `payout ${payout.reference} confirmed late: ${JSON.stringify(outcome)}` };
    }
    if (transfer) transfer.status = step.outcome;
    if (step.delivery === 'never') {
      world.faults.count('transfer webhook never delivered');
      return { note: `transfer.${step.outcome} for payout ${payout.reference}: webhook never delivered` };
    }
    const event = transferEvent(step.outcome === 'success' ? 'transfer.success' : 'transfer.failed', payout);
    let answer = await world.webhook(event);
    if (step.delivery === 'twice') {
      world.faults.count('transfer webhook twice');
      refusedOr(answer, 'webhook');
      answer = await world.webhook(event);
    }
    return {
      note: `transfer.${step.outcome} for payout ${payout.reference}${step.delivery === 'twice' ? ' (delivered twice)' : ''}: ${refusedOr(answer, 'webhook')} ${json(answer).data?.outcome ?? ''}`,
    };
  },
};

const reversePayout: Command<{ pick: number; staleSuccess?: boolean }> = {
  weight: 1,
  arbitrary: fc.record({ pick: fc.nat(999), staleSuccess: fc.boolean() }),
  async run(world, _model, step) {
    const done = (
      await world.test.deps.db.select().from(payouts).orderBy(payouts.approvedAt, payouts.id)
    ).filter((row) => row.status === 'processed');
    const payout = chosen(done, step.pick);
    if (!payout) return null;
    const transfer = world.fake.transfers.get(payout.reference);
    if (transfer) transfer.status = 'reversed';
    const answer = await world.webhook(transferEvent('transfer.reversed', payout));
    if (step.staleSuccess) {
      // Out of order: a transfer.success of the same transfer arrives after its reversal (a Paystack retry).
      world.faults.count('transfer webhook out of order');
      refusedOr(await world.webhook(transferEvent('transfer.success', payout)), 'stale webhook');
    }
    const after = await payoutRow(world, payout.id);
    return {
      note: `transfer.reversed for payout ${payout.reference}${step.staleSuccess ? ' (then a stale transfer.success)' : ''}: ${refusedOr(answer, 'webhook')} → ${after.status}`,
    };
  },
};

const cardDispute: Command<{ pick: number; stage: 'create' | 'remind' | 'resolve' }> = {
  weight: 1,
  arbitrary: fc.record({ pick: fc.nat(999), stage: fc.constantFrom('create', 'remind', 'resolve') }),
  async run(world, model, step) {
    const paid = await world.test.deps.db
      .select({ reference: orderTrackers.reference, amountDueKobo: orderTrackers.amountDueKobo })
      .from(orderTrackers)
      .where(sql`${orderTrackers.paidAt} is not null and ${orderTrackers.amountDueKobo} > 0`)
      .orderBy(orderTrackers.createdAt, orderTrackers.id);
    const payment = chosen(paid, step.pick);
    if (!payment) return null;
    model.nextDisputeId += 1;
    const answer = await world.webhook(
      disputeEvent(step.stage, model.nextDisputeId, {
        reference: payment.reference,
        amountKobo: payment.amountDueKobo,
      }),
    );
    if (answer.statusCode !== 200)
      throw new Error(`charge.dispute.${step.stage} answered ${answer.statusCode}: ${answer.body}`);
    return { note: `charge.dispute.${step.stage} of ${payment.reference}: ${json(answer).data?.outcome}` };
  },
};

/**
 * A card chargeback the bank carried out (ADR 049): Paystack's documented `charge.dispute.create`, an admin's
 * decision of who bears it (sometimes none: the store by default), then `charge.dispute.resolve` accepted for the
 * whole card payment of a checkout nothing was refunded from and no gift card paid, which books every unit of its
 * orders back as processed `chargeback` refunds, whatever state each order is in. Both webhooks must answer 2xx.
 */
const cardChargeback: Command<{
  pick: number;
  bearer: 'merchant' | 'platform' | 'default';
  resolution: 'merchant-accepted' | 'auto-accepted';
}> = {
  weight: 1,
  arbitrary: fc.record({
    pick: fc.nat(999),
    bearer: fc.constantFrom('merchant', 'platform', 'default'),
    resolution: fc.constantFrom('merchant-accepted', 'auto-accepted'),
  }),
  async run(world, model, step) {
    const paid = await world.test.deps.db
      .select({ reference: orderTrackers.reference, amountDueKobo: orderTrackers.amountDueKobo })
      .from(orderTrackers)
      .where(
        sql`${orderTrackers.paidAt} is not null and ${orderTrackers.status} = 'paid' and ${orderTrackers.amountDueKobo} > 0
          and ${orderTrackers.refundedKobo} = 0 and ${orderTrackers.giftCardKobo} = 0`,
      )
      .orderBy(orderTrackers.createdAt, orderTrackers.id);
    const payment = chosen(paid, step.pick);
    if (!payment) return null;
    model.nextDisputeId += 1;
    const disputeId = model.nextDisputeId;
    const target = { reference: payment.reference, amountKobo: payment.amountDueKobo };
    const opened = await world.webhook(disputeEvent('create', disputeId, target));
    if (opened.statusCode !== 200)
      throw new Error(`charge.dispute.create answered ${opened.statusCode}: ${opened.body}`);
    if (step.bearer !== 'default') {
      const listed = json(
        await world.call(
          'GET',
          urlOf(adminReturnEndpoints.cardDisputes, { query: { open: 'true', page: 1, limit: 100 } }),
          world.admin,
        ),
      ).data;
      const rows = (listed.disputes ?? listed.items ?? []) as { id: string; providerDisputeId?: string }[];
      const dispute = rows.find((one) => String(one.providerDisputeId) === String(disputeId));
      if (!dispute)
        throw new Error(
          `card dispute ${disputeId} is not on the admin's list: ${JSON.stringify(listed).slice(0, 400)}`,
        );
      const decided = await world.call(
        'PATCH',
        urlOf(adminReturnEndpoints.cardDisputeBearer, { params: { id: dispute.id } }),
        world.admin,
        {
          decision: step.bearer,
          note:
            step.bearer === 'platform' ? 'Card fraud; the store shipped as asked.' : 'No proof of delivery.',
        },
      );
      refusedOr(decided, 'card dispute bearer');
    }
    const resolved = await world.webhook({
      ...disputeEvent('resolve', disputeId, target),
      data: { ...disputeEvent('resolve', disputeId, target).data, resolution: step.resolution },
    });
    if (resolved.statusCode !== 200)
      throw new Error(`charge.dispute.resolve answered ${resolved.statusCode}: ${resolved.body}`);
    const outcome = json(resolved).data?.outcome;
    if (outcome !== 'dispute:refund-booked')
      throw new Error(`a whole-payment chargeback of ${payment.reference} was not booked: ${resolved.body}`);
    return {
      note: `card chargeback of ${payment.reference} (${step.resolution}, borne by ${step.bearer}): ${outcome}`,
    };
  },
};

const deliverWebhooks: Command<{ mode: 'once' | 'twice' | 'reordered' | 'drop' }> = {
  weight: 2,
  arbitrary: fc.record({ mode: fc.constantFrom('once', 'once', 'twice', 'reordered', 'drop') }),
  async run(world, _model, step) {
    // The refund.* webhooks Paystack owes for refunds it made (held until now: after any retry in between).
    if (world.faults.owed.length === 0) return null;
    const notes = await world.deliverOwed(step.mode);
    return { note: `refund webhooks ${step.mode}: ${notes.join('; ')}` };
  },
};

/**
 * Time passes and the provider answers again: every refund.* webhook it owes is delivered, failed refunds are due,
 * open payouts are late, and the jobs that retry, confirm and reconcile run (any job of the app about refunds,
 * payouts, unknown outcomes or reconciliation, so a job added later is run too).
 */
export async function timePasses(world: World, options: { readsDown?: boolean } = {}): Promise<string> {
  world.faults.outageSteps = 0;
  if (options.readsDown) {
    // The provider's reads are still down; only its webhooks speak, retried by Paystack until answered 2xx.
    world.faults.owed.push(...world.faults.dropped);
  } else {
    world.faults.readsDownSteps = 0;
    world.faults.heardWhileReadsDown.clear();
  }
  world.faults.dropped = [];
  const delivered = await world.deliverOwed('once');
  const { db } = world.test.deps;
  const past = new Date(world.test.deps.now().getTime() - 13 * 60 * 60 * 1000);
  // Every refund timer runs out: failed ones are due again, unknown (and unanswered processing) ones are asked
  // about (REFUND_RESUME_AFTER_MS), booked and never sent ones are sent (REFUND_UNSENT_AFTER_MS).
  await db.execute(
    sql`update order_refunds set next_attempt_at = ${past} where status in ('failed', 'unknown', 'processing') and next_attempt_at is not null`,
  );
  await db.execute(sql`update order_refunds set updated_at = ${past} where status = 'pending'`);
  await db.execute(sql`update payouts set updated_at = ${past} where status in ('approved', 'processing')`);
  const ran: string[] = [];
  const jobs = world.test.jobs as unknown as Record<string, () => Promise<unknown>>;
  for (const name of Object.keys(jobs).sort()) {
    if (!/refund|payout|unknown|reconcil|settle/i.test(name)) continue;
    ran.push(`${name} ${JSON.stringify(await jobs[name]!())}`);
  }
  return `${delivered.length} webhook(s) delivered; ${ran.join(', ')}`;
}

const timePassesCommand: Command<{ hours: number }> = {
  weight: 1,
  arbitrary: fc.record({ hours: fc.integer({ min: 1, max: 13 }) }),
  async run(world) {
    return { note: `time passes: ${await timePasses(world)}` };
  },
};

/**
 * Which faults the generator draws: `survived` (those today's server survives: 5xx and 429 on refunds, transfers and
 * OTP finalize, a crash before a transfer or an OTP finalize or on receiving a webhook), `all` (SIM_FAULTS=1: also
 * late and lost answers, and a crash around a refund or after a transfer or finalize) or `none`.
 */
export type FaultLevel = 'none' | 'survived' | 'all';

type FaultyInner =
  | { command: 'cancel'; pick: number; by: 'merchant' | 'customer'; refuse: boolean }
  | { command: 'afterFailedDelivery'; pick: number; takeBack: boolean; refuse: boolean }
  | { command: 'storeDecides'; pick: number; action: 'refund'; refuse: boolean }
  | { command: 'platformDecides'; pick: number; decision: 'refund'; refuse: boolean }
  | { command: 'retryRefund'; pick: number; refuse: boolean }
  | { command: 'approvePayout'; store: number; otp: boolean }
  | { command: 'finalizeOtp'; pick: number; wrongFirst: boolean; resend: boolean }
  | { command: 'settlePayout'; pick: number; outcome: 'success' | 'failed' | 'late' }
  | { command: 'deliverWebhooks'; mode: 'once' | 'twice' | 'reordered' | 'drop' };

/** The steps that reach each kind of call, as plain steps (no provider refusal: the fault is the provider's answer). */
function innerFor(target: FaultTarget): fc.Arbitrary<FaultyInner> {
  const pick = fc.nat(999);
  switch (target) {
    case 'refund':
      return fc.oneof(
        fc.record({
          command: fc.constant('cancel' as const),
          pick,
          by: fc.constantFrom('merchant' as const, 'customer' as const),
          refuse: fc.constant(false),
        }),
        fc.record({
          command: fc.constant('afterFailedDelivery' as const),
          pick,
          takeBack: fc.constant(true),
          refuse: fc.constant(false),
        }),
        fc.record({
          command: fc.constant('storeDecides' as const),
          pick,
          action: fc.constant('refund' as const),
          refuse: fc.constant(false),
        }),
        fc.record({
          command: fc.constant('platformDecides' as const),
          pick,
          decision: fc.constant('refund' as const),
          refuse: fc.constant(false),
        }),
        fc.record({ command: fc.constant('retryRefund' as const), pick, refuse: fc.constant(false) }),
      );
    case 'transfer':
      return fc.record({
        command: fc.constant('approvePayout' as const),
        store: fc.nat(99),
        otp: fc.boolean(),
      });
    case 'finalize':
      return fc.record({
        command: fc.constant('finalizeOtp' as const),
        pick,
        wrongFirst: fc.constant(false),
        resend: fc.boolean(),
      });
    default:
      return fc.oneof(
        fc.record({
          command: fc.constant('settlePayout' as const),
          pick,
          outcome: fc.constantFrom('success' as const, 'failed' as const),
        }),
        fc.record({ command: fc.constant('deliverWebhooks' as const), mode: fc.constant('once' as const) }),
      );
  }
}

function faultArbitrary(level: FaultLevel): fc.Arbitrary<{ target: FaultTarget; fault: CallFault }> {
  const onCalls: CallFault[] = [...SURVIVED_TODAY, ...(level === 'all' ? LATE_ANSWERS : [])];
  const options: { target: FaultTarget; fault: CallFault }[] = [
    ...(['refund', 'transfer', 'finalize'] as const).flatMap((target) =>
      onCalls.map((fault) => ({ target, fault })),
    ),
    { target: 'transfer', fault: 'crash-before' },
    { target: 'finalize', fault: 'crash-before' },
    { target: 'webhook', fault: 'crash-before' },
    ...(level === 'all'
      ? [
          // With transfer OTPs on, the transfer waits in `otp` and nobody learns its code (seed 52052, step 20).
          { target: 'transfer' as const, fault: 'crash-after' as const },
          { target: 'refund' as const, fault: 'crash-before' as const },
          { target: 'refund' as const, fault: 'crash-after' as const },
          { target: 'finalize' as const, fault: 'crash-after' as const },
        ]
      : []),
  ];
  return fc.constantFrom(...options);
}

/**
 * A money step while the provider misbehaves (issue 29 item 6): its next call of `target` answers with `fault`
 * (late, never, 5xx, 429), or the process dies before or after the provider acted (then the simulation starts a new
 * app on the same database). The inner step is one that makes such a call.
 */
const withFault: Command<{ target: FaultTarget; fault: CallFault; inner: FaultyInner }> = {
  weight: 0,
  arbitrary: faultArbitrary('all').chain(({ target, fault }) =>
    innerFor(target).map((inner) => ({ target, fault, inner })),
  ),
  async run(world, model, step) {
    world.faults.armed.set(step.target, step.fault);
    try {
      // The step drawn, else another step that makes the same kind of call (so the fault is met), else as any step.
      const pick = 'pick' in step.inner ? step.inner.pick : 0;
      for (const candidate of [step.inner, ...alternativesFor(step.target, pick)]) {
        const command = commands[candidate.command] as Command<FaultyInner>;
        const outcome = await command.run(world, model, candidate);
        if (outcome) return { ...outcome, note: `[${step.fault} ${step.target}] ${outcome.note}` };
      }
      const outcome = await runStep(world, model, step.inner as Step);
      return outcome && { ...outcome, note: `[${step.fault} ${step.target}, not met] ${outcome.note}` };
    } finally {
      // A fault the step never reached (nothing eligible, or another call first) is not left for a later step.
      world.faults.armed.delete(step.target);
    }
  },
};

/** Other steps that make a call of `target`, tried in turn when the drawn one has nothing to act on. */
function alternativesFor(target: FaultTarget, pick: number): FaultyInner[] {
  switch (target) {
    case 'refund':
      return [
        { command: 'retryRefund', pick, refuse: false },
        { command: 'storeDecides', pick, action: 'refund', refuse: false },
        { command: 'afterFailedDelivery', pick, takeBack: true, refuse: false },
        { command: 'cancel', pick, by: 'merchant', refuse: false },
      ];
    case 'webhook':
      return [
        { command: 'deliverWebhooks', mode: 'once' },
        { command: 'settlePayout', pick, outcome: 'success' },
      ];
    case 'finalize':
      return [];
    default:
      return [{ command: 'approvePayout', store: pick, otp: pick % 2 === 0 }];
  }
}

/**
 * Every command, by name. To add a step (a write-off endpoint, a dispute that becomes a chargeback, a subaccount
 * settlement…), add one entry here: the checks after each step stay as they are.
 */
export const commands = {
  buy,
  cancel,
  progress,
  failDelivery,
  afterFailedDelivery,
  askReturn,
  storeDecides,
  dispute,
  platformDecides,
  chargeback,
  retryRefund,
  writeOffRefund,
  windowCloses,
  approvePayout,
  finalizeOtp,
  settlePayout,
  reversePayout,
  cardDispute,
  cardChargeback,
  deliverWebhooks,
  timePasses: timePassesCommand,
  withFault,
  ...podCommands,
};

export type CommandName = keyof typeof commands;
export type Step = {
  [K in CommandName]: { command: K } & Parameters<(typeof commands)[K]['run']>[2];
}[CommandName];

/** The steps the generator draws; `faults` adds `withFault` steps of that level (weight 6 of about 65). */
export function stepArbitraryFor(faults: FaultLevel, focus?: 'pod'): fc.Arbitrary<Step> {
  return fc.oneof(
    ...(Object.entries(commands) as [CommandName, Command<Record<string, unknown>>][])
      .filter(([name]) => name !== 'withFault')
      .map(([name, command]) => ({
        // SIM_FOCUS=pod: pay on delivery's commands four times as often (the rest still run around them).
        weight: command.weight * (focus === 'pod' && name in podCommands ? 4 : 1),
        arbitrary: command.arbitrary.map((fields) => ({ command: name, ...fields }) as Step),
      })),
    ...(faults === 'none'
      ? []
      : [
          {
            // SIM_FAULTS=1 is the run that must find what late and lost answers break: faults on about one step in
            // four (at 6, a 40-step sequence met a refund fault about once, and a planted re-send slipped through).
            weight: faults === 'all' ? 18 : 6,
            arbitrary: faultArbitrary(faults).chain(({ target, fault }) =>
              innerFor(target).map((inner) => ({ command: 'withFault', target, fault, inner }) as Step),
            ),
          },
        ]),
  );
}

export const stepArbitrary: fc.Arbitrary<Step> = stepArbitraryFor('none');

/**
 * Runs a step. A step with nothing to act on (no delivered order to return, no failed refund to retry…) carries an
 * order along instead, or buys, with the step's own numbers: the walk keeps moving towards states that enable more
 * steps, and stays a function of the seed.
 */
export async function runStep(world: World, model: Model, step: Step): Promise<Outcome | null> {
  const command = commands[step.command] as Command<Step>;
  const outcome = await command.run(world, model, step);
  if (outcome || step.command === 'buy') return outcome;
  const pick = 'pick' in step ? step.pick : 0;
  const carried = await commands.progress.run(world, model, { pick, all: pick % 2 === 0 });
  if (carried) return { ...carried, note: `(nothing for ${step.command}) ${carried.note}` };
  const bought = await commands.buy.run(world, model, {
    customer: pick,
    stores: (pick % 7) + 1,
    quantities: [1 + (pick % 3), 2, 1],
    products: pick,
    coupon: pick % 3 === 0,
    giftCard: 'none',
    card: 'success',
    // Three walks in four pay some stores at the door (0 none, 1 store 0, 2 store 1, 3 both).
    onDelivery: pick % 4,
  });
  return bought && { ...bought, note: `(nothing for ${step.command}) ${bought.note}` };
}
