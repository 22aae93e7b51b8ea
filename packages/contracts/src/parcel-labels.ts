import { z } from 'zod';
import { access } from './access.js';
import { orderStatus } from './checkout.js';
import { uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';
import { ORDER_BATCH_MAX } from './order-batch.js';

// Parcel labels and scanned hand-overs (issue 35, ADR 078). A label carries a QR code of a signed parcel reference;
// carriers scan it at each hand-over and the move records which parcel changed hands.

const tags = ['Parcel labels'];

/** The longest scanned text the server reads: the label's link, with room for a longer host name. */
export const PARCEL_SCAN_MAX = 300;

export const parcelScan = z
  .string({ error: 'Scan the label' })
  .trim()
  .min(1, 'Scan the label')
  .max(PARCEL_SCAN_MAX, 'This is not a parcel label');

/** What the carrier's camera read, or the code typed under the QR code. */
export const parcelScanBody = z.object({ parcel: parcelScan });

export const parcelLabel = z.object({
  orderId: z.string(),
  orderName: z.string(),
  storeName: z.string(),
  /** The recipient as the customer typed the delivery address: the carrier needs name, area and phone. */
  recipientName: z.string(),
  recipientPhone: z.string(),
  state: z.string(),
  lga: z.string(),
  address: z.string(),
  /** The packing slip: what goes in the parcel. */
  items: z.array(
    z.object({
      productName: z.string(),
      sku: z.string(),
      variant: z.string().nullable(),
      quantity: z.number().int(),
    }),
  ),
  weightGrams: z.number().int().nullable(),
  carrierName: z.string().nullable(),
  /** The signed reference the QR code holds (inside a link to the scan page). */
  parcelReference: z.string(),
  /** The QR code as an SVG document, ready to print. */
  qrSvg: z.string(),
});
export type ParcelLabel = z.infer<typeof parcelLabel>;

export const parcelLabelsAnswer = z.object({
  labels: z.array(parcelLabel),
  /** Orders named that have no label: not the caller's, unpaid, or finished. */
  refused: z.array(z.object({ orderId: z.string(), message: z.string() })),
});
export type ParcelLabelsAnswer = z.infer<typeof parcelLabelsAnswer>;

export const scannedParcel = z.object({
  orderId: z.string(),
  orderName: z.string(),
  orderStatus,
  /** What the scanning carrier may move the parcel to now. */
  allowedNextStatuses: z.array(orderStatus),
});
export type ScannedParcel = z.infer<typeof scannedParcel>;

const labelsBody = z.object({
  orderIds: z
    .array(uuid)
    .min(1, 'Choose at least one order')
    .max(ORDER_BATCH_MAX, `Choose at most ${ORDER_BATCH_MAX} orders`),
});

export const parcelLabelEndpoints = {
  labels: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/orders/labels',
    summary:
      'Printable labels (packing slip and shipping label with a QR code of the signed parcel reference) for up to 50 orders of the store, or any orders for an admin who reads all orders',
    tags,
    access: access.merchantOrAdmin('orders:read', 'orders:read-all'),
    body: labelsBody,
    response: envelope(parcelLabelsAnswer),
  }),
  labelsPdf: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/orders/labels/pdf',
    summary:
      'The same labels as one PDF, a page per parcel (shipping label with the QR code, packing slip), and a last page naming the orders not printed; 404 when none can be',
    tags,
    access: access.merchantOrAdmin('orders:read', 'orders:read-all'),
    body: labelsBody,
    response: z.string(),
    produces: 'application/pdf',
  }),
  scan: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/orders/parcels/scan',
    summary:
      "Which order a scanned label belongs to, for the carrier holding it: 422 for a label this marketplace did not sign, 404 for a parcel that is not the caller's",
    tags,
    access: access.orderMovers('orders:write', 'orders:carry', 'partner:orders:update'),
    serverChecks: { parcel: 'must be a label this marketplace printed' },
    body: parcelScanBody,
    response: envelope(scannedParcel),
  }),
};
