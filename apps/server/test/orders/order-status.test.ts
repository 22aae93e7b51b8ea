import { type OrderStatusCode, orderStatuses, shippingEvidenceStatuses } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import {
  type ActorRole,
  actorRoles,
  checkMove,
  holdsAssignment,
  initialStatus,
  knownNameOfStatus,
  mayMove,
  moveBetween,
  needsShippingEvidence,
  nextStatusesFor,
  offeredMoves,
  orderStatusList,
  orderStatusTable,
} from '../../src/modules/orders/order-status.js';

const codes = orderStatuses.map((status) => status.code_name);

// Written by hand from ../shared/handbook/orders.md, independently of the table: if the table drifts from the
// handbook, these fail.
const keyMovesAllowed: [OrderStatusCode, OrderStatusCode, ActorRole][] = [
  ['awaiting_payment', 'pending', 'payment'],
  ['awaiting_payment', 'cancelled', 'system'],
  ['awaiting_payment', 'cancelled', 'customer'],
  ['pending', 'accepted', 'merchant'],
  ['pending', 'cancelled', 'customer'],
  ['pending', 'cancelled', 'merchant'],
  ['accepted', 'ready_for_pickup', 'merchant'],
  ['accepted', 'cancelled', 'merchant'],
  ['ready_for_pickup', 'assigned', 'admin'],
  ['ready_for_pickup', 'assigned', 'superadmin'],
  ['ready_for_pickup', 'assigned', 'dispatcher'],
  ['ready_for_pickup', 'assigned', 'scheduler'],
  ['assigned', 'picked_up', 'partner'],
  ['assigned', 'picked_up', 'dispatcher'],
  ['assigned', 'declined', 'partner'],
  ['declined', 'assigned', 'admin'],
  ['picked_up', 'at_hub', 'partner'],
  ['assigned', 'at_hub', 'admin'],
  ['in_transit', 'out_for_delivery', 'dispatcher'],
  ['out_for_delivery', 'delivered', 'dispatcher'],
  ['out_for_delivery', 'delivery_failed', 'dispatcher'],
  ['delivery_failed', 'out_for_delivery', 'dispatcher'],
  ['delivered', 'completed', 'system'],
];

const keyMovesRefused: [OrderStatusCode, OrderStatusCode, ActorRole][] = [
  // Only a verified payment makes an order pending: never the browser's customer, never checkout itself.
  ['awaiting_payment', 'pending', 'customer'],
  ['awaiting_payment', 'pending', 'checkout'],
  ['awaiting_payment', 'pending', 'merchant'],
  // A merchant cannot skip acceptance, nor accept an unpaid order.
  ['awaiting_payment', 'accepted', 'merchant'],
  ['pending', 'ready_for_pickup', 'merchant'],
  // The customer cancels only before acceptance; the merchant only before pickup.
  ['accepted', 'cancelled', 'customer'],
  ['picked_up', 'cancelled', 'merchant'],
  ['out_for_delivery', 'cancelled', 'merchant'],
  // Assignment belongs to the admin group, not to the merchant or the partner.
  ['ready_for_pickup', 'assigned', 'merchant'],
  ['ready_for_pickup', 'assigned', 'partner'],
  // Only the partner declines; a dispatcher does not.
  ['assigned', 'declined', 'dispatcher'],
  // Delivery is the carrier's, with the token; never the merchant's, the admin's or the customer's.
  ['out_for_delivery', 'delivered', 'merchant'],
  ['out_for_delivery', 'delivered', 'admin'],
  ['out_for_delivery', 'delivered', 'customer'],
  // Completion is the system's, when the return window passes.
  ['delivered', 'completed', 'admin'],
  ['delivered', 'accepted', 'merchant'],
  // Finished orders stay finished.
  ['completed', 'returned', 'merchant'],
  ['cancelled', 'pending', 'payment'],
  ['returned', 'delivered', 'dispatcher'],
];

