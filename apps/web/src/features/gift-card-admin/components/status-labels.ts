import type { GiftCardActivityType, GiftCardStatus } from '@market/contracts';
import { formatUtcDateTime } from '../../../lib/dates';

export const cardStatusLabels: Record<GiftCardStatus, string> = {
  pending_payment: 'Awaiting payment',
  active: 'Active',
  used: 'Used',
};

export const cardStatusTones: Record<GiftCardStatus, 'amber' | 'green' | 'slate'> = {
  pending_payment: 'amber',
  active: 'green',
  used: 'slate',
};

export const activityLabels: Record<GiftCardActivityType, string> = {
  purchase: 'Purchase',
  hold: 'Held at checkout',
  release: 'Hold released',
  redeem: 'Redeemed',
  refund: 'Refunded to the card',
};

/** An instant as a UTC date and time ("20 Nov 2026, 14:05 UTC"). */
export const utcDateTime = (value: string) => formatUtcDateTime(value);
