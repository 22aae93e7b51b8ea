import {
  adminOrderEndpoints,
  adminReturnEndpoints,
  customerReturnEndpoints,
  merchantReturnEndpoints,
  payOnDeliveryEndpoints,
} from '@market/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { orderItems, orderRefunds, orders } from '../../src/modules/orders/orders.schema.js';
import { podRemittances } from '../../src/modules/pay-on-delivery/pay-on-delivery.schema.js';
import { urlOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import {
  buy,
  type Command,
  carrying,
  carryTo,
  chosen,
  customerOf,
  orderRows,
  refusedOr,
  statusOf,
} from './money-commands.js';
import { json, POD, podRules, rowsOf, type World } from './money-world.js';

// The simulation's pay-on-delivery commands (issue 36, ADR 074): a checkout with some or all stores paid at the door,
// the carrier's collection (method, amount, token), a refusal at the door, a remittance recorded and an admin's
// decision on it, and the carrier's cash limit at assignment. The invariants they must keep are in
// money-pod-invariants.ts. Top-level code here uses nothing of money-commands.ts but its function declarations: the
// two modules import each other.

type PodMethod = 'cash' | 'pos' | 'transfer';

/** What the carrier says it took at the door for an order paid on delivery (nothing for one paid online). */
export async function doorCollection(
  world: World,
  orderId: string,
  method: PodMethod,
  shortByKobo = 0,
): Promise<Record<string, unknown>> {
  const [row] = await world.test.deps.db
    .select({
      paymentMethod: orders.paymentMethod,
      totalKobo: orders.totalKobo,
      podFeeKobo: orders.podFeeKobo,
      orderName: orders.orderName,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (row?.paymentMethod !== 'on_delivery') return {};
  return {
    collectionMethod: method,
    collectedAmount: (row.totalKobo + row.podFeeKobo - shortByKobo) / 100,
    ...(method === 'cash' ? {} : { collectionReference: `${method.toUpperCase()}-${row.orderName}` }),
  };
}

/** The carrier's cash held, from the ledger. */
export async function carrierCashKobo(world: World): Promise<number> {
  const rows = rowsOf(
    await world.test.deps.db.execute(
      sql`select coalesce(sum(amount_kobo), 0) as held from ledger_entries
        where account = 'carrier_cash' and carrier_id = ${world.dispatcher.id}`,
    ),
  );
  return Number(rows[0]!.held);
}

async function podOrders(world: World, model: Parameters<typeof orderRows>[1], statuses: string[]) {
  return (await orderRows(world, model)).filter(
    (order) => order.paymentMethod === 'on_delivery' && statuses.includes(order.status),
  );
}

/** Mostly stores 0 and 1 (they take cash); sometimes store 2 too, which the checkout must refuse. */
const onDeliveryMask = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 7 }) },
);

const buyOnDelivery: Command<{
  customer: number;
  stores: number;
  onDelivery: number;
  quantities: [number, number, number];
  products: number;
  coupon: boolean;
  giftCard: 'none' | 'part';
  card: 'success' | 'otp';
}> = {
  weight: 4,
  arbitrary: fc.record({
    customer: fc.nat(99),
    stores: fc.integer({ min: 1, max: 7 }),
    onDelivery: onDeliveryMask,
    quantities: fc.tuple(
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 3 }),
    ),
    products: fc.nat(7),
    coupon: fc.boolean(),
    giftCard: fc.constantFrom('none', 'none', 'part'),
    card: fc.constantFrom('success', 'success', 'otp'),
  }),
  run: (world, model, step) => buy.run(world, model, step),
};

