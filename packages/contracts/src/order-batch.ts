import { z } from 'zod';
import { access } from './access.js';
import { orderStatus } from './checkout.js';
import { uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';
import { assignOrderBody } from './fulfilment.js';

// Moving many orders in one request (issue 35): each order is moved in its own transaction under its row lock, by
// the same rules as one move, and answers its own result; one refusal does not stop the others.

const tags = ['Orders (batch)'];

/** Orders one request may name: a morning's packing at a busy store, still one short request. */
export const ORDER_BATCH_MAX = 50;

/** The moves a store makes in a batch: neither needs a photo or a token, and neither moves money. */
export const batchMerchantStatuses = ['accepted', 'ready_for_pickup'] as const;

const orderIds = z
  .array(uuid)
  .min(1, 'Choose at least one order')
  .max(ORDER_BATCH_MAX, `Choose at most ${ORDER_BATCH_MAX} orders`);

export const batchMoveBody = z.object({
  orderIds,
  status: z.enum(batchMerchantStatuses, { error: 'Choose Accepted or Ready for pickup' }),
  note: z.string().trim().max(500).optional(),
});
export type BatchMoveBody = z.input<typeof batchMoveBody>;

export const batchAssignBody = z.object({ orderIds, assignment: assignOrderBody });
export type BatchAssignBody = z.input<typeof batchAssignBody>;

export const batchOrderResult = z.object({
  orderId: z.string(),
  ok: z.boolean(),
  /** The order's status after the request (null when the caller may not see the order). */
  orderStatus: orderStatus.nullable(),
  /** The refusal's error code (CONFLICT, NOT_FOUND, ...) when `ok` is false. */
  error: z.string().nullable(),
  message: z.string(),
});
export type BatchOrderResult = z.infer<typeof batchOrderResult>;

export const batchOrderAnswer = z.object({
  results: z.array(batchOrderResult),
  moved: z.number().int(),
  refused: z.number().int(),
});
export type BatchOrderAnswer = z.infer<typeof batchOrderAnswer>;

export const orderBatchEndpoints = {
  merchantMove: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/orders/merchant/batch/update-status',
    summary:
      "Accept or mark ready many of the store's orders at once; each order answers its own result (an order another store owns answers not found, one already moved answers its refusal)",
    tags,
    access: access.merchant('orders:write'),
    body: batchMoveBody,
    response: envelope(batchOrderAnswer),
  }),
  adminAssign: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/orders/admin/batch/assign',
    summary:
      'Assign many orders to one carrier (a shipping partner, a dispatcher or the platform hub), each with its own result',
    tags,
    access: access.admin('orders:assign'),
    serverChecks: {
      'assignment.partnerId': 'must name an approved shipping partner',
      'assignment.dispatcherId': 'must name a dispatcher',
    },
    body: batchAssignBody,
    response: envelope(batchOrderAnswer),
  }),
};
