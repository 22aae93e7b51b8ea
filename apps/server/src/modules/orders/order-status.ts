import { type OrderStatusCode, orderStatuses, shippingEvidenceStatuses } from '@market/contracts';

// The order status machine of ../shared/handbook/orders.md, as data. Every status write goes through
// `transition` (orders.service.ts), which checks it against this table; `allowedNext` answers from it too, so the
// web app never hard-codes a move. Change it only together with a decision record.

/** Who makes a move. `checkout` and `payment` are the flows of the checkout module; `system` is timed work. */
export const actorRoles = [
  'customer',
  'merchant',
  'admin',
  'superadmin',
  'dispatcher',
  'scheduler',
  'partner',
  'system',
  'checkout',
  'payment',
] as const;
export type ActorRole = (typeof actorRoles)[number];

export interface OrderActor {
  role: ActorRole;
  /** The account that acted; null for the system and the checkout and payment flows. */
  id: string | null;
}

/**
 * What a move needs besides the right role; `transition` refuses the move without it. `shipping_evidence`: a photo
 * uploaded with the move (the contract's `shippingEvidenceStatuses` lists the same moves, for the web).
 */
export type MoveEvidence = 'delivery_token' | 'shipping_evidence';

export interface OrderMove {
  to: OrderStatusCode;
  roles: readonly ActorRole[];
  needs?: MoveEvidence;
}

export interface OrderStatusRule {
  code: OrderStatusCode;
  knownName: string;
  next: readonly OrderMove[];
}

const adminGroup = ['admin', 'superadmin', 'dispatcher', 'scheduler'] as const;
const carriers = ['partner', 'dispatcher'] as const;

const knownNameOf = (code: OrderStatusCode): string =>
  orderStatuses.find((status) => status.code_name === code)?.known_name ?? code;

/** The one way into the machine: checkout writes a new order as awaiting payment. */
export const initialStatus = { to: 'awaiting_payment', roles: ['checkout'] } as const satisfies OrderMove;

const moves: Record<OrderStatusCode, readonly OrderMove[]> = {
  awaiting_payment: [
    { to: 'pending', roles: ['payment'] },
    // The customer gives up, the payment fails, or the 30-minute window passes.
    { to: 'cancelled', roles: ['customer', 'payment', 'system'] },
  ],
  pending: [
    { to: 'accepted', roles: ['merchant'] },
    // Customer before acceptance, merchant before pickup.
    { to: 'cancelled', roles: ['customer', 'merchant'] },
  ],
  accepted: [
    { to: 'ready_for_pickup', roles: ['merchant'] },
    { to: 'cancelled', roles: ['merchant'] },
  ],
  ready_for_pickup: [
    { to: 'assigned', roles: adminGroup },
    { to: 'cancelled', roles: ['merchant'] },
  ],
  assigned: [
    { to: 'picked_up', roles: carriers, needs: 'shipping_evidence' },
    // Assigned to the platform hub: the merchant's parcel arrives there and the hub (admins) takes it in.
    { to: 'at_hub', roles: ['admin', 'superadmin'] },
    { to: 'declined', roles: ['partner'] },
    { to: 'cancelled', roles: ['merchant'] },
  ],
  // Declined by the partner: back to the assignment queue.
  declined: [
    { to: 'assigned', roles: adminGroup },
    { to: 'cancelled', roles: ['merchant'] },
  ],
  picked_up: [
    // A platform hub is run by the admin group; a partner may run its own.
    { to: 'at_hub', roles: ['partner', 'admin', 'superadmin'] },
    { to: 'in_transit', roles: carriers },
    { to: 'out_for_delivery', roles: carriers },
  ],
  at_hub: [
    // From the hub the last mile is assigned afresh, or the partner carries on.
    { to: 'assigned', roles: adminGroup },
    { to: 'in_transit', roles: carriers },
    { to: 'out_for_delivery', roles: carriers },
  ],
  in_transit: [
    { to: 'at_hub', roles: ['partner', 'admin', 'superadmin'] },
    { to: 'out_for_delivery', roles: carriers },
  ],
  out_for_delivery: [
    { to: 'delivered', roles: carriers, needs: 'delivery_token' },
    { to: 'delivery_failed', roles: carriers, needs: 'shipping_evidence' },
  ],
  delivery_failed: [
    { to: 'out_for_delivery', roles: carriers },
    // Taken back to the merchant.
    { to: 'returned', roles: carriers },
  ],
  delivered: [
    { to: 'completed', roles: ['system'] },
    // An approved return reached the merchant within the return window.
    { to: 'returned', roles: ['merchant'] },
  ],
  completed: [],
  cancelled: [],
  returned: [],
};

/** Whether a move to `to` needs a photo, from any status (the contract names the same statuses). */
export function needsShippingEvidence(to: OrderStatusCode): boolean {
  return (shippingEvidenceStatuses as readonly string[]).includes(to);
}

/** Every status in the contract's order, with its known name and its allowed moves. */
export const orderStatusTable: readonly OrderStatusRule[] = orderStatuses.map((status) => ({
  code: status.code_name,
  knownName: knownNameOf(status.code_name),
  next: moves[status.code_name],
}));

export function isOrderStatus(code: string): code is OrderStatusCode {
  return orderStatuses.some((status) => status.code_name === code);
}

export function knownNameOfStatus(code: string): string {
  return isOrderStatus(code) ? knownNameOf(code) : code;
}

/** The move from `from` to `to`, if the table has one (whoever may make it). */
export function moveBetween(from: string, to: OrderStatusCode): OrderMove | undefined {
  return isOrderStatus(from) ? moves[from].find((move) => move.to === to) : undefined;
}

/** Whether `role` may move an order from `from` to `to`. */
export function mayMove(from: string, to: OrderStatusCode, role: ActorRole): boolean {
  return moveBetween(from, to)?.roles.includes(role) ?? false;
}

/** The statuses `role` may move an order in status `from` to, in the table's order. */
export function nextStatusesFor(from: string, role: ActorRole): OrderStatusCode[] {
  if (!isOrderStatus(from)) return [];
  return moves[from].filter((move) => move.roles.includes(role)).map((move) => move.to);
}

/** The list `GET /orders/order-status` answers: id (1-based position), code name and known name. */
export function orderStatusList() {
  return orderStatusTable.map((rule, index) => ({
    id: index + 1,
    code_name: rule.code,
    known_name: rule.knownName,
  }));
}
