import { z } from 'zod';
import { access } from './access.js';
import { isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { countIsEstimate, envelope, pageQuery, pagination } from './envelope.js';
import { publishRules } from './published-rules.js';

const cartTags = ['Cart'];
const checkoutTags = ['Checkout'];

// ---------- order statuses (orders.md) ----------

export const orderStatuses = [
  { code_name: 'awaiting_payment', known_name: 'Awaiting payment' },
  { code_name: 'pending', known_name: 'Pending' },
  { code_name: 'accepted', known_name: 'Accepted' },
  { code_name: 'ready_for_pickup', known_name: 'Ready for pickup' },
  { code_name: 'assigned', known_name: 'Assigned' },
  { code_name: 'picked_up', known_name: 'Picked up' },
  { code_name: 'at_hub', known_name: 'At hub' },
  { code_name: 'in_transit', known_name: 'In transit' },
  { code_name: 'out_for_delivery', known_name: 'Out for delivery' },
  { code_name: 'delivered', known_name: 'Delivered' },
  { code_name: 'completed', known_name: 'Completed' },
  { code_name: 'cancelled', known_name: 'Cancelled' },
  { code_name: 'declined', known_name: 'Declined by partner' },
  { code_name: 'delivery_failed', known_name: 'Delivery failed' },
  { code_name: 'returned', known_name: 'Returned' },
] as const;
export type OrderStatusCode = (typeof orderStatuses)[number]['code_name'];

export const orderStatus = z.object({ id: z.number().int(), code_name: z.string(), known_name: z.string() });
export type OrderStatus = z.infer<typeof orderStatus>;

export function orderStatusOf(code: string): OrderStatus {
  const index = orderStatuses.findIndex((status) => status.code_name === code);
  const status = orderStatuses[index];
  return status ? { id: index + 1, ...status } : { id: 0, code_name: code, known_name: code };
}

/**
 * A status as the customer reads it. "Declined by partner" is logistics between the platform and its carriers; the
 * customer is told what happens next (issue 34, item 21). Every other status reads the same for everyone.
 */
const customerStatusNames: Partial<Record<OrderStatusCode, string>> = {
  declined: 'Finding a new carrier',
};

export function customerOrderStatusOf(code: string): OrderStatus {
  const status = orderStatusOf(code);
  return { ...status, known_name: customerStatusNames[code as OrderStatusCode] ?? status.known_name };
}

// ---------- cart ----------

const money = z.number().describe('Naira with 2 decimals');

export const cartLine = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  quantity: z.number().int(),
  name: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  storeUrl: z.string(),
  hostedImages: z.array(z.string()),
  pricing: z.array(z.object({ sellingPrice: money, price: money })),
  productVariant: z
    .object({ id: z.string(), sku: z.string(), size: z.string().nullable(), color: z.string().nullable() })
    .nullable(),
  /** Price of one unit after the variant's discount. */
  unitPrice: money,
  lineTotal: money,
  availableQuantity: z.number().int(),
  /** Why the line cannot be bought as it is (sold out, fewer left, no longer sold); null when fine. */
  problem: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLine>;

export const storeShipping = z.object({
  storeId: z.string(),
  storeName: z.string(),
  fee: money,
  weightKg: z.number(),
  withinLagos: z.boolean(),
  lagosMerchant: z.boolean(),
  lagosCustomer: z.boolean(),
  vehicle: z.string().nullable(),
});

export const appliedDiscount = z.object({
  code: z.string().nullable(),
  storeId: z.string(),
  amount: money,
  description: z.string().nullable(),
});

export const appliedGiftCard = z.object({ id: z.string(), last4: z.string(), balance: money, covers: money });

export const shippingAddressSummary = z.object({
  id: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  emailAddress: z.string().nullable(),
  stateOrRegion: z.string(),
  lga: z.string(),
  address: z.string(),
});

/** The cart state of section 3: everything the cart and checkout pages show, priced by the server. */
export const cartState = z.object({
  cartItemsData: z.array(cartLine),
  itemCount: z.number().int(),
  /** Sum of quantity × selling price, in naira with 2 decimals. */
  total: money,
  discount: money,
  shippingFees: z.array(storeShipping),
  shippingFeeTotal: money,
  weight: z.number(),
  appliedDiscountCodes: z.array(appliedDiscount),
  rejectedDiscountCodes: z.array(z.object({ code: z.string(), reason: z.string() })),
  /** Per store where a code competed with another discount: which one applies and why (one per store). */
  discountNotes: z
    .array(z.object({ storeId: z.string(), storeName: z.string(), message: z.string() }))
    .optional(),
  appliedGiftCards: z.array(appliedGiftCard),
  giftCardTotal: money,
  /** What the customer pays now: total − discount + shipping − gift cards. */
  amountDue: money,
  selectedShippingAddress: shippingAddressSummary.nullable(),
  merchantAddresses: z.array(
    z.object({
      storeId: z.string(),
      storeName: z.string(),
      state: z.string().nullable(),
      city: z.string().nullable(),
    }),
  ),
  canCheckout: z.boolean(),
  checkoutProblems: z.array(z.string()),
  /**
   * Set when the cart comes to more than one order may (the server's ORDER_LIMIT_NAIRA; goods after discounts plus
   * delivery): what the customer reads, also one of `checkoutProblems`. Checkout then answers 422.
   */
  aboveOrderLimit: z.string().nullable(),
});
export type CartState = z.infer<typeof cartState>;

export const addToCartBody = z.object({
  productId: uuid,
  variantId: z.string().min(1).max(64).nullable().optional(),
  quantity: z.number().int().min(1, 'Quantity must be at least 1').max(999).default(1),
  /** increase (default) adds to what is there; decrease takes away (0 removes); set replaces. */
  action: z.enum(['increase', 'decrease', 'set']).default('increase'),
});
export type AddToCartBody = z.input<typeof addToCartBody>;

export const removeFromCartBody = z
  .object({ cartItemId: uuid.optional(), all: z.boolean().optional() })
  .refine(
    (value) => Boolean(value.cartItemId) !== Boolean(value.all),
    'Give a cartItemId, or all: true to empty the cart',
  )
  .apply((schema) =>
    publishRules(
      schema,
      [{ fields: ['cartItemId', 'all'], rule: 'give a cartItemId, or all: true to empty the cart' }],
      {
        oneOf: [
          { required: ['cartItemId'], properties: { all: { const: false } } },
          { required: ['all'], properties: { all: { const: true } }, not: { required: ['cartItemId'] } },
        ],
      },
    ),
  );

export const selectAddressBody = z.object({ addressId: uuid.nullable() });

export const checkoutBody = z.object({
  addressId: uuid
    .optional()
    .describe('Defaults to the address selected on the cart, then the default address'),
  orderNote: z.string().trim().max(500).optional(),
  /** The stores of the cart whose orders are paid on delivery (ADR 074); the rest are paid online. */
  payOnDeliveryStoreIds: z.array(uuid).max(50).optional(),
});

// ---------- orders ----------

export const orderItem = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  merchantId: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  productName: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  productPrice: money,
  discount: money,
  hostedImages: z.array(z.string()),
  productVariants: z.object({ size: z.string().nullable(), color: z.string().nullable() }).nullable(),
});

