import { labelFrom } from './labels';

/** The channels Paystack reports (`channel` of a transaction), as people read them: one list for every screen. */
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

export const paymentChannelLabel = (channel: string) => labelFrom(paymentChannelLabels, channel);
