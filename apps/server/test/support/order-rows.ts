import { randomUUID } from 'node:crypto';
import { orderTrackers } from '../../src/modules/orders/orders.schema.js';
import type { TestApp } from './test-app.js';

/** Where a written-directly order goes: the delivery address its tracker and orders carry. */
export interface RowAddress {
  fullName: string;
  phoneNumber: string;
  emailAddress: string | null;
  state: string;
  lga: string;
  address: string;
}

/**
 * A paid checkout written straight into the table, for tests that need many orders at once (search, service
 * levels) and whose subject is not the checkout: no stock, no payment, no books.
 */
export async function insertPaidTracker(test: TestApp, deliveryAddress: RowAddress) {
  const [tracker] = await test.deps.db
    .insert(orderTrackers)
    .values({
      reference: `CHK-${randomUUID()}`,
      customerId: randomUUID(),
      status: 'paid',
      itemsSubtotalKobo: 0,
      shippingTotalKobo: 0,
      discountTotalKobo: 0,
      amountDueKobo: 0,
      deliveryAddress,
      expiresAt: new Date(),
      paidAt: new Date(),
    })
    .returning();
  return tracker!;
}

/** An order of a store written straight into the table: no items, no money, in `status` since `statusSince`. */
export function storeOrderRow(
  store: { id: string; storeId: string; storeName: string },
  order: {
    trackerId: string;
    orderName: string;
    status: string;
    deliveryAddress: RowAddress;
    statusSince: Date;
  },
) {
  return {
    ...order,
    customerId: randomUUID(),
    storeId: store.storeId,
    merchantId: store.id,
    storeName: store.storeName,
    subtotalKobo: 0,
    shippingFeeKobo: 0,
    discountKobo: 0,
    totalKobo: 0,
  };
}