const collectAtDoor: Command<{ pick: number; method: PodMethod; shortFirst: boolean }> = {
  weight: 4,
  arbitrary: fc.record({
    pick: fc.nat(999),
    method: fc.constantFrom('cash', 'cash', 'pos', 'transfer'),
    shortFirst: fc.boolean(),
  }),
  async run(world, model, step) {
    const order = chosen(await podOrders(world, model, carrying), step.pick);
    if (!order) return null;
    const at = await carryTo(world, model, order, 'out_for_delivery');
    if (at !== 'out_for_delivery')
      return { note: `could not carry ${order.id.slice(0, 8)} (at the door) out (${at})` };
    const token = model.orders.get(order.id)?.deliveryToken ?? '';
    const notes: string[] = [];
    if (step.shortFirst) {
      // A kobo short: refused, and nothing changes (the order, the carrier's cash).
      const heldBefore = await carrierCashKobo(world);
      const short = await moveOrder(world.test, order.id, world.dispatcher.token, {
        status: 'delivered',
        deliveryToken: token,
        ...(await doorCollection(world, order.id, step.method, 1)),
      });
      if (short.statusCode < 400 || short.statusCode >= 500)
        throw new Error(
          `a collection a kobo short answered ${short.statusCode}: ${short.body.slice(0, 300)}`,
        );
      if (
        (await statusOf(world, order.id)) !== 'out_for_delivery' ||
        (await carrierCashKobo(world)) !== heldBefore
      )
        throw new Error(`a collection a kobo short changed the order or the carrier's cash`);
      notes.push(`a kobo short refused ${short.statusCode}`);
    }
    const delivered = await moveOrder(world.test, order.id, world.dispatcher.token, {
      status: 'delivered',
      deliveryToken: token,
      ...(await doorCollection(world, order.id, step.method)),
    });
    notes.push(refusedOr(delivered, `collected by ${step.method}`));
    return { note: `at the door of ${order.id.slice(0, 8)}: ${notes.join(', ')}` };
  },
};

const refuseAtDoor: Command<{ pick: number; sendBack: boolean }> = {
  weight: 2,
  arbitrary: fc.record({ pick: fc.nat(999), sendBack: fc.boolean() }),
  async run(world, model, step) {
    const order = chosen(await podOrders(world, model, carrying), step.pick);
    if (!order) return null;
    const at = await carryTo(world, model, order, 'out_for_delivery');
    if (at !== 'out_for_delivery')
      return { note: `could not carry ${order.id.slice(0, 8)} (at the door) out (${at})` };
    const refused = await moveOrder(world.test, order.id, world.dispatcher.token, {
      status: 'delivery_failed',
      note: 'Customer refused the parcel at the door',
      refusedByCustomer: true,
    });
    const notes = [refusedOr(refused, 'refused at the door')];
    // Back to the store by the failed-delivery path; otherwise left for afterFailedDelivery (another attempt).
    if (step.sendBack && refused.statusCode === 200) {
      const back = await moveOrder(world.test, order.id, world.dispatcher.token, { status: 'returned' });
      notes.push(refusedOr(back, 'returned to the store'));
    }
    return { note: `${order.id.slice(0, 8)}: ${notes.join(', ')}` };
  },
};

const remit: Command<{ which: number; repeat: boolean }> = {
  weight: 3,
  arbitrary: fc.record({ which: fc.integer({ min: 1, max: 255 }), repeat: fc.boolean() }),
  async run(world, _model, step) {
    const cash = json(
      await world.call('GET', urlOf(payOnDeliveryEndpoints.carrierCash), world.dispatcher),
    ).data;
    const held = (cash.collections as { orderId: string; remittanceId: string | null }[]).filter(
      (one) => one.remittanceId === null,
    );
    if (held.length === 0) return null;
    const named = held.slice(0, 8).filter((_, index) => (step.which >> index) & 1);
    const orderIds = (named.length > 0 ? named : held.slice(0, 1)).map((one) => one.orderId);
    const [count] = await world.test.deps.db.select({ n: sql<number>`count(*)::int` }).from(podRemittances);
    const body = { reference: `SIM-TRF-${String(Number(count!.n) + 1).padStart(5, '0')}`, orderIds };
    const answer = await world.call('POST', urlOf(payOnDeliveryEndpoints.remit), world.dispatcher, body);
    const notes = [`${orderIds.length} collection(s): ${refusedOr(answer, 'remittance')}`];
    if (step.repeat && answer.statusCode === 201) {
      // The same transfer sent again (a double tap): refused, nothing claimed twice.
      const again = await world.call('POST', urlOf(payOnDeliveryEndpoints.remit), world.dispatcher, body);
      if (again.statusCode !== 409)
        throw new Error(
          `a remittance recorded twice answered ${again.statusCode}: ${again.body.slice(0, 300)}`,
        );
      notes.push('the same again refused 409');
    }
    return { note: `carrier remits ${notes.join(', ')}` };
  },
};

