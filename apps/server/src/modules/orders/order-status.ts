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

/**
 * The money step that belongs to a move (../shared/handbook/orders.md: no order reaches `returned`, `cancelled` after
 * payment, or `completed` without it). `checkMove` refuses the move unless the facts show the step was made in the
 * move's transaction (ADR 040):
 * - `refund`: every unit and the shipping fee of the order is covered by a booked refund (or nothing was paid);
 * - `settled_return`: an approved return whose goods the store received covers every unit, and its refund or
 *   replacement is booked: only the returns module can say so, so no call of update-order makes this move;
 * - `return_window`: delivered, the return window has passed and no return is in progress.
 */
export type MoneyStep = 'refund' | 'settled_return' | 'return_window';

export interface OrderMove {
  to: OrderStatusCode;
  roles: readonly ActorRole[];
  needs?: MoveEvidence;
  settles?: MoneyStep;
  /**
   * A carrying move: a partner or a dispatcher makes it only on an order assigned to them (a partner: its own; a
   * dispatcher: assigned to them as dispatcher). Admins running the platform hub are not held to it.
   */
  byAssignee?: true;
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
    // Customer before acceptance, merchant before pickup; the payment goes back in the same transaction.
    { to: 'cancelled', roles: ['customer', 'merchant'], settles: 'refund' },
  ],
  accepted: [
    { to: 'ready_for_pickup', roles: ['merchant'] },
    { to: 'cancelled', roles: ['merchant'], settles: 'refund' },
  ],
  ready_for_pickup: [
    { to: 'assigned', roles: adminGroup },
    { to: 'cancelled', roles: ['merchant'], settles: 'refund' },
  ],
  assigned: [
    { to: 'picked_up', roles: carriers, needs: 'shipping_evidence', byAssignee: true },
    // Assigned to the platform hub: the merchant's parcel arrives there and the hub (admins) takes it in.
    { to: 'at_hub', roles: ['admin', 'superadmin'] },
    { to: 'declined', roles: ['partner'], byAssignee: true },
    { to: 'cancelled', roles: ['merchant'], settles: 'refund' },
  ],
  // Declined by the partner: back to the assignment queue.
  declined: [
    { to: 'assigned', roles: adminGroup },
    { to: 'cancelled', roles: ['merchant'], settles: 'refund' },
  ],
  picked_up: [
    // A platform hub is run by the admin group; a partner may run its own.
    { to: 'at_hub', roles: ['partner', 'admin', 'superadmin'], byAssignee: true },
    { to: 'in_transit', roles: carriers, byAssignee: true },
    { to: 'out_for_delivery', roles: carriers, byAssignee: true },
  ],
  at_hub: [
    // From the hub the last mile is assigned afresh, or the partner carries on.
    { to: 'assigned', roles: adminGroup },
    { to: 'in_transit', roles: carriers, byAssignee: true },
    { to: 'out_for_delivery', roles: carriers, byAssignee: true },
  ],
  in_transit: [
    { to: 'at_hub', roles: ['partner', 'admin', 'superadmin'], byAssignee: true },
    { to: 'out_for_delivery', roles: carriers, byAssignee: true },
  ],
  out_for_delivery: [
    { to: 'delivered', roles: carriers, needs: 'delivery_token', byAssignee: true },
    { to: 'delivery_failed', roles: carriers, needs: 'shipping_evidence', byAssignee: true },
  ],
  delivery_failed: [
    { to: 'out_for_delivery', roles: carriers, byAssignee: true },
    // Its carrier takes the parcel back to the store: the customer never had it, so the whole order is refunded.
    { to: 'returned', roles: carriers, byAssignee: true, settles: 'refund' },
  ],
  delivered: [
    { to: 'completed', roles: ['system'], settles: 'return_window' },
    // An approved return covering every unit reached the store and was refunded or replaced (the returns module).
    { to: 'returned', roles: ['merchant'], settles: 'settled_return' },
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

/** The order as the machine needs it to judge a move: its status and who carries it. */
export interface OrderFacts {
  status: string;
  carrierKind: string | null;
  partnerId: string | null;
  dispatcherId: string | null;
}

/** What the caller of a move shows besides its role, each checked by the caller in the move's transaction. */
export interface MoveFacts {
  deliveryTokenChecked?: boolean;
  shippingEvidence?: boolean;
  /** Every unit and the shipping fee is covered by a booked refund, or the order was worth nothing. */
  refundBooked?: boolean;
  /** The return that brings the goods back, as the returns module sees it in this transaction. */
  settledReturn?: {
    approved: boolean;
    goodsReceived: boolean;
    decided: 'refund' | 'replace' | null;
    coversEveryUnit: boolean;
  };
  /** Delivered longer ago than the return window, and no return in progress. */
  returnWindowPassed?: boolean;
}

export type MoveRefusal =
  | 'no-such-move'
  | 'role'
  | 'not-assignee'
  | 'delivery-token'
  | 'shipping-evidence'
  | 'money-step';

/** Whether a carrier role holds the order's assignment. */
export function holdsAssignment(order: OrderFacts, actor: OrderActor): boolean {
  if (actor.id === null) return false;
  if (actor.role === 'partner') return order.carrierKind === 'partner' && order.partnerId === actor.id;
  if (actor.role === 'dispatcher')
    return order.carrierKind === 'dispatcher' && order.dispatcherId === actor.id;
  return false;
}

function moneyStepMade(step: MoneyStep, facts: MoveFacts): boolean {
  switch (step) {
    case 'refund':
      return facts.refundBooked === true;
    case 'settled_return': {
      const settled = facts.settledReturn;
      return Boolean(
        settled?.approved && settled.goodsReceived && settled.decided !== null && settled.coversEveryUnit,
      );
    }
    case 'return_window':
      return facts.returnWindowPassed === true;
  }
}

/**
 * The one judge of a move (ADR 040): the table's move for the role, the carrier's own assignment for a carrying
 * move, the evidence it needs and the money step that belongs to it. Null when the move may be made.
 */
export function checkMove(
  order: OrderFacts,
  to: OrderStatusCode,
  actor: OrderActor,
  facts: MoveFacts,
): MoveRefusal | null {
  const move = moveBetween(order.status, to);
  if (!move) return 'no-such-move';
  if (!move.roles.includes(actor.role)) return 'role';
  if (
    move.byAssignee &&
    (actor.role === 'partner' || actor.role === 'dispatcher') &&
    !holdsAssignment(order, actor)
  )
    return 'not-assignee';
  if (move.needs === 'delivery_token' && !facts.deliveryTokenChecked) return 'delivery-token';
  if (move.needs === 'shipping_evidence' && !facts.shippingEvidence) return 'shipping-evidence';
  if (move.settles && !moneyStepMade(move.settles, facts)) return 'money-step';
  return null;
}

/**
 * The moves update-order offers this caller on this order: the table's moves for the role that the caller's own
 * assignment allows, less those only another module makes (a settled return) or only the system (completion).
 */
export function offeredMoves(order: OrderFacts, actor: OrderActor): OrderStatusCode[] {
  if (!isOrderStatus(order.status)) return [];
  return moves[order.status]
    .filter((move) => move.roles.includes(actor.role))
    .filter((move) => move.settles !== 'settled_return' && move.settles !== 'return_window')
    .filter(
      (move) =>
        !move.byAssignee ||
        (actor.role !== 'partner' && actor.role !== 'dispatcher') ||
        holdsAssignment(order, actor),
    )
    .map((move) => move.to);
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
