import { findLga, findState, koboToNaira, type ShippingQuote } from '@market/contracts';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import { findCustomerAddress } from '../addresses/index.js';
import { findShippingFacts } from '../catalog/index.js';
import { findStoreShippingPlaces } from '../stores/index.js';
import type { ShippingContext } from './shipping.context.js';
import type { ShipmentItem } from './shipping.fees.js';
import { type Place, quoteShipment, storeOrigin } from './shipping.quote.js';

// A customer's quote for one store's items to an address or a place: `GET /api/shipping/calculate`.

/** quoteShipment names fields of its own input; the HTTP answer names the query's fields instead. */
function asQueryError(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'VALIDATION_ERROR' || !error.details) return error;
  const rename = (path: string) =>
    path === 'items' ? 'query.items' : path.startsWith('destination.') ? `query.${path.slice(12)}` : path;
  return new AppError(
    error.code,
    error.message,
    error.details.map((detail) => ({ ...detail, path: rename(detail.path) })),
  );
}

export async function calculate(
  ctx: ShippingContext,
  customerId: string,
  query: {
    storeId: string;
    addressId?: string;
    state?: string;
    lga?: string;
    items: { productId: string; quantity: number }[];
  },
): Promise<ShippingQuote> {
  const origin = await storeOrigin(ctx.db, query.storeId);
  if (origin === undefined) {
    if (!(await findStoreShippingPlaces(ctx.db, query.storeId))) throw notFound('Store not found');
    throw conflict('This store has not said where it ships from yet');
  }
  let destination: Place;
  if (query.addressId) {
    const address = await findCustomerAddress(ctx.db, customerId, query.addressId);
    if (!address) throw notFound('Shipping address not found');
    destination = { state: address.stateOrRegion, lga: address.lga };
  } else {
    destination = { state: query.state!, ...(query.lga ? { lga: query.lga } : {}) };
    if (query.lga && !findLga(findState(query.state!)!, query.lga)) {
      throw validation('query.lga', `Choose an LGA of ${findState(query.state!)!.name}`);
    }
  }
  const facts = new Map(
    (
      await findShippingFacts(
        ctx.db,
        query.items.map((item) => item.productId),
      )
    ).map((row) => [row.id, row]),
  );
  const items: ShipmentItem[] = query.items.map((item) => {
    const product = facts.get(item.productId);
    if (!product || product.storeId !== query.storeId) {
      throw validation('query.items', `Product ${item.productId} is not sold by this store`);
    }
    return {
      weight: product.weight,
      weightUnit: product.weightUnit,
      dimension: product.dimension,
      dimensionUnit: product.dimensionUnit,
      quantity: item.quantity,
      isDigital: product.isDigital,
    };
  });
  const quote = await quoteShipment(ctx.db, { origin, destination, items }).catch((error: unknown) => {
    throw asQueryError(error);
  });
  return {
    storeId: query.storeId,
    shippingFee: koboToNaira(quote.feeKobo),
    breakdown: {
      rule: quote.rule,
      baseFee: koboToNaira(quote.baseKobo),
      weightFee: koboToNaira(quote.weightKobo),
      vehicleSurcharge: koboToNaira(quote.surchargeKobo),
    },
    chargeableWeightKg: quote.chargeableWeightKg,
    vehicle: quote.vehicle,
    withinLagos: quote.withinLagos,
    lagosMerchant: quote.lagosMerchant,
    lagosCustomer: quote.lagosCustomer,
    fromZone: quote.fromZone,
    toZone: quote.toZone,
    origin: quote.origin,
    destination: quote.destination,
  };
}
