import {
  cartEndpoints,
  checkoutEndpoints,
  customerOrderEndpoints,
  customerProductEndpoints,
  paymentEndpoints,
  productEndpoints,
  storeProfileEndpoints,
  systemEndpoints,
} from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  type CommerceSetup,
  checkout,
  listedProduct,
  payInSandbox,
  type SellingStore,
  shopper,
} from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  json,
  login,
  type TestApp,
} from '../support/test-app.js';
import { world } from '../support/world.js';

let offsetMs = 0;
let test: TestApp;
let setup: CommerceSetup;
let lagosStore: SellingStore;
let abujaStore: SellingStore;

beforeAll(async () => {
  const market = await world({
    stores: 2,
    customers: 0,
    app: { now: () => new Date(Date.now() + offsetMs) },
  });
  ({ test, setup } = market);
  [lagosStore, abujaStore] = market.stores;
  // The second store ships from Abuja.
  await test.app.inject({
    ...requestOf(storeProfileEndpoints.save),
    headers: bearer(abujaStore.accessToken),
    payload: {
      store: { shippingLocation: { state: 'FCT', street: '5 Aminu Kano Crescent', city: 'Wuse 2' } },
    },
  });
}, 120_000);
afterAll(() => test.close());

const get = (url: string, token: string) => test.app.inject({ method: 'GET', url, headers: bearer(token) });
const cartOf = async (token: string) => json(await get(urlOf(cartEndpoints.get), token)).data;
const stockOf = async (productId: string) =>
  json(await test.app.inject(requestOf(customerProductEndpoints.one, { params: { id: productId } }))).data
    .quantity as number;

describe('cart', () => {
  it('adds, increases, decreases, sets and removes lines, priced by the server', async () => {
    const product = await listedProduct(test, setup, lagosStore, {
      pricing: [{ costPrice: 9000, sellingPrice: 12500.5, price: 15000 }],
    });
    const customer = await shopper(test);
    expect((await addToCart(test, customer, product.id, 2)).statusCode).toBe(200);
    let cart = await cartOf(customer.token);
    expect(cart.cartItemsData).toHaveLength(1);
    expect(cart.cartItemsData[0]).toMatchObject({
      quantity: 2,
      unitPrice: 12500.5,
      lineTotal: 25001,
      storeId: lagosStore.storeId,
    });
    expect(cart.total).toBe(25001);

    const change = (action: string, quantity: number) =>
      test.app.inject({
        ...requestOf(cartEndpoints.add),
        headers: bearer(customer.token),
        payload: { productId: product.id, quantity, action },
      });
    expect(json(await change('increase', 1)).data.cartItemsData[0].quantity).toBe(3);
    expect(json(await change('decrease', 2)).data.cartItemsData[0].quantity).toBe(1);
    expect(json(await change('set', 5)).data.cartItemsData[0].quantity).toBe(5);
    cart = json(await change('decrease', 5)).data;
    expect(cart.cartItemsData).toHaveLength(0);

    await addToCart(test, customer, product.id, 1);
    const line = (await cartOf(customer.token)).cartItemsData[0].id;
    const removed = await test.app.inject({
      ...requestOf(cartEndpoints.remove),
      headers: bearer(customer.token),
      payload: { cartItemId: line },
    });
    expect(json(removed).data.cartItemsData).toEqual([]);
  });

  it('refuses more than the stock, products not approved and stores not approved with 409', async () => {
    const product = await listedProduct(test, setup, lagosStore, { quantity: 3 });
    const customer = await shopper(test);
    const tooMany = await addToCart(test, customer, product.id, 4);
    expect(tooMany.statusCode).toBe(409);
    expect(json(tooMany).message).toMatch(/Only 3/);

    const pending = await test.app.inject({
      ...requestOf(productEndpoints.create),
      headers: bearer(lagosStore.accessToken),
      payload: {
        name: 'Unapproved Kettle',
        description: ['Boils water.'],
        categoryId: setup.tree.category.id,
        pricing: [{ costPrice: 1000, sellingPrice: 2000, price: 2000 }],
        quantity: 5,
        sku: `K-${Date.now()}`,
        weightUnit: 'kg',
        dimensionUnit: 'cm',
        whenSoldOut: 'show-sold-out',
        contSalesOutOfStock: false,
        stockAlertUnits: 1,
        IsDigitalProduct: false,
        variant: [],
        variantProperties: [],
      },
    });
    expect(pending.statusCode).toBe(201);
    expect((await addToCart(test, customer, json(pending).data.id, 1)).statusCode).toBe(409);
    expect((await cartOf(customer.token)).cartItemsData).toEqual([]);
  });

  it('is for customers only; another customer never sees or changes my cart', async () => {
    const product = await listedProduct(test, setup, lagosStore);
    const me = await shopper(test);
    const other = await shopper(test);
    await addToCart(test, me, product.id, 1);
    expect((await cartOf(other.token)).cartItemsData).toEqual([]);
    const myLine = (await cartOf(me.token)).cartItemsData[0].id;
    const steal = await test.app.inject({
      ...requestOf(cartEndpoints.remove),
      headers: bearer(other.token),
      payload: { cartItemId: myLine },
    });
    expect(steal.statusCode).toBe(404);
    expect((await cartOf(me.token)).cartItemsData).toHaveLength(1);

    const merchantToken = lagosStore.accessToken;
    const adminToken = (await createAdmin(test, 'admin')).accessToken;
    const partnerToken = (await createPartner(test)).accessToken;
    for (const token of [merchantToken, adminToken, partnerToken]) {
      expect((await get(urlOf(cartEndpoints.get), token)).statusCode).toBe(403);
    }
    expect((await test.app.inject(requestOf(cartEndpoints.get))).statusCode).toBe(401);
  });
});

