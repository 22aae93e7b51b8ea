import { payOnDeliveryEndpoints } from '@market/contracts';
import {
  podCollections,
  podRefusals,
  podRemittances,
} from '../../src/modules/pay-on-delivery/pay-on-delivery.schema.js';
import { urlOf } from '../support/contract-requests.js';
import type { Actor, json, World } from './money-world.js';

// What must hold of pay on delivery after every step (issue 36, ADR 074), worked out from the ledger's raw lines and
// the collections and remittances, then compared with the carrier's, the admin's and the finance report's screens:
// - a carrier's cash held (its `carrier_cash` balance) = what it collected − what it remitted (confirmed) = the
//   collections no confirmed remittance covers, and every screen says so;
// - a collection is the order's total and its fee, to the kobo; the fees and the remitted cash are in the books;
// - a remittance is the sum of the collections it claims, and only a confirmed one marks them remitted;
// - nothing of an order paid at the door is payable before its cash was remitted, nor in a payout;
// - an order paid at the door that was not collected has no books and no refund (nothing was paid);
// - a refund of an order paid at the door is owed to its customer (never sent to the card of the checkout's other
//   orders), and paid once, out of the remitted cash, when an admin records the transfer (ADR 089).

export interface PodLine {
  kind: string;
  account: string;
  carrier_id: string | null;
  order_id: string | null;
  amount_kobo: number;
}

export interface PodFacts {
  lines: PodLine[];
  orders: {
    id: string;
    orderName: string;
    status: string;
    paymentMethod: string;
    totalKobo: number;
    podFeeKobo: number;
  }[];
  /** When each order's page became payable (null: not yet), as the books hold it. */
  payableAt: Map<string, Date | null>;
  /** Orders in a processed payout. */
  paidOut: Set<string>;
  /** Orders with refund rows. */
  refunded: Set<string>;
  refunds: { id: string; orderId: string; destination: string; status: string; amountKobo: number }[];
  /** The collections, remittances and refusals, as read with the rest of the books for this check. */
  pod: Awaited<ReturnType<typeof podCollectionsOf>>;
  /** The finance report's address for the checked range (its remittance fields are checked here). */
  reportUrl: string;
  read(url: string, actor: Actor): Promise<ReturnType<typeof json>>;
  must(condition: boolean, name: string, detail: () => unknown): void;
  same(actual: unknown, expected: unknown, name: string): void;
}

const kobo = (naira: number) => Math.round(naira * 100);

export async function podCollectionsOf(world: World) {
  const { db } = world.test.deps;
  const [collections, remittances, refusals] = await Promise.all([
    db.select().from(podCollections),
    db.select().from(podRemittances),
    db.select().from(podRefusals),
  ]);
  return { collections, remittances, refusals };
}

