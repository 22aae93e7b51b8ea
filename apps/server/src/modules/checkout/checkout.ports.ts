import type { Db } from '../../platform/db/client.js';

// What checkout needs from the modules around it, as plain functions handed in by buildApp.
// Checkout never reads another module's tables; each port is implemented by that module's service.

export interface AddressForCheckout {
  id: string;
  fullName: string;
  phoneNumber: string;
  emailAddress: string | null;
  stateOrRegion: string;
  lga: string;
  address: string;
}

export interface ShipmentItem {
  weight: number | null;
  weightUnit: 'kg' | 'g';
  dimension: { length: number; width: number; height: number } | null;
  dimensionUnit: 'cm' | 'm' | 'in';
  quantity: number;
  isDigital: boolean;
}

export interface ShipmentQuote {
  feeKobo: number;
  chargeableWeightKg: number;
  vehicle: { id: string; name: string } | null;
  withinLagos: boolean;
  lagosMerchant: boolean;
  lagosCustomer: boolean;
}

export interface CouponLine {
  productId: string;
  storeId: string;
  categoryIds: string[];
  unitPriceKobo: number;
  quantity: number;
}

export interface AppliedCoupon {
  couponId: string;
  code: string | null;
  storeId: string;
  discountKobo: number;
  rewardProductIds: string[];
  description?: string | null;
}

export interface CouponEvaluation {
  applied: AppliedCoupon[];
  rejected: { code: string; reason: string }[];
}

export interface AppliedGiftCardBalance {
  id: string;
  last4: string;
  balanceKobo: number;
}

export interface CheckoutPorts {
  findAddress(executor: Db, customerId: string, addressId: string): Promise<AddressForCheckout | undefined>;
  defaultAddress(executor: Db, customerId: string): Promise<AddressForCheckout | undefined>;
  storeOrigin(executor: Db, storeId: string): Promise<{ state: string; lga?: string } | undefined>;
  quoteShipment(
    executor: Db,
    input: {
      origin: { state: string; lga?: string };
      destination: { state: string; lga?: string };
      items: ShipmentItem[];
    },
  ): Promise<ShipmentQuote>;
  appliedCouponCodes(executor: Db, customerId: string): Promise<string[]>;
  evaluateCoupons(
    executor: Db,
    input: { customerId: string; codes: string[]; lines: CouponLine[]; now: Date },
  ): Promise<CouponEvaluation>;
  recordRedemptions(
    executor: Db,
    input: { trackerId: string; customerId: string; applied: AppliedCoupon[] },
  ): Promise<unknown>;
  appliedGiftCards(executor: Db, customerId: string): Promise<AppliedGiftCardBalance[]>;
  holdGiftCards(
    executor: Db,
    input: { trackerId: string; customerId: string; cardIds: string[]; amountKobo: number },
  ): Promise<{ heldKobo: number }>;
  releaseGiftCards(executor: Db, trackerId: string): Promise<unknown>;
  confirmGiftCards(executor: Db, trackerId: string): Promise<unknown>;
}
