import {
  findLga,
  findState,
  MAX_SHIPPING_ADDRESSES,
  type ShippingAddress,
  type ShippingAddressList,
  type shippingAddressBody,
  type shippingAddressUpdateBody,
} from '@market/contracts';
import type { z } from 'zod';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ReadPart } from '../../platform/db/prepared.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import {
  type AddressRow,
  chosenAndDefaultAddressPart,
  countAddresses,
  deleteAddress,
  findAddress,
  findDefaultAddress,
  insertAddress,
  listAddresses,
  lockCustomerAddresses,
  newestAddress,
  setDefault,
  updateAddress,
} from './addresses.repository.js';

type AddBody = z.output<typeof shippingAddressBody>;
type UpdateBody = z.output<typeof shippingAddressUpdateBody>;

const NOT_FOUND = 'Shipping address not found';

export function toShippingAddress(row: AddressRow): ShippingAddress {
  return {
    id: row.id,
    fullName: row.fullName,
    phoneNumber: row.phoneNumber,
    emailAddress: row.emailAddress,
    stateOrRegion: row.stateOrRegion,
    lga: row.lga,
    address: row.address,
    default: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One of the customer's addresses, or undefined (also when it is another customer's): for checkout and fees. */
export async function findCustomerAddress(
  executor: Db,
  customerId: string,
  addressId: string,
): Promise<ShippingAddress | undefined> {
  const row = await findAddress(executor, customerId, addressId);
  return row ? toShippingAddress(row) : undefined;
}

/**
 * `findCustomerAddress` of `addressId` (null: none) and `defaultAddress` at once, as a part of a read of several
 * modules (`readTogether`, ADR 087).
 */
export function checkoutAddressesPart(
  customerId: string,
  addressId: string | null,
): ReadPart<{ chosen?: ShippingAddress; fallback?: ShippingAddress }> {
  const part = chosenAndDefaultAddressPart(customerId, addressId);
  return {
    ...part,
    decode: (json) => {
      const { chosen, fallback } = part.decode(json);
      return {
        chosen: chosen ? toShippingAddress(chosen) : undefined,
        fallback: fallback ? toShippingAddress(fallback) : undefined,
      };
    },
  };
}

/** The customer's default address, or undefined when they have none. */
export async function defaultAddress(executor: Db, customerId: string): Promise<ShippingAddress | undefined> {
  const row = await findDefaultAddress(executor, customerId);
  return row ? toShippingAddress(row) : undefined;
}

/** The one-default index can only trip if the lock was bypassed; answer a retryable conflict, not a 500. */
async function guardDefault<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('Another change to your addresses happened at once; try again');
    throw error;
  }
}

export async function list(db: Db, customerId: string): Promise<ShippingAddressList> {
  const rows = (await listAddresses(db, customerId)).map(toShippingAddress);
  return { rows, count: rows.length };
}

export async function add(db: Db, customerId: string, body: AddBody): Promise<ShippingAddress> {
  const phoneNumber = normalizeNigerianPhone(body.phoneNumber);
  return guardDefault(() =>
    db.transaction(async (tx) => {
      await lockCustomerAddresses(tx, customerId);
      const existing = await countAddresses(tx, customerId);
      if (existing >= MAX_SHIPPING_ADDRESSES) {
        throw new AppError(
          'CONFLICT',
          `You can keep at most ${MAX_SHIPPING_ADDRESSES} shipping addresses; delete one first`,
        );
      }
      // The first address is the default whatever the body says, so a customer with addresses always has one.
      const makeDefault = existing === 0 || body.default === true;
      const row = await insertAddress(tx, {
        customerId,
        fullName: body.fullName,
        phoneNumber,
        emailAddress: body.emailAddress,
        stateOrRegion: body.stateOrRegion,
        lga: body.lga,
        address: body.address,
        isDefault: false,
      });
      if (!makeDefault) return toShippingAddress(row);
      return toShippingAddress((await setDefault(tx, customerId, row.id))!);
    }),
  );
}

export async function update(
  db: Db,
  customerId: string,
  id: string,
  body: UpdateBody,
): Promise<ShippingAddress> {
  const phoneNumber = body.phoneNumber === undefined ? undefined : normalizeNigerianPhone(body.phoneNumber);
  return guardDefault(() =>
    db.transaction(async (tx) => {
      await lockCustomerAddresses(tx, customerId);
      const current = await findAddress(tx, customerId, id);
      if (!current) throw notFound(NOT_FOUND);
      // The contract checks state and LGA together; a change of only one is checked against the stored other.
      const state = findState(body.stateOrRegion ?? current.stateOrRegion)!;
      const lga = findLga(state, body.lga ?? current.lga);
      if (!lga) throw validation('lga', `Choose an LGA of ${state.name}`);
      if (body.default === false && current.isDefault) {
        throw conflict('Make another address the default instead');
      }
      await updateAddress(tx, customerId, id, {
        ...(body.fullName === undefined ? {} : { fullName: body.fullName }),
        ...(phoneNumber === undefined ? {} : { phoneNumber }),
        ...(body.emailAddress === undefined ? {} : { emailAddress: body.emailAddress }),
        ...(body.address === undefined ? {} : { address: body.address }),
        stateOrRegion: state.name,
        lga,
      });
      const row =
        body.default === true ? await setDefault(tx, customerId, id) : await findAddress(tx, customerId, id);
      return toShippingAddress(row!);
    }),
  );
}

export async function remove(db: Db, customerId: string, id: string): Promise<void> {
  await guardDefault(() =>
    db.transaction(async (tx) => {
      await lockCustomerAddresses(tx, customerId);
      const removed = await deleteAddress(tx, customerId, id);
      if (!removed) throw notFound(NOT_FOUND);
      if (!removed.isDefault) return;
      const next = await newestAddress(tx, customerId);
      if (next) await setDefault(tx, customerId, next.id);
    }),
  );
}

export async function makeDefault(db: Db, customerId: string, id: string): Promise<ShippingAddress> {
  return guardDefault(() =>
    db.transaction(async (tx) => {
      await lockCustomerAddresses(tx, customerId);
      const row = await setDefault(tx, customerId, id);
      // setDefault cleared the others before finding the target missing: throwing rolls that back.
      if (!row) throw notFound(NOT_FOUND);
      return toShippingAddress(row);
    }),
  );
}

/**
 * A customer's shipping addresses. Named functions of the database (ADR 091, 105), bound here.
 */
export function createAddressesService(deps: Deps) {
  return {
    list: bound(deps.db, list),
    add: bound(deps.db, add),
    update: bound(deps.db, update),
    remove: bound(deps.db, remove),
    makeDefault: bound(deps.db, makeDefault),
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
