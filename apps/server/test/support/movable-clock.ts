import { createMemoryResponseCache } from '../../src/platform/http/response-cache.js';
import { type CommerceSetup, commerceSetup, type SellingStore, sellingStore } from './commerce-factory.js';
import { createTestApp, type TestApp } from './test-app.js';

/** A clock a test moves (a sale's Lagos days, a cached listing's expiry) by setting `offsetMs`. */
export interface MovableClock {
  offsetMs: number;
  now(): Date;
}

export function movableClock(): MovableClock {
  const clock: MovableClock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
  return clock;
}

/** An app on that clock, with a response cache that expires by it too, and a store selling in it. */
export async function sellingStoreOnClock(
  clock: MovableClock,
): Promise<{ test: TestApp; setup: CommerceSetup; store: SellingStore }> {
  const test = await createTestApp({
    now: clock.now,
    responseCache: createMemoryResponseCache(() => clock.now().getTime()),
  });
  const setup = await commerceSetup(test);
  return { test, setup, store: await sellingStore(test, setup) };
}
