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

export { paymentChannelLabel, paymentChannelLabels } from '../../lib/payment-channels';

/** What a payment was for, from the prefix of the reference we generated (CHK-…, GFT-…, SUB-…). */
export const paymentPurposeLabels: Record<string, string> = {
  CHK: 'Order checkout',
  GFT: 'Gift card purchase',
  SUB: 'Store subscription',
};

export const transactionStatusLabel = (status: TransactionStatus) => transactionStatusLabels[status];
export const paymentPurposeLabel = (purpose: string) =>
  paymentPurposeLabels[purpose.toUpperCase()] ?? labelFrom({}, purpose);
