import type { Db } from '../../platform/db/client.js';
import { findAccountById } from '../auth/index.js';
import { findStoreById, findStoreShippingPlaces } from './stores.repository.js';

// A store's public reads for the modules that deal with it (issue 30: read through the owner's index, not a table
// of functions handed in): where a carrier collects its parcels, its tax registration, and its owner to mail.

/** Where a carrier collects the store's parcels: where it ships from, else its onboarding pickup place; its phone. */
export async function storePickupPlace(
  executor: Db,
  storeId: string,
): Promise<{ address: string; phoneNumber: string | null }> {
  const [store, places] = await Promise.all([
    findStoreById(executor, storeId),
    findStoreShippingPlaces(executor, storeId),
  ]);
  const location = places?.shippingLocation;
  const pickup = places?.pickupLocation;
  const address = location
    ? [location.street, location.city, location.state].filter(Boolean).join(', ')
    : pickup
      ? [pickup.street, pickup.lga, pickup.state].filter(Boolean).join(', ')
      : 'Ask the store for its pickup address';
  return { address, phoneNumber: store?.storePhoneNumber ?? null };
}

/** The store's own TIN and VAT registration, for the customer's receipt. */
export async function storeTaxOf(
  executor: Db,
  storeId: string,
): Promise<{ tin: string | null; isVatRegistered: boolean }> {
  const store = await findStoreById(executor, storeId);
  return { tin: store?.tin ?? null, isVatRegistered: store?.isVatRegistered ?? false };
}

/** A store's owner as the subscriptions' and bank accounts' mail address them. */
export async function storeOwnerContact(
  executor: Db,
  storeId: string,
): Promise<{ email: string; firstName: string; storeName: string } | undefined> {
  const store = await findStoreById(executor, storeId);
  const owner = store ? await findAccountById(executor, store.merchantId) : undefined;
  return store && owner
    ? { email: owner.email, firstName: owner.firstName, storeName: store.storeName }
    : undefined;
}
