import { type CustomerOrder, nairaToKobo } from '@market/contracts';
import { pdfNaira, renderPdf } from '../../platform/pdf.js';

// A customer's receipt for one order (issue 35 item 8), as a PDF: the seller, what was bought, what was paid. The
// amounts are the order's own (the customer's order answer), turned back into kobo for exact sums.

export interface ReceiptIssuer {
  legalName: string;
  tin: string;
}

/** The seller's own tax identity, printed when the store recorded a TIN. */
export interface SellerTax {
  tin: string | null;
  isVatRegistered: boolean;
}

/** `Sold by Ada Shoes (TIN 12345678-0001, VAT registered)`, or the bare name when the store has no TIN. */
export function sellerLine(storeName: string, seller: SellerTax): string {
  if (!seller.tin) return `Sold by ${storeName}`;
  return `Sold by ${storeName} (TIN ${seller.tin}${seller.isVatRegistered ? ', VAT registered' : ''})`;
}

const variantOf = (item: CustomerOrder['orderItems'][number]) =>
  [item.productVariants?.size, item.productVariants?.color].filter(Boolean).join(', ');

export function orderReceiptPdf(
  order: CustomerOrder,
  issuer: ReceiptIssuer,
  issuedAt: Date,
  seller: SellerTax = { tin: null, isVatRegistered: false },
): Promise<Buffer> {
  const kobo = (naira: number) => nairaToKobo(naira);
  const onDelivery = order.payOnDelivery !== null;
  const paidKobo = onDelivery ? kobo(order.payOnDelivery!.dueAtDoor) : kobo(order.total);
  return renderPdf(
    {
      title: `Receipt ${order.orderName}`,
      issuer: [
        sellerLine(order.storeName, seller),
        `Through ${issuer.legalName} (TIN ${issuer.tin}), the marketplace that took the payment`,
      ],
      facts: [
        { label: 'Order', value: order.orderName },
        { label: 'Placed', value: order.createdAt.slice(0, 10) },
        { label: 'Customer', value: order.deliveryAddress.fullName },
        {
          label: 'Deliver to',
          value: `${order.deliveryAddress.address}, ${order.deliveryAddress.lga}, ${order.deliveryAddress.state}`,
        },
        {
          label: 'Payment',
          value: onDelivery
            ? 'On delivery'
            : order.paymentChannel
              ? `Online (${order.paymentChannel})`
              : 'Online',
        },
      ],
      table: {
        columns: [
          { header: 'Item', width: 5 },
          { header: 'Qty', width: 1, align: 'right' },
          { header: 'Unit price', width: 2.2, align: 'right' },
          { header: 'Amount', width: 2.2, align: 'right' },
        ],
        rows: order.orderItems.map((item) => {
          const variant = variantOf(item);
          return [
            `${item.productName}${variant ? ` (${variant})` : ''}\nSKU ${item.sku}`,
            String(item.quantity),
            pdfNaira(kobo(item.productPrice)),
            pdfNaira(kobo(item.productPrice) * item.quantity),
          ];
        }),
      },
      totals: [
        { label: 'Subtotal', value: pdfNaira(kobo(order.subtotal)) },
        { label: 'Discount', value: pdfNaira(-kobo(order.discount)) },
        { label: 'Delivery', value: pdfNaira(kobo(order.shippingFee)) },
        ...(onDelivery
          ? [{ label: 'Pay-on-delivery fee', value: pdfNaira(kobo(order.payOnDelivery!.fee)) }]
          : []),
        { label: onDelivery ? 'Due at the door' : 'Total paid', value: pdfNaira(paidKobo), strong: true },
      ],
      notes: [
        `Issued ${issuedAt.toISOString().slice(0, 10)}. Keep it for returns and warranty claims.`,
        'Prices are as the seller set them at checkout.',
      ],
    },
    issuedAt,
  );
}
