import type { InvoiceStatus } from '@market/contracts';

export const invoiceTones = { paid: 'green', pending: 'amber', failed: 'red', cancelled: 'slate' } as const;
export const invoiceLabels: Record<InvoiceStatus, string> = {
  paid: 'Paid',
  pending: 'Awaiting payment',
  failed: 'Payment failed',
  cancelled: 'Cancelled (checkout not completed)',
};

/**
 * Who issues the invoice. The defaults are the platform's own; a deployment sets its registered details through
 * VITE_PLATFORM_* at build time.
 */
export const platformDetails = {
  name: import.meta.env.VITE_PLATFORM_NAME ?? 'Naija Market',
  address: import.meta.env.VITE_PLATFORM_ADDRESS ?? '12 Admiralty Way, Lekki Phase 1, Lagos, Nigeria',
  email: import.meta.env.VITE_PLATFORM_EMAIL ?? 'billing@naijamarket.ng',
  phone: import.meta.env.VITE_PLATFORM_PHONE ?? '+234 1 700 0000',
  /** The platform's tax identification number, printed on every invoice beside the VAT (a demo number by default). */
  tin: import.meta.env.VITE_PLATFORM_TIN ?? '24681357-0001',
};
