import { z } from 'zod';
import { access } from './access.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';

/** Where a payment stands: `success` is the only status that means the money was received and matched. */
export const paymentStatuses = ['initialized', 'success', 'failed', 'abandoned', 'mismatch'] as const;
export type PaymentStatusName = (typeof paymentStatuses)[number];

/** A reference we generated: a purpose prefix (CHK, GFT, …), a dash and 26 base32 characters. */
export const paymentReference = z
  .string()
  .trim()
  .regex(/^[A-Z]{2,8}-[0-9A-Z]{26}$/, 'This is not a payment reference');

export const paymentState = z.object({
  status: z.enum(paymentStatuses),
  reference: z.string(),
});
export type PaymentState = z.infer<typeof paymentState>;

export const paymentEndpoints = {
  verify: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/payments/verify/:reference',
    summary:
      'Verifies a payment of the signed-in customer with the provider (on return from the payment page) and answers its status',
    tags: ['Payments'],
    access: access.customer,
    params: z.object({ reference: paymentReference }),
    response: envelope(paymentState),
  }),
};
