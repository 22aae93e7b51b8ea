import { randomUUID } from 'node:crypto';
import {
  cartEndpoints,
  checkoutEndpoints,
  couponMerchantEndpoints,
  giftCardCustomerEndpoints,
  productAdminEndpoints,
  productEndpoints,
  shippingAddressEndpoints,
} from '@market/contracts';
import { seedShippingDefaults } from '../../src/modules/shipping/shipping.seed.js';
import { SANDBOX_CARDS, SANDBOX_OTP } from '../../src/platform/payments/sandbox.js';
import { requestOf } from './contract-requests.js';
import { createApprovers, createCategoryTree, createVisibleStore } from './store-factory.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  json,
  login,
  nextIp,
  type TestApp,
} from './test-app.js';

// Factories for the money path: stores that sell, approved products, customers with an address, and paying
// in the built-in sandbox the way a browser does.

export async function commerceSetup(test: TestApp) {
  await seedShippingDefaults(test.deps.db);
  const approvers = await createApprovers(test);
  const admin = await createAdmin(test, 'admin');
  const tree = await createCategoryTree(test);
  return { approvers, admin, tree };
}
export type CommerceSetup = Awaited<ReturnType<typeof commerceSetup>>;

export async function sellingStore(test: TestApp, setup: CommerceSetup) {
  const store = await createVisibleStore(test, setup.approvers);
  // The signup answer already names the merchant; a second sign-in would only spend another argon2 check.
  return { ...store, merchantId: store.id };
}
export type SellingStore = Awaited<ReturnType<typeof sellingStore>>;

/** A product created by the merchant and approved by an admin, through the API. */
export async function listedProduct(
  test: TestApp,
  setup: CommerceSetup,
  store: SellingStore,
  overrides: Record<string, unknown> = {},
) {
  const body = {
    name: 'Oraimo Power Bank 20000mAh',
    description: ['Charges two phones at once.'],
    categoryId: setup.tree.category.id,
    subCategoryId: setup.tree.subCategory.id,
    childCategoryId: setup.tree.childCategory.id,
    pricing: [{ costPrice: 9000, sellingPrice: 12500, price: 15000 }],
    quantity: 20,
    sku: `PB-${randomUUID().slice(0, 8)}`,
    weight: 0.5,
    weightUnit: 'kg',
    dimension: { length: 15, width: 8, height: 3 },
    dimensionUnit: 'cm',
    whenSoldOut: 'show-sold-out',
    contSalesOutOfStock: false,
    stockAlertUnits: 2,
    IsDigitalProduct: false,
    variant: [],
    variantProperties: [],
    ...overrides,
  };
  const created = await test.app.inject({
    ...requestOf(productEndpoints.create),
    headers: bearer(store.accessToken),
    payload: body,
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  const product = json(created).data as {
    id: string;
    variant: { id: string; sku: string; quantity: number }[];
  };
  const approved = await test.app.inject({
    ...requestOf(productAdminEndpoints.approve),
    headers: bearer(setup.admin.accessToken),
    payload: { productId: product.id, merchantId: store.merchantId },
  });
  if (approved.statusCode !== 200) throw new Error(approved.body);
  return product;
}

/** A store's edit of a product's pricing, approved again by an admin (an edit sends it back to review). */
export async function repricedProduct(
  test: TestApp,
  setup: CommerceSetup,
  store: SellingStore,
  productId: string,
  pricing: { costPrice: number; sellingPrice: number; price: number }[],
) {
  const edited = await test.app.inject({
    ...requestOf(productEndpoints.edit, { params: { id: productId } }),
    headers: bearer(store.accessToken),
    payload: { pricing },
  });
  if (edited.statusCode !== 200) throw new Error(edited.body);
  const approved = await test.app.inject({
    ...requestOf(productAdminEndpoints.approve),
    headers: bearer(setup.admin.accessToken),
    payload: { productId, merchantId: store.merchantId },
  });
  if (approved.statusCode !== 200) throw new Error(approved.body);
}

export async function shopper(
  test: TestApp,
  address = { stateOrRegion: 'Lagos', lga: 'Ikeja', address: '12 Allen Avenue' },
) {
  const account = await createConfirmedAccount(test, 'customer');
  const session = await login(test, 'customer', account.email);
  const created = await test.app.inject({
    ...requestOf(shippingAddressEndpoints.add),
    headers: bearer(session.accessToken),
    payload: { fullName: 'Ada Obi', phoneNumber: '08031234567', emailAddress: account.email, ...address },
  });
  if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(created.body);
  return {
    ...account,
    token: session.accessToken,
    userId: session.user.id as string,
    addressId: json(created).data.id as string,
  };
}
export type Shopper = Awaited<ReturnType<typeof shopper>>;

export async function addToCart(
  test: TestApp,
  customer: Shopper,
  productId: string,
  quantity = 1,
  variantId?: string,
) {
  const response = await test.app.inject({
    ...requestOf(cartEndpoints.add),
    headers: bearer(customer.token),
    payload: { productId, quantity, ...(variantId ? { variantId } : {}) },
  });
  return response;
}

export async function checkout(test: TestApp, customer: Shopper) {
  const response = await test.app.inject({
    ...requestOf(checkoutEndpoints.create),
    headers: bearer(customer.token),
    payload: { addressId: customer.addressId },
    remoteAddress: nextIp(),
  });
  return response;
}

/** Pays on the sandbox page as a browser would: fills the card form, follows the redirect back. */
export async function payInSandbox(
  test: TestApp,
  authorizationUrl: string,
  card: keyof typeof SANDBOX_CARDS = 'success',
) {
  const path = new URL(authorizationUrl).pathname;
  const page = await test.app.inject({ method: 'GET', url: path });
  if (page.statusCode !== 200) throw new Error(`sandbox page: ${page.statusCode} ${page.body.slice(0, 200)}`);
  const form = new URLSearchParams({ cardNumber: SANDBOX_CARDS[card], expiry: '12/30', cvv: '123' });
  let answer = await test.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  if (card === 'otp' && answer.statusCode === 200) {
    const action = /action="([^"]+)"/.exec(answer.body)?.[1]?.replaceAll('&amp;', '&') ?? path;
    answer = await test.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ otp: SANDBOX_OTP }).toString(),
    });
  }
  return answer;
}