describe('checkout and payment', () => {
  it('prices shipping per store, creates one order per store, pays once in the sandbox and shows delivery tokens', async () => {
    const fromLagos = await listedProduct(test, setup, lagosStore, { quantity: 5 });
    const fromAbuja = await listedProduct(test, setup, abujaStore, {
      quantity: 5,
      pricing: [{ costPrice: 1000, sellingPrice: 3000, price: 3000 }],
    });
    const customer = await shopper(test);
    await addToCart(test, customer, fromLagos.id, 2);
    await addToCart(test, customer, fromAbuja.id, 1);

    const simulated = await test.app.inject({
      ...requestOf(checkoutEndpoints.simulate),
      headers: bearer(customer.token),
      payload: { addressId: customer.addressId },
    });
    expect(simulated.statusCode).toBe(200);
    const priced = json(simulated).data;
    expect(priced.shippingFees).toHaveLength(2);
    const lagosFee = priced.shippingFees.find(
      (fee: { storeId: string }) => fee.storeId === lagosStore.storeId,
    );
    const abujaFee = priced.shippingFees.find(
      (fee: { storeId: string }) => fee.storeId === abujaStore.storeId,
    );
    expect(lagosFee.withinLagos).toBe(true);
    expect(abujaFee.lagosCustomer).toBe(true);
    expect(lagosFee.fee).toBeGreaterThan(0);
    expect(priced.total).toBe(28000);
    expect(priced.amountDue).toBeCloseTo(28000 + priced.shippingFeeTotal, 2);
    expect(await stockOf(fromLagos.id)).toBe(5);

    const created = await checkout(test, customer);
    expect(created.statusCode).toBe(201);
    const { tracker, payment } = json(created).data;
    expect(tracker.status).toBe('awaiting_payment');
    expect(tracker.orders).toHaveLength(2);
    expect(
      tracker.orders.every(
        (order: { orderStatus: { code_name: string } }) => order.orderStatus.code_name === 'awaiting_payment',
      ),
    ).toBe(true);
    expect(tracker.amountDue).toBe(priced.amountDue);
    expect(await stockOf(fromLagos.id)).toBe(3);
    expect(payment.authorizationUrl).toContain('/api/payments/sandbox/');

    const paid = await payInSandbox(test, payment.authorizationUrl, 'success');
    expect([302, 303]).toContain(paid.statusCode);
    expect(paid.headers.location).toContain(`reference=${tracker.reference}`);

    const recorded = await test.app.inject({
      ...requestOf(checkoutEndpoints.recordTransaction),
      headers: bearer(customer.token),
      payload: { reference: tracker.reference },
    });
    expect(recorded.statusCode).toBe(200);
    const { transaction, tracker: after } = json(recorded).data;
    expect(after.status).toBe('paid');
    expect(transaction).toMatchObject({
      status: 'success',
      amount: priced.amountDue,
      reference: tracker.reference,
    });
    expect(transaction.cardNumber).toMatch(/4081$/);
    for (const order of after.orders) {
      expect(order.orderStatus.code_name).toBe('pending');
      expect(order.orderDeliveryToken).toMatch(/^\d{6}$/);
    }
    expect((await cartOf(customer.token)).cartItemsData).toEqual([]);

    const history = json(await get(urlOf(customerOrderEndpoints.list), customer.token)).data;
    expect(history.orders).toHaveLength(2);
    const detail = json(
      await get(urlOf(customerOrderEndpoints.one, { params: { id: history.orders[0].id } }), customer.token),
    ).data;
    expect(detail.orderActivities.map((activity: { status: string }) => activity.status)).toEqual([
      'awaiting_payment',
      'pending',
    ]);
    const mail = json(
      await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: customer.email, limit: 1 } })),
    ).data[0];
    // The subject names the orders the customer sees, not the payment's reference (issue 34 item 21).
    const names = history.orders.map((order: { orderName: string }) => order.orderName).sort();
    expect(mail.subject).toMatch(/^Your Naija Market orders \S+ and \S+ are confirmed$/);
    for (const name of names) expect(mail.subject).toContain(name);
    expect(mail.subject).not.toContain(tracker.reference);

    // Another customer sees none of it.
    const stranger = await shopper(test);
    expect(
      (await get(urlOf(customerOrderEndpoints.one, { params: { id: history.orders[0].id } }), stranger.token))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          urlOf(checkoutEndpoints.tracker, { params: { reference: tracker.reference } }),
          stranger.token,
        )
      ).statusCode,
    ).toBe(404);
    const foreign = await test.app.inject({
      ...requestOf(checkoutEndpoints.recordTransaction),
      headers: bearer(stranger.token),
      payload: { reference: tracker.reference },
    });
    expect(foreign.statusCode).toBe(404);
    const foreignPayment = await test.app.inject({
      ...requestOf(checkoutEndpoints.pay),
      headers: bearer(stranger.token),
      payload: { trackerId: tracker.id },
    });
    expect(foreignPayment.statusCode).toBe(404);
    expect(
      (
        await get(
          urlOf(paymentEndpoints.verify, { params: { reference: tracker.reference } }),
          stranger.token,
        )
      ).statusCode,
    ).toBe(404);
    // Nor can they price their cart for, or ship to, my address.
    const borrowed = await test.app.inject({
      ...requestOf(cartEndpoints.selectAddress),
      headers: bearer(stranger.token),
      payload: { addressId: customer.addressId },
    });
    expect(borrowed.statusCode).toBe(404);
    const simulatedForMe = await test.app.inject({
      ...requestOf(checkoutEndpoints.simulate),
      headers: bearer(stranger.token),
      payload: { addressId: customer.addressId },
    });
    expect(simulatedForMe.statusCode).toBe(404);
    // A merchant or an admin token is refused on the customer's order and checkout endpoints.
    for (const token of [lagosStore.accessToken, setup.admin.accessToken]) {
      expect(
        (await get(urlOf(customerOrderEndpoints.one, { params: { id: history.orders[0].id } }), token))
          .statusCode,
      ).toBe(403);
      expect(
        (await get(urlOf(checkoutEndpoints.tracker, { params: { reference: tracker.reference } }), token))
          .statusCode,
      ).toBe(403);
    }
  });

  it('a declined card leaves the cart as it was and the checkout open for another try', async () => {
    const product = await listedProduct(test, setup, lagosStore, { quantity: 4 });
    const customer = await shopper(test);
    await addToCart(test, customer, product.id, 2);
    const before = await cartOf(customer.token);
    const { tracker, payment } = json(await checkout(test, customer)).data;
    expect(await stockOf(product.id)).toBe(2);
    await payInSandbox(test, payment.authorizationUrl, 'declined');
    const recorded = await test.app.inject({
      ...requestOf(checkoutEndpoints.recordTransaction),
      headers: bearer(customer.token),
      payload: { reference: tracker.reference },
    });
    // One failed attempt: the checkout stays open until it expires (its stock stays reserved for it).
    expect(json(recorded).data.tracker.status).toBe('awaiting_payment');
    expect(json(recorded).data.transaction.status).toBe('failed');
    expect(await stockOf(product.id)).toBe(2);
    const after = await cartOf(customer.token);
    const lines = (cart: { cartItemsData: { id: string; quantity: number; lineTotal: number }[] }) =>
      cart.cartItemsData.map(({ id, quantity, lineTotal }) => ({ id, quantity, lineTotal }));
    expect(lines(after)).toEqual(lines(before));
    expect(after.amountDue).toBe(before.amountDue);
  });

  it('a wrong OTP can be followed by a successful try on the same checkout; failed tries are not orders', async () => {
    const product = await listedProduct(test, setup, lagosStore, { quantity: 3 });
    const customer = await shopper(test);
    await addToCart(test, customer, product.id, 1);
    const { tracker, payment } = json(await checkout(test, customer)).data;
    const path = new URL(payment.authorizationUrl).pathname;
    const form = (values: Record<string, string>) => ({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(values).toString(),
    });
    const otpPage = await test.app.inject({
      method: 'POST',
      url: path,
      ...form({ cardNumber: '5060666666666666666', expiry: '12/30', cvv: '123' }),
    });
    expect(otpPage.statusCode).toBe(200);
    const wrong = await test.app.inject({ method: 'POST', url: `${path}/otp`, ...form({ otp: '000000' }) });
    expect(wrong.statusCode).toBe(303);
    const recorded = json(
      await test.app.inject({
        ...requestOf(checkoutEndpoints.recordTransaction),
        headers: bearer(customer.token),
        payload: { reference: tracker.reference },
      }),
    ).data;
    expect(recorded.tracker.status).toBe('awaiting_payment');
    expect(recorded.transaction.status).toBe('failed');
    // No order in the history for a checkout that is not paid.
    let history = json(await get(urlOf(customerOrderEndpoints.list), customer.token)).data;
    expect(history.orders).toEqual([]);

    // "Try again": the same checkout sends the customer back to the same page, which takes a card again.
    const resumed = await test.app.inject({
      ...requestOf(checkoutEndpoints.pay),
      headers: bearer(customer.token),
      payload: { trackerId: tracker.id },
    });
    expect(resumed.statusCode).toBe(200);
    expect(json(resumed).data.authorizationUrl).toBe(payment.authorizationUrl);
    const page = await test.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Your last attempt was declined');
    await payInSandbox(test, payment.authorizationUrl, 'otp');
    const paid = json(
      await test.app.inject({
        ...requestOf(checkoutEndpoints.recordTransaction),
        headers: bearer(customer.token),
        payload: { reference: tracker.reference },
      }),
    ).data;
    expect(paid.tracker.status).toBe('paid');
    expect(paid.transaction.status).toBe('success');
    history = json(await get(urlOf(customerOrderEndpoints.list), customer.token)).data;
    expect(history.orders).toHaveLength(1);
    expect(history.orders[0].orderStatus.code_name).toBe('pending');
    expect(history.pagination).toMatchObject({ totalItems: 1 });
  });

  it('expires unpaid checkouts after 30 minutes, gives their stock back, and refunds a payment that comes late', async () => {
    const product = await listedProduct(test, setup, lagosStore, { quantity: 2 });
    const customer = await shopper(test);
    await addToCart(test, customer, product.id, 2);
    const { tracker, payment } = json(await checkout(test, customer)).data;
    expect(await stockOf(product.id)).toBe(0);
    try {
      offsetMs = 29 * 60_000;
      expect((await test.jobs.sweepCheckouts()).expired).toBe(0);
      offsetMs = 31 * 60_000;
      expect((await test.jobs.sweepCheckouts()).expired).toBeGreaterThanOrEqual(1);
    } finally {
      offsetMs = 0;
    }
    expect(await stockOf(product.id)).toBe(2);
    const view = json(
      await get(
        urlOf(checkoutEndpoints.tracker, { params: { reference: tracker.reference } }),
        customer.token,
      ),
    ).data;
    expect(view.status).toBe('expired');
    expect(view.orders[0].orderStatus.code_name).toBe('cancelled');
    // The customer pays anyway on the old page: the money is refunded, no order is revived, stock stays.
    await payInSandbox(test, payment.authorizationUrl, 'success');
    expect((await test.jobs.sweepCheckouts()).refunded).toBe(1);
    const after = json(
      await get(
        urlOf(checkoutEndpoints.tracker, { params: { reference: tracker.reference } }),
        customer.token,
      ),
    ).data;
    expect(after.status).toBe('expired');
    expect(await stockOf(product.id)).toBe(2);
    expect((await test.jobs.sweepCheckouts()).refunded).toBe(0);
  });

  it('takes the stock of variant lines with the rest of the cart, and of two variants of one product', async () => {
    const sku = Date.now().toString(36);
    const shirt = await listedProduct(test, setup, lagosStore, {
      quantity: 6,
      variant: [
        { sku: `SH-S-${sku}`, size: 'S', color: 'Blue', discount: 0, quantity: 3 },
        { sku: `SH-M-${sku}`, size: 'M', color: 'Blue', discount: 0, quantity: 3 },
      ],
      variantProperties: [{ type: 'size', options: ['S', 'M'] }],
    });
    const plain = await listedProduct(test, setup, abujaStore, { quantity: 5 });
    const [small, medium] = shirt.variant;
    const productOf = async (productId: string) =>
      json(await test.app.inject(requestOf(customerProductEndpoints.one, { params: { id: productId } })))
        .data as {
        quantity: number;
        variant: { id: string; quantity: number }[];
      };
    const before = await productOf(shirt.id);

    // A variant beside a plain product of another store: every line of the cart in one statement.
    const first = await shopper(test);
    expect((await addToCart(test, first, shirt.id, 2, small!.id)).statusCode).toBe(200);
    expect((await addToCart(test, first, plain.id, 1)).statusCode).toBe(200);
    expect((await checkout(test, first)).statusCode).toBe(201);
    let after = await productOf(shirt.id);
    expect(after.quantity).toBe(before.quantity - 2);
    expect(after.variant.map((variant) => variant.quantity)).toEqual([1, 3]);
    expect(await stockOf(plain.id)).toBe(4);

    // Two variants of one product: one row taken twice, line by line.
    const second = await shopper(test);
    expect((await addToCart(test, second, shirt.id, 1, small!.id)).statusCode).toBe(200);
    expect((await addToCart(test, second, shirt.id, 2, medium!.id)).statusCode).toBe(200);
    expect((await checkout(test, second)).statusCode).toBe(201);
    after = await productOf(shirt.id);
    expect(after.quantity).toBe(before.quantity - 5);
    expect(after.variant.map((variant) => variant.quantity)).toEqual([0, 1]);

    // Neither pays: the sweep gives every variant its units back, and the product its total.
    try {
      offsetMs = 31 * 60_000;
      expect((await test.jobs.sweepCheckouts()).expired).toBeGreaterThanOrEqual(2);
    } finally {
      offsetMs = 0;
    }
    after = await productOf(shirt.id);
    expect(after.quantity).toBe(before.quantity);
    expect(after.variant.map((variant) => variant.quantity)).toEqual([3, 3]);
    expect(await stockOf(plain.id)).toBe(5);
  });

  it('refuses checkout without an address or with an empty cart', async () => {
    const customer = await createConfirmedAccount(test, 'customer');
    const token = (await login(test, 'customer', customer.email)).accessToken;
    const response = await test.app.inject({
      ...requestOf(checkoutEndpoints.create),
      headers: bearer(token),
      payload: {},
    });
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toMatch(/^Failed to create order/);
  });
});
