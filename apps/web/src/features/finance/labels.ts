import type { TransactionStatus } from '@market/contracts';
import { labelFrom } from '../../lib/labels';

/** Payment statuses as the provider's states read to a person. */
export const transactionStatusLabels: Record<TransactionStatus, string> = {
  initialized: 'Started, not paid',
  success: 'Paid',
  failed: 'Failed',
  abandoned: 'Abandoned',
  mismatch: 'Amount mismatch',
};

/** The channels Paystack reports (`channel` of a transaction). */
export const paymentChannelLabels: Record<string, string> = {
  card: 'Card',
  bank: 'Bank account',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
  qr: 'QR code',
  mobile_money: 'Mobile money',
  eft: 'EFT',
  apple_pay: 'Apple Pay',
};

/** What a payment was for, from the prefix of the reference we generated (CHK-…, GFT-…, SUB-…). */
export const paymentPurposeLabels: Record<string, string> = {
  CHK: 'Order checkout',
  GFT: 'Gift card purchase',
  SUB: 'Store subscription',
};

export const transactionStatusLabel = (status: TransactionStatus) => transactionStatusLabels[status];
export const paymentChannelLabel = (channel: string) => labelFrom(paymentChannelLabels, channel);
export const paymentPurposeLabel = (purpose: string) =>
  paymentPurposeLabels[purpose.toUpperCase()] ?? labelFrom({}, purpose);