/** An order paid at the door (ADR 074): the fee and what the carrier collects; null for an order paid online. */
export const payOnDeliveryTerms = z.object({ fee: money, dueAtDoor: money }).nullable();

export const orderActivity = z.object({ activity: z.string(), status: z.string(), createdAt: isoDateTime });

export const customerOrder = z.object({
  id: z.string(),
  orderName: z.string(),
  orderNote: z.string().nullable(),
  orderStatus: orderStatus,
  subtotal: money,
  shippingFee: money,
  discount: money,
  total: money,
  payOnDelivery: payOnDeliveryTerms,
  storeId: z.string(),
  storeName: z.string(),
  merchantId: z.string(),
  customerId: z.string(),
  trackerId: z.string(),
  orderItems: z.array(orderItem),
  deliveryAddress: z.object({
    fullName: z.string(),
    phoneNumber: z.string(),
    emailAddress: z.string().nullable(),
    state: z.string(),
    lga: z.string(),
    address: z.string(),
  }),
  /** Only the customer ever sees it; present once the order is paid. */
  orderDeliveryToken: z.string().nullable(),
  /** Who brings the order, once assigned: the partner's or dispatcher's name and phone. */
  carrier: z.object({ kind: z.string(), name: z.string(), phoneNumber: z.string().nullable() }).nullable(),
  withinLagos: z.boolean(),
  lagosMerchant: z.boolean(),
  lagosCustomer: z.boolean(),
  orderActivities: z.array(orderActivity),
  /** When the order was delivered; the return window runs from here. */
  deliveredAt: isoDateTime.nullable(),
  /**
   * When the return window closes (delivery plus RETURN_WINDOW_DAYS); on the one-order answer only, null until
   * the order is delivered.
   */
  returnWindowEndsAt: isoDateTime.nullable().optional(),
  /**
   * How the checkout was paid online, as Paystack reported it (card, bank_transfer, ussd…); on the one-order answer
   * only, null for an order paid at the door or not paid.
   */
  paymentChannel: z.string().nullable().optional(),
  /** The return or replacement in progress for this order (section 3's orderReturnId), if any. */
  orderReturnId: z.string().nullable(),
  createdAt: isoDateTime,
});
export type CustomerOrder = z.infer<typeof customerOrder>;