export const uniqueSku = () => `SKU-${randomUUID().slice(0, 8)}`;

/** A paid, active gift card bought by this customer through the sandbox, and applied to their cart. */
export async function appliedGiftCard(test: TestApp, customer: Shopper, amount: number) {
  const purchase = await test.app.inject({
    ...requestOf(giftCardCustomerEndpoints.purchase),
    headers: bearer(customer.token),
    payload: { amount },
  });
  if (purchase.statusCode !== 201) throw new Error(purchase.body);
  const pay = await test.app.inject({
    ...requestOf(giftCardCustomerEndpoints.pay),
    headers: bearer(customer.token),
    payload: { giftCardId: json(purchase).data.id },
  });
  if (pay.statusCode !== 200) throw new Error(pay.body);
  const { authorizationUrl, reference } = json(pay).data;
  await payInSandbox(test, authorizationUrl, 'success');
  const status = json(
    await test.app.inject({
      ...requestOf(giftCardCustomerEndpoints.status),
      headers: bearer(customer.token),
      payload: { reference },
    }),
  ).data as { id: string; code: string; status: string };
  const applied = await test.app.inject({
    ...requestOf(giftCardCustomerEndpoints.apply),
    headers: bearer(customer.token),
    payload: { code: status.code },
  });
  if (applied.statusCode !== 200) throw new Error(applied.body);
  return status;
}

export async function storeCoupon(
  test: TestApp,
  store: SellingStore,
  overrides: Record<string, unknown> = {},
) {
  const response = await test.app.inject({
    ...requestOf(couponMerchantEndpoints.create),
    headers: bearer(store.accessToken),
    payload: {
      discountMode: 'Code',
      code: `SAVE${randomUUID().slice(0, 6).toUpperCase()}`,
      description: '10% off',
      discountType: 'Percent',
      discountValue: 10,
      startDate: '2020-01-01',
      endDate: '2099-12-31',
      minRequireType: 'None',
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return json(response).data as { id: string; code: string };
}