const decideRemittance: Command<{ pick: number; outcome: 'confirm' | 'reject'; twice: boolean }> = {
  weight: 3,
  arbitrary: fc.record({
    pick: fc.nat(99),
    outcome: fc.constantFrom('confirm', 'confirm', 'confirm', 'reject'),
    twice: fc.boolean(),
  }),
  async run(world, _model, step) {
    const waiting = json(
      await world.call(
        'GET',
        urlOf(payOnDeliveryEndpoints.remittances, { query: { status: 'submitted' } }),
        world.admin,
      ),
    ).data as { id: string; amount: number; orderCount: number }[];
    const remittance = chosen(
      [...waiting].sort((a, b) => a.id.localeCompare(b.id)),
      step.pick,
    );
    if (!remittance) return null;
    const url = `/api/pay-on-delivery/admin/remittances/${remittance.id}/${step.outcome}`;
    const answer = await world.call('POST', url, world.admin, { note: 'Simulation' });
    const notes = [refusedOr(answer, step.outcome)];
    if (step.twice) {
      const again = await world.call('POST', url, world.admin, {});
      if (again.statusCode !== 409)
        throw new Error(
          `a remittance decided twice answered ${again.statusCode}: ${again.body.slice(0, 300)}`,
        );
      notes.push('again refused 409');
    }
    return {
      note: `admin ${step.outcome}s a remittance of ₦${remittance.amount} (${remittance.orderCount} order(s)): ${notes.join(', ')}`,
    };
  },
};

const cashLimit: Command<{ pick: number; side: 'at' | 'below' }> = {
  weight: 2,
  arbitrary: fc.record({ pick: fc.nat(999), side: fc.constantFrom('at', 'below') }),
  async run(world, model, step) {
    const order = chosen(
      await podOrders(world, model, ['pending', 'accepted', 'ready_for_pickup']),
      step.pick,
    );
    if (!order) return null;
    const at = await carryTo(world, model, order, 'ready_for_pickup');
    if (at !== 'ready_for_pickup') return { note: `could not pack ${order.id.slice(0, 8)} (${at})` };
    // The admin moves the limit to what the carrier holds (at: no new parcel paid at the door) or ₦1 above it; the
    // assignment must follow it; the limit is put back.
    const held = await carrierCashKobo(world);
    const limit = step.side === 'at' ? Math.max(held, 100) : held + 100;
    const setLimit = (kobo: number) =>
      world.call(
        'PUT',
        urlOf(payOnDeliveryEndpoints.saveSettings),
        world.admin,
        podRules(world.podZoneId, kobo),
      );
    if ((await setLimit(limit)).statusCode !== 200) throw new Error('the cash limit could not be set');
    try {
      const answer = await world.call(
        'POST',
        urlOf(adminOrderEndpoints.assign, { params: { id: order.id } }),
        world.admin,
        {
          carrier: 'dispatcher',
          dispatcherId: world.dispatcher.id,
        },
      );
      const over = held >= limit;
      if (answer.statusCode >= 500 || (answer.statusCode === 200) === over)
        throw new Error(
          `the carrier's cash limit: holding ${held} kobo (limit ${limit}), an assignment of a parcel paid at the door answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`,
        );
      return {
        note: `assign ${order.id.slice(0, 8)} (at the door) to a carrier holding ₦${held / 100}, limit ₦${limit / 100}: ${refusedOr(answer, 'assign')}`,
      };
    } finally {
      await setLimit(POD.cashLimitKobo);
    }
  },
};