describe('order status table', () => {
  it('has one row per contract status, in the contract order, with its known name', () => {
    expect(orderStatusTable.map((rule) => rule.code)).toEqual(codes);
    expect(orderStatusTable.find((rule) => rule.code === 'declined')?.knownName).toBe('Declined by partner');
    expect(orderStatusList()).toEqual(orderStatuses.map((status, index) => ({ id: index + 1, ...status })));
  });

  it('only moves to known statuses, never to itself, and names only known roles', () => {
    for (const rule of orderStatusTable) {
      for (const move of rule.next) {
        expect(codes).toContain(move.to);
        expect(move.to).not.toBe(rule.code);
        expect(move.roles.length).toBeGreaterThan(0);
        for (const role of move.roles) expect(actorRoles).toContain(role);
      }
      expect(new Set(rule.next.map((move) => move.to)).size).toBe(rule.next.length);
    }
  });

  it('enters at awaiting payment by checkout only, and checkout makes no other move', () => {
    expect(initialStatus).toEqual({ to: 'awaiting_payment', roles: ['checkout'] });
    for (const rule of orderStatusTable)
      for (const move of rule.next) expect(move.roles).not.toContain('checkout');
  });

  it('ends at completed, cancelled and returned, and reaches every status from awaiting payment', () => {
    expect(orderStatusTable.filter((rule) => rule.next.length === 0).map((rule) => rule.code)).toEqual([
      'completed',
      'cancelled',
      'returned',
    ]);
    const reached = new Set<string>(['awaiting_payment']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const rule of orderStatusTable) {
        if (!reached.has(rule.code)) continue;
        for (const move of rule.next) {
          if (!reached.has(move.to)) {
            reached.add(move.to);
            grew = true;
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...codes].sort());
  });

  it('asks for the delivery token on the way to delivered and a photo on pickup and a failed delivery, nowhere else', () => {
    const needing = orderStatusTable.flatMap((rule) =>
      rule.next.filter((move) => move.needs).map((move) => [rule.code, move.to, move.needs]),
    );
    expect(needing).toEqual([
      ['assigned', 'picked_up', 'shipping_evidence'],
      ['out_for_delivery', 'delivered', 'delivery_token'],
      ['out_for_delivery', 'delivery_failed', 'shipping_evidence'],
    ]);
    // The web learns which moves ask for a photo from the contract: the same statuses.
    const photoMoves = needing.filter(([, , needs]) => needs === 'shipping_evidence').map(([, to]) => to);
    expect([...new Set(photoMoves)].sort()).toEqual([...shippingEvidenceStatuses].sort());
  });
});

describe('key moves written by hand from orders.md', () => {
  it.each(keyMovesAllowed)('%s → %s by %s is allowed', (from, to, role) => {
    expect(mayMove(from, to, role)).toBe(true);
  });

  it.each(keyMovesRefused)('%s → %s by %s is refused', (from, to, role) => {
    expect(mayMove(from, to, role)).toBe(false);
  });

  it('refuses unknown statuses', () => {
    expect(mayMove('shipped', 'delivered', 'dispatcher')).toBe(false);
    expect(moveBetween('shipped', 'delivered')).toBeUndefined();
    expect(nextStatusesFor('shipped', 'admin')).toEqual([]);
  });

  it('answers what next for a few callers', () => {
    expect(nextStatusesFor('pending', 'merchant')).toEqual(['accepted', 'cancelled']);
    expect(nextStatusesFor('pending', 'customer')).toEqual(['cancelled']);
    expect(nextStatusesFor('assigned', 'partner')).toEqual(['picked_up', 'declined']);
    expect(nextStatusesFor('out_for_delivery', 'dispatcher')).toEqual(['delivered', 'delivery_failed']);
    expect(nextStatusesFor('delivered', 'customer')).toEqual([]);
    expect(nextStatusesFor('completed', 'superadmin')).toEqual([]);
  });
});

describe('what a move needs besides the role, written by hand from orders.md and ADR 040', () => {
  const partnerOrder = (status: string) => ({
    status,
    carrierKind: 'partner',
    partnerId: 'p-1',
    dispatcherId: null,
  });
  const dispatcherOrder = (status: string) => ({
    status,
    carrierKind: 'dispatcher',
    partnerId: null,
    dispatcherId: 'd-1',
  });
  const settled = { approved: true, goodsReceived: true, decided: 'refund', coversEveryUnit: true } as const;

  it.each([
    // [case, order, to, actor, facts, refusal]
    [
      'delivered → returned by the store with no return',
      partnerOrder('delivered'),
      'returned',
      { role: 'merchant', id: 'm' },
      {},
      'money-step',
    ],
    [
      'delivered → returned with goods received but nothing decided',
      partnerOrder('delivered'),
      'returned',
      { role: 'merchant', id: 'm' },
      { settledReturn: { ...settled, decided: null } },
      'money-step',
    ],
    [
      'delivered → returned for a return of some units only',
      partnerOrder('delivered'),
      'returned',
      { role: 'merchant', id: 'm' },
      { settledReturn: { ...settled, coversEveryUnit: false } },
      'money-step',
    ],
    [
      'delivered → returned refunded before the goods came back',
      partnerOrder('delivered'),
      'returned',
      { role: 'merchant', id: 'm' },
      { settledReturn: { ...settled, goodsReceived: false } },
      'money-step',
    ],
    [
      'delivered → returned by an admin even with a settled return',
      partnerOrder('delivered'),
      'returned',
      { role: 'admin', id: 'a' },
      { settledReturn: settled },
      'role',
    ],
    [
      'delivery failed → returned by a dispatcher not assigned',
      partnerOrder('delivery_failed'),
      'returned',
      { role: 'dispatcher', id: 'd-9' },
      { refundBooked: true },
      'not-assignee',
    ],
    [
      'delivery failed → returned by another partner',
      partnerOrder('delivery_failed'),
      'returned',
      { role: 'partner', id: 'p-2' },
      { refundBooked: true },
      'not-assignee',
    ],
    [
      'delivery failed → returned by its partner without the refund',
      partnerOrder('delivery_failed'),
      'returned',
      { role: 'partner', id: 'p-1' },
      {},
      'money-step',
    ],
    [
      'a partner picks up an order assigned to a dispatcher',
      dispatcherOrder('assigned'),
      'picked_up',
      { role: 'partner', id: 'p-1' },
      { shippingEvidence: true },
      'not-assignee',
    ],
    [
      'a partner declines another partner’s order',
      partnerOrder('assigned'),
      'declined',
      { role: 'partner', id: 'p-2' },
      {},
      'not-assignee',
    ],
    [
      'a paid order cancelled by the store without its refund',
      partnerOrder('accepted'),
      'cancelled',
      { role: 'merchant', id: 'm' },
      {},
      'money-step',
    ],
    [
      'completion before the return window passed',
      partnerOrder('delivered'),
      'completed',
      { role: 'system', id: null },
      { returnWindowPassed: false },
      'money-step',
    ],
    [
      'delivery without the customer’s token',
      dispatcherOrder('out_for_delivery'),
      'delivered',
      { role: 'dispatcher', id: 'd-1' },
      {},
      'delivery-token',
    ],
  ] as const)('refuses %s', (_case, order, to, actor, facts, refusal) => {
    expect(checkMove(order, to, actor, facts)).toBe(refusal);
  });

  it.each([
    [
      'delivered → returned by the store with its received, refunded return',
      partnerOrder('delivered'),
      'returned',
      { role: 'merchant', id: 'm' },
      { settledReturn: settled },
    ],
    [
      'delivered → returned with a replacement sent for the received goods',
      partnerOrder('delivered'),
      'returned',
      { role: 'merchant', id: 'm' },
      { settledReturn: { ...settled, decided: 'replace' } },
    ],
    [
      'delivery failed → returned by its own dispatcher, refunded',
      dispatcherOrder('delivery_failed'),
      'returned',
      { role: 'dispatcher', id: 'd-1' },
      { refundBooked: true },
    ],
    [
      'the platform hub (admin) takes in a partner’s parcel',
      partnerOrder('picked_up'),
      'at_hub',
      { role: 'admin', id: 'a' },
      {},
    ],
    [
      'a dispatcher assigns an order carried by no one',
      { status: 'ready_for_pickup', carrierKind: null, partnerId: null, dispatcherId: null },
      'assigned',
      { role: 'dispatcher', id: 'd-9' },
      {},
    ],
    [
      'completion once the window passed',
      partnerOrder('delivered'),
      'completed',
      { role: 'system', id: null },
      { returnWindowPassed: true },
    ],
    [
      'the store cancels a paid order with its refund booked',
      partnerOrder('pending'),
      'cancelled',
      { role: 'merchant', id: 'm' },
      { refundBooked: true },
    ],
  ] as const)('allows %s', (_case, order, to, actor, facts) => {
    expect(checkMove(order, to, actor, facts)).toBeNull();
  });
});

// Issue 29, mutation testing: the judge of a move, pinned rule by rule (each was a mutant no test noticed).
describe('the judge of a move, for carriers and the money step', () => {
  const order = (status: string, carrier: 'partner' | 'dispatcher' | null = null) => ({
    status,
    carrierKind: carrier,
    partnerId: carrier === 'partner' ? 'p-own' : null,
    dispatcherId: carrier === 'dispatcher' ? 'd-own' : null,
  });
  const carryingStatuses = [
    'picked_up',
    'at_hub',
    'in_transit',
    'out_for_delivery',
    'delivery_failed',
  ] as const;

  it('only the carrier holding the assignment holds it: not another of its kind, not the other kind, not nobody', () => {
    expect(holdsAssignment(order('picked_up', 'partner'), { role: 'partner', id: 'p-own' })).toBe(true);
    expect(holdsAssignment(order('picked_up', 'partner'), { role: 'partner', id: 'p-other' })).toBe(false);
    expect(holdsAssignment(order('picked_up', 'dispatcher'), { role: 'partner', id: 'd-own' })).toBe(false);
    expect(holdsAssignment(order('picked_up', 'dispatcher'), { role: 'dispatcher', id: 'd-own' })).toBe(true);
    expect(holdsAssignment(order('picked_up', 'dispatcher'), { role: 'dispatcher', id: 'd-other' })).toBe(
      false,
    );
    expect(holdsAssignment(order('picked_up', 'partner'), { role: 'dispatcher', id: 'p-own' })).toBe(false);
    expect(holdsAssignment({ ...order('picked_up'), partnerId: null }, { role: 'partner', id: null })).toBe(
      false,
    );
    expect(holdsAssignment(order('picked_up', 'partner'), { role: 'admin', id: 'p-own' })).toBe(false);
    expect(holdsAssignment(order('picked_up', 'dispatcher'), { role: 'admin', id: 'd-own' })).toBe(false);
    // No account: never the holder, even of an order whose carrier is not recorded.
    expect(
      holdsAssignment({ ...order('picked_up', 'partner'), partnerId: null }, { role: 'partner', id: null }),
    ).toBe(false);
    // An order handed from one kind of carrier to the other keeps the old id: the kind decides.
    const handedOver = {
      status: 'picked_up',
      carrierKind: 'dispatcher',
      partnerId: 'p-old',
      dispatcherId: 'd-new',
    };
    expect(holdsAssignment(handedOver, { role: 'partner', id: 'p-old' })).toBe(false);
    const handedBack = {
      status: 'picked_up',
      carrierKind: 'partner',
      partnerId: 'p-new',
      dispatcherId: 'd-old',
    };
    expect(holdsAssignment(handedBack, { role: 'dispatcher', id: 'd-old' })).toBe(false);
  });

  it('every carrying move is its assignee’s alone; the admin group moves without holding it', () => {
    for (const status of carryingStatuses) {
      for (const move of orderStatusTable.find((row) => row.code === status)!.next) {
        // Assigning is the admin group's (a dispatcher among them), not a carrier's move.
        if (move.to === 'assigned') continue;
        expect(move.byAssignee, `${status} → ${move.to}`).toBe(true);
        const facts = { deliveryTokenChecked: true, shippingEvidence: true, refundBooked: true };
        expect(checkMove(order(status, 'partner'), move.to, { role: 'partner', id: 'p-other' }, facts)).toBe(
          'not-assignee',
        );
        expect(
          checkMove(order(status, 'partner'), move.to, { role: 'partner', id: 'p-own' }, facts),
        ).toBeNull();
        expect(offeredMoves(order(status, 'partner'), { role: 'partner', id: 'p-other' })).not.toContain(
          move.to,
        );
        expect(offeredMoves(order(status, 'partner'), { role: 'partner', id: 'p-own' })).toContain(move.to);
      }
    }
    expect(offeredMoves(order('picked_up', 'partner'), { role: 'admin', id: 'a1' })).toEqual(['at_hub']);
    // Another dispatcher is offered none of the assignee's moves.
    expect(offeredMoves(order('in_transit', 'dispatcher'), { role: 'dispatcher', id: 'd-other' })).toEqual(
      [],
    );
    expect(offeredMoves(order('in_transit', 'dispatcher'), { role: 'dispatcher', id: 'd-own' })).toEqual([
      'out_for_delivery',
    ]);
    expect(checkMove(order('picked_up', 'partner'), 'at_hub', { role: 'admin', id: 'a1' }, {})).toBeNull();
  });

  it('refuses a move the table lacks, one without its photo, and a cancellation whose refund is not booked', () => {
    expect(checkMove(order('pending'), 'delivered', { role: 'merchant', id: 'm' }, {})).toBe('no-such-move');
    expect(checkMove(order('nonsense'), 'pending', { role: 'payment', id: null }, {})).toBe('no-such-move');
    const failed = { role: 'partner' as const, id: 'p-own' };
    expect(checkMove(order('out_for_delivery', 'partner'), 'delivery_failed', failed, {})).toBe(
      'shipping-evidence',
    );
    expect(
      checkMove(order('out_for_delivery', 'partner'), 'delivery_failed', failed, { shippingEvidence: true }),
    ).toBeNull();
    expect(
      checkMove(order('out_for_delivery', 'partner'), 'delivered', failed, { shippingEvidence: true }),
    ).toBe('delivery-token');
    for (const from of ['pending', 'accepted', 'ready_for_pickup', 'assigned', 'declined']) {
      const merchant = { role: 'merchant' as const, id: 'm' };
      if (!mayMove(from, 'cancelled', 'merchant')) continue;
      expect(checkMove(order(from), 'cancelled', merchant, {}), from).toBe('money-step');
      expect(checkMove(order(from), 'cancelled', merchant, { refundBooked: true }), from).toBeNull();
    }
    expect(checkMove(order('pending'), 'cancelled', { role: 'customer', id: 'c' }, {})).toBe('money-step');
  });

  it('offers no move on an unknown status, and never the moves another module or the system makes', () => {
    expect(offeredMoves(order('nonsense'), { role: 'admin', id: 'a' })).toEqual([]);
    expect(offeredMoves(order('delivered'), { role: 'merchant', id: 'm' })).toEqual([]);
    expect(offeredMoves(order('delivered'), { role: 'system', id: null })).toEqual([]);
    expect(offeredMoves(order('pending'), { role: 'merchant', id: 'm' })).toEqual(['accepted', 'cancelled']);
  });

  it('names statuses as the contract does, and asks for a photo where the contract says', () => {
    expect(knownNameOfStatus('pending')).toBe(
      orderStatuses.find((status) => status.code_name === 'pending')!.known_name,
    );
    expect(knownNameOfStatus('nonsense')).toBe('nonsense');
    for (const code of codes)
      expect(needsShippingEvidence(code)).toBe(
        (shippingEvidenceStatuses as readonly string[]).includes(code),
      );
    expect(shippingEvidenceStatuses.length).toBeGreaterThan(0);
  });
});
