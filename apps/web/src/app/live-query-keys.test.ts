import { describe, expect, it } from 'vitest';
import { liveQueryKeys } from '../features/notifications/api/live';
import { notificationKeys } from '../features/notifications/api/notifications';
import { ordersKeys } from '../features/orders/api/orders-keys';
import { returnsKeys } from '../features/returns/api/returns-keys';

// The live stream names what changed; each open screen about it must be asked again. The keys are the features'
// own, so a feature that renames its key breaks this test rather than a live screen.
describe('what a live event makes stale', () => {
  it("a customer's order page, refunds and returns follow an order move and news of money", () => {
    for (const names of [['orders'], ['notifications']] as const) {
      const keys = liveQueryKeys('customer', names);
      expect(keys).toContainEqual([...ordersKeys.all]);
      expect(keys).toContainEqual([...returnsKeys.all]);
    }
    expect(liveQueryKeys('customer', ['notifications'])).toContainEqual([
      ...notificationKeys.all('customer'),
    ]);
    expect(liveQueryKeys('customer', ['orders'])).not.toContainEqual([...notificationKeys.all('customer')]);
  });

  it("an admin's contact inbox follows a new message; a store's lists follow a move", () => {
    expect(liveQueryKeys('admin', ['notifications'])).toContainEqual(['contact', 'admin']);
    expect(liveQueryKeys('admin', ['orders'])).not.toContainEqual(['contact', 'admin']);
    expect(liveQueryKeys('merchant', ['orders'])).toEqual([['fulfilment']]);
    expect(liveQueryKeys('partner', ['notifications'])).toEqual([
      [...notificationKeys.all('partner')],
      ['fulfilment'],
    ]);
  });
});