const returnDoorOrder: Command<{ pick: number; all: boolean }> = {
  weight: 2,
  arbitrary: fc.record({ pick: fc.nat(999), all: fc.boolean() }),
  async run(world, model, step) {
    // The customer sends back what was paid at the door; the store approves and refunds at once (ADR 089: owed by
    // transfer). Returns of every kind are walked by askReturn and storeDecides too; this one reaches the refund.
    const order = chosen(
      (await podOrders(world, model, ['delivered'])).filter((row) => !row.orderReturnId),
      step.pick,
    );
    if (!order) return null;
    const items = await world.test.deps.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id);
    const customer = customerOf(world, order.customerId);
    const asked = await world.call('POST', urlOf(customerReturnEndpoints.create), customer.actor, {
      orderId: order.id,
      type: 'return',
      reason: 'Not as described.',
      items: items
        .slice(0, step.all ? items.length : 1)
        .map((item) => ({ productId: item.productId, quantity: step.all ? item.quantity : 1 })),
    });
    if (asked.statusCode !== 201)
      return { note: `return of ${order.id.slice(0, 8)}: ${refusedOr(asked, 'ask')}` };
    const returnId = json(asked).data.id as string;
    const store = world.stores.find((one) => one.store.storeId === order.storeId)!;
    const approved = await world.call(
      'PATCH',
      urlOf(merchantReturnEndpoints.updateStatus, { params: { id: returnId } }),
      store.actor,
      {
        status: 'approved',
      },
    );
    const refunded = await world.call(
      'PATCH',
      urlOf(merchantReturnEndpoints.refundDecision, { params: { id: returnId } }),
      store.actor,
      {
        decision: 'refund',
        note: 'Refunded by the store.',
      },
    );
    // The cash was taken, so its refund is owed (ADR 089): refusing it (as splitting it over a card payment that
    // does not exist did, ADR 080) leaves the customer unpaid.
    if (approved.statusCode === 200 && refunded.statusCode >= 400)
      throw new Error(
        `the refund of a returned order paid at the door was refused: ${refunded.statusCode} ${refunded.body.slice(0, 300)}`,
      );
    return {
      note: `return of ${step.all ? 'everything' : 'one unit'} of ${order.id.slice(0, 8)} (at the door): ${refusedOr(approved, 'approve')}, ${refusedOr(refunded, 'refund')}`,
    };
  },
};

const payDoorRefund: Command<{ pick: number; outcome: 'paid_another_way' | 'rejected'; twice: boolean }> = {
  weight: 2,
  arbitrary: fc.record({
    pick: fc.nat(999),
    outcome: fc.constantFrom('paid_another_way', 'paid_another_way', 'paid_another_way', 'rejected'),
    twice: fc.boolean(),
  }),
  async run(world, _model, step) {
    // A refund of an order paid at the door is owed by transfer (ADR 089): the admin records the transfer, or rejects.
    const owed = await world.test.deps.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.destination, 'bank_transfer'))
      .orderBy(orderRefunds.createdAt, orderRefunds.id);
    const row = chosen(
      owed.filter((one) => one.status === 'pending'),
      step.pick,
    );
    if (!row) return null;
    const url = urlOf(adminReturnEndpoints.rejectRefund, { params: { id: row.id } });
    const body = {
      outcome: step.outcome,
      note: step.outcome === 'rejected' ? 'The customer kept the goods.' : `Transfer TRF-${row.reference}`,
    };
    const answer = await world.call('POST', url, world.admin, body);
    const notes = [refusedOr(answer, step.outcome)];
    if (step.twice && answer.statusCode === 200) {
      const again = await world.call('POST', url, world.admin, body);
      if (again.statusCode !== 409)
        throw new Error(
          `a door refund decided twice answered ${again.statusCode}: ${again.body.slice(0, 300)}`,
        );
      notes.push('again refused 409');
    }
    return {
      note: `admin decides door refund ${row.reference} (₦${row.amountKobo / 100}): ${notes.join(', ')}`,
    };
  },
};

/** The pay-on-delivery commands, by name (registered in money-commands.ts `commands`). */
export const podCommands = {
  buyOnDelivery,
  collectAtDoor,
  refuseAtDoor,
  remit,
  decideRemittance,
  cashLimit,
  returnDoorOrder,
  payDoorRefund,
};