export const tracker = z.object({
  id: z.string(),
  reference: z.string(),
  /** `replaced`: the customer checked out again before paying; a customer has at most one open checkout. */
  status: z.enum(['awaiting_payment', 'paid', 'failed', 'expired', 'replaced']),
  subtotal: money,
  shippingFeeTotal: money,
  discount: money,
  giftCardTotal: money,
  /** The totals of the orders paid at the door (fees not included): not part of `amountDue`. */
  onDeliveryTotal: money,
  /** What is paid online now: the online orders' total less gift cards. */
  amountDue: money,
  expiresAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  orders: z.array(customerOrder),
});
export type Tracker = z.infer<typeof tracker>;

export const paymentStart = z.object({
  trackerId: z.string(),
  reference: z.string(),
  /** Where to send the customer to pay; null when gift cards covered everything and the order is already paid. */
  authorizationUrl: z.string().nullable(),
  amountDue: money,
});

export const transaction = z.object({
  id: z.string(),
  orderTrackerId: z.string(),
  transactionId: z.string().nullable(),
  amount: money,
  reference: z.string(),
  fees: money.nullable(),
  date: isoDateTime.nullable(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  cardType: z.string().nullable(),
  cardNumber: z.string().nullable(),
  bank: z.string().nullable(),
  country: z.string().nullable(),
  ipAddress: z.string().nullable(),
  paymentChannel: z.string().nullable(),
  status: z.string(),
  orderName: z.string(),
  orderItems: z.array(orderItem),
});
export type Transaction = z.infer<typeof transaction>;

export const cartEndpoints = {
  add: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/cart/add-cart',
    summary: 'Add a product (or variant) to the cart, or increase, decrease or set its quantity',
    tags: cartTags,
    access: access.customer,
    body: addToCartBody,
    response: envelope(cartState),
  }),
  get: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/cart/get-cart',
    summary: 'The cart, priced: items, discounts, shipping per store, gift cards and the amount due',
    tags: cartTags,
    access: access.customer,
    response: envelope(cartState),
  }),
  remove: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/cart/remove-cart',
    summary: 'Remove one line, or empty the cart',
    tags: cartTags,
    access: access.customer,
    body: removeFromCartBody,
    response: envelope(cartState),
  }),
  selectAddress: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/cart/shipping-address',
    summary: 'Choose the delivery address the cart is priced for',
    tags: cartTags,
    access: access.customer,
    body: selectAddressBody,
    response: envelope(cartState),
  }),
};

export const checkoutEndpoints = {
  simulate: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/ordertracking/simulate-order',
    summary: 'Price a checkout without side effects',
    tags: checkoutTags,
    access: access.customer,
    body: checkoutBody,
    response: envelope(cartState),
  }),
  create: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/ordertracking/create-order',
    summary: 'Create the tracker and one order per store awaiting payment; reserves stock for 30 minutes',
    tags: checkoutTags,
    access: access.customer,
    idempotent: true,
    errors: [429],
    body: checkoutBody,
    response: envelope(z.object({ tracker, payment: paymentStart })),
    status: 201,
  }),
  pay: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/v1/products/payment',
    summary: 'Start (or resume) the payment of a checkout; answers where to pay',
    tags: checkoutTags,
    access: access.customer,
    idempotent: true,
    body: z.object({ trackerId: uuid }),
    response: envelope(paymentStart),
  }),
  recordTransaction: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/transactions/customer/transaction',
    summary: 'After paying: the server verifies with the provider and records the transaction',
    tags: checkoutTags,
    access: access.customer,
    idempotent: true,
    errors: [404],
    body: z.object({ reference: z.string().trim().min(6).max(80) }),
    response: envelope(z.object({ transaction: transaction.nullable(), tracker })),
  }),
  tracker: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/ordertracking/tracker/:reference',
    summary: 'A checkout of the signed-in customer by its payment reference',
    tags: checkoutTags,
    access: access.customer,
    params: z.object({ reference: z.string().trim().min(6).max(80) }),
    response: envelope(tracker),
  }),
};

export const customerOrderEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/orders/customer',
    summary: "The customer's orders, newest first",
    tags: ['Orders'],
    access: access.customer,
    query: pageQuery.extend({ status: z.string().max(40).optional() }),
    response: envelope(z.object({ orders: z.array(customerOrder), pagination, countIsEstimate })),
  }),
  one: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/orders/customer/:id',
    summary: 'One order of the customer, with its delivery token and activities',
    tags: ['Orders'],
    access: access.customer,
    params: z.object({ id: uuid }),
    response: envelope(customerOrder),
  }),
  receipt: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/orders/customer/:id/receipt',
    summary:
      "The customer's receipt for one paid order, as a PDF (seller, items, amounts, the marketplace's TIN)",
    tags: ['Orders'],
    access: access.customer,
    params: z.object({ id: uuid }),
    response: z.string(),
    produces: 'application/pdf',
  }),
  statuses: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/orders/order-status',
    summary: 'Every order status: code name and known name',
    tags: ['Orders'],
    access: access.public,
    response: envelope(z.array(orderStatus)),
  }),
};
