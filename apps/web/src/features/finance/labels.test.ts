import { describe, expect, it } from 'vitest';
import { paymentChannelLabel, paymentPurposeLabel, transactionStatusLabel } from './labels';

describe('finance labels instead of stored codes', () => {
  it('name payment channels, statuses and purposes as a person reads them', () => {
    expect(paymentChannelLabel('bank_transfer')).toBe('Bank transfer');
    expect(paymentChannelLabel('mobile_money')).toBe('Mobile money');
    expect(paymentChannelLabel('ussd')).toBe('USSD');
    expect(transactionStatusLabel('initialized')).toBe('Started, not paid');
    expect(transactionStatusLabel('success')).toBe('Paid');
    expect(paymentPurposeLabel('CHK')).toBe('Order checkout');
    expect(paymentPurposeLabel('SUB')).toBe('Store subscription');
  });
});
