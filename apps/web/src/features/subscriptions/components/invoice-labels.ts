import type { InvoiceStatus } from '@market/contracts';

export const invoiceTones = { paid: 'green', pending: 'amber', failed: 'red', cancelled: 'slate' } as const;
export const invoiceLabels: Record<InvoiceStatus, string> = {
  paid: 'Paid',
  pending: 'Awaiting payment',
  failed: 'Payment failed',
  cancelled: 'Cancelled (checkout not completed)',
};

/**
 * How to reach the platform, printed under the issuer's name. The legal name, TIN and VAT rate are not here: they are
 * the server's configuration (PLATFORM_*), sent with the invoices.
 */
export const platformDetails = {
  address: import.meta.env.VITE_PLATFORM_ADDRESS ?? '12 Admiralty Way, Lekki Phase 1, Lagos, Nigeria',
  email: import.meta.env.VITE_PLATFORM_EMAIL ?? 'billing@naijamarket.ng',
  phone: import.meta.env.VITE_PLATFORM_PHONE ?? '+234 1 700 0000',
};