/** The pay-on-delivery checks; answers how many were made. */
export async function checkPayOnDelivery(world: World, facts: PodFacts): Promise<number> {
  const { must, same } = facts;
  const { collections, remittances, refusals } = facts.pod;
  let checks = 0;
  const balance = (account: string, carrierId?: string) =>
    facts.lines
      .filter(
        (line) => line.account === account && (carrierId === undefined || line.carrier_id === carrierId),
      )
      .reduce((sum, line) => sum + line.amount_kobo, 0);
  const collectionOf = new Map(collections.map((row) => [row.orderId, row]));
  const remittanceOf = new Map(remittances.map((row) => [row.id, row]));

  // A collection is the order's due amount; a remittance the sum of what it claims; remitted means confirmed.
  for (const row of collections) {
    const order = facts.orders.find((one) => one.id === row.orderId);
    same(
      row.amountKobo,
      order ? order.totalKobo + order.podFeeKobo : null,
      `collection of ${row.orderName}: the order's total and its fee, to the kobo`,
    );
    const claim = row.remittanceId ? remittanceOf.get(row.remittanceId) : undefined;
    must(
      row.remittanceId === null
        ? row.remittedAt === null
        : claim !== undefined && claim.status !== 'rejected',
      `collection of ${row.orderName}: claimed only by a remittance that stands`,
      () => ({ row, claim }),
    );
    must(
      (row.remittedAt !== null) === (claim?.status === 'confirmed'),
      `collection of ${row.orderName}: remitted exactly when its remittance is confirmed`,
      () => ({ row, claim }),
    );
    checks += 3;
  }
  for (const remittance of remittances) {
    const claimed = collections.filter((row) => row.remittanceId === remittance.id);
    if (remittance.status === 'rejected') {
      same(claimed.length, 0, `rejected remittance ${remittance.reference}: its collections are held again`);
    } else {
      same(
        claimed.reduce((sum, row) => sum + row.amountKobo, 0),
        remittance.amountKobo,
        `remittance ${remittance.reference}: the sum of the collections it claims`,
      );
      same(claimed.length, remittance.orderCount, `remittance ${remittance.reference}: its order count`);
    }
    checks += 1;
  }

  // The carriers' cash: books = collected − remitted = collections not remitted, on every screen.
  const carriers = [...new Set(collections.map((row) => row.carrierId))];
  const overview = (await facts.read(urlOf(payOnDeliveryEndpoints.overview), world.admin)).data;
  const report = (await facts.read(facts.reportUrl, world.admin)).data.remittances as {
    byCarrier: { carrierId: string; collectedKobo: number; remittedKobo: number; outstandingKobo: number }[];
  };
  for (const carrierId of carriers) {
    const mine = collections.filter((row) => row.carrierId === carrierId);
    const collected = mine.reduce((sum, row) => sum + row.amountKobo, 0);
    const remitted = remittances
      .filter((row) => row.carrierId === carrierId && row.status === 'confirmed')
      .reduce((sum, row) => sum + row.amountKobo, 0);
    const notRemitted = mine
      .filter((row) => row.remittedAt === null)
      .reduce((sum, row) => sum + row.amountKobo, 0);
    const held = balance('carrier_cash', carrierId);
    same(held, collected - remitted, `carrier ${carrierId.slice(0, 8)}: cash held = collected − remitted`);
    same(held, notRemitted, `carrier ${carrierId.slice(0, 8)}: cash held = its collections not remitted`);
    const row = (overview.carriers as Record<string, number | string>[]).find(
      (one) => one.carrierId === carrierId,
    );
    same(
      row && {
        collected: kobo(Number(row.collected)),
        remitted: kobo(Number(row.remitted)),
        outstanding: kobo(Number(row.outstanding)),
        difference: kobo(Number(row.difference)),
      },
      { collected, remitted, outstanding: held, difference: 0 },
      `carrier ${carrierId.slice(0, 8)}: the admin's carriers' cash screen = the books`,
    );
    const reported = report.byCarrier.find((one) => one.carrierId === carrierId);
    same(
      reported && {
        collected: reported.collectedKobo,
        remitted: reported.remittedKobo,
        outstanding: reported.outstandingKobo,
      },
      { collected, remitted, outstanding: held },
      `carrier ${carrierId.slice(0, 8)}: the finance report's remittance fields = the books`,
    );
    checks += 4;
  }
  // The carrier's own screen (the simulation's one carrier).
  const own = (await facts.read(urlOf(payOnDeliveryEndpoints.carrierCash), world.dispatcher)).data;
  same(kobo(own.held), balance('carrier_cash', world.dispatcher.id), "the carrier's cash screen = the books");
  same(
    (own.collections as { orderId: string }[]).map((one) => one.orderId).sort(),
    collections
      .filter((row) => row.carrierId === world.dispatcher.id && row.remittedAt === null)
      .map((row) => row.orderId)
      .sort(),
    "the carrier's screen lists the collections it holds",
  );
  same(
    -balance('pod_fees'),
    collections.reduce((sum, row) => sum + row.feeKobo, 0),
    'the pay-on-delivery fees in the books = the fees collected',
  );
  same(kobo(overview.totals.fees), -balance('pod_fees'), "the admin's fees total = the books");
  same(
    facts.lines
      .filter((line) => line.account === 'pod_remitted' && line.kind === 'remittance')
      .reduce((sum, line) => sum + line.amount_kobo, 0),
    remittances.filter((row) => row.status === 'confirmed').reduce((sum, row) => sum + row.amountKobo, 0),
    'the remitted cash in the books = the confirmed remittances',
  );
  checks += 5;

  // Refunds of orders paid at the door: owed by transfer, paid once, out of the remitted cash.
  const atTheDoor = new Set(
    facts.orders.filter((one) => one.paymentMethod === 'on_delivery').map((one) => one.id),
  );
  const doorRefunds = facts.refunds.filter((row) => atTheDoor.has(row.orderId));
  const wrongWay = doorRefunds.filter((row) => row.destination !== 'bank_transfer');
  must(
    wrongWay.length === 0,
    'a refund of an order paid at the door is owed by bank transfer',
    () => wrongWay,
  );
  const owedKobo = doorRefunds
    .filter((row) => row.status === 'pending')
    .reduce((sum, row) => sum + row.amountKobo, 0);
  same(-balance('pod_refunds_owed'), owedKobo, 'refunds owed to customers who paid at the door = the books');
  const paidLines = facts.lines.filter(
    (line) => line.kind === 'pod_refund_paid' && line.account === 'pod_remitted',
  );
  same(
    -paidLines.reduce((sum, line) => sum + line.amount_kobo, 0),
    doorRefunds.filter((row) => row.status === 'processed').reduce((sum, row) => sum + row.amountKobo, 0),
    'refunds paid by transfer to customers who paid at the door = the books, each once',
  );
  checks += 3;

  // Nothing payable before its cash is remitted; nothing booked or refunded of what was never collected.
  const refusedOf = new Set(refusals.map((row) => row.orderId));
  for (const order of facts.orders.filter((one) => one.paymentMethod === 'on_delivery')) {
    const collection = collectionOf.get(order.id);
    const name = `order ${order.orderName} (${order.status}, at the door)`;
    if (!collection) {
      must(
        !facts.lines.some((line) => line.order_id === order.id),
        `${name}: no books before its cash is taken${refusedOf.has(order.id) ? ' (refused at the door)' : ''}`,
        () => facts.lines.filter((line) => line.order_id === order.id),
      );
      must(!facts.refunded.has(order.id), `${name}: nothing refunded of what was never paid`, () => order);
      checks += 2;
      continue;
    }
    if (collection.remittedAt === null) {
      must(
        (facts.payableAt.get(order.id) ?? null) === null &&
          !facts.lines.some((line) => line.order_id === order.id && line.account === 'merchant_payable') &&
          !facts.paidOut.has(order.id),
        `${name}: nothing payable to the store before its cash is remitted`,
        () => ({ collection, payableAt: facts.payableAt.get(order.id) }),
      );
      checks += 1;
    }
  }
  return checks;
}
