import { describe, expect, it } from 'vitest';
import {
  actualGrams,
  chargeableHalfKilos,
  chargeableWeight,
  chooseVehicle,
  feeFor,
  lagosCaseOf,
  lagosFlags,
  type ShipmentItem,
  volumetricGrams,
  weightFeeKobo,
} from '../../src/modules/shipping/shipping.fees.js';

const item = (overrides: Partial<ShipmentItem> = {}): ShipmentItem => ({
  weight: 1,
  weightUnit: 'kg',
  dimension: null,
  dimensionUnit: 'cm',
  quantity: 1,
  isDigital: false,
  ...overrides,
});

const vehicles = [
  { id: 'truck', name: 'Truck', maxWeightGrams: 5_000_000, surchargeKobo: 2_500_000, betweenStates: true },
  { id: 'bike', name: 'Bike', maxWeightGrams: 10_000, surchargeKobo: 0, betweenStates: false },
  { id: 'van', name: 'Van', maxWeightGrams: 500_000, surchargeKobo: 800_000, betweenStates: true },
  { id: 'car', name: 'Car', maxWeightGrams: 50_000, surchargeKobo: 200_000, betweenStates: true },
];

describe('chargeable weight', () => {
  it('uses the actual weight when it is the larger, rounded up to the next half kilo', () => {
    expect(chargeableWeight([item({ weight: 1.2 })])).toBe(1.5);
    expect(chargeableWeight([item({ weight: 1.5 })])).toBe(1.5);
    expect(chargeableWeight([item({ weight: 1.51 })])).toBe(2);
    expect(chargeableWeight([item({ weight: 0.1 })])).toBe(0.5);
  });

  it('uses the volumetric weight (L×W×H/5000) when it is the larger', () => {
    // 50 × 40 × 30 cm = 60,000 cm³ → 12 kg volumetric against 2 kg actual.
    const bulky = item({ weight: 2, dimension: { length: 50, width: 40, height: 30 } });
    expect(volumetricGrams(bulky)).toBe(12_000);
    expect(chargeableWeight([bulky])).toBe(12);
    // A small dense item: 10 × 10 × 10 cm = 0.2 kg volumetric against 3 kg actual.
    expect(chargeableWeight([item({ weight: 3, dimension: { length: 10, width: 10, height: 10 } })])).toBe(3);
  });

  it('converts grams, metres and inches', () => {
    expect(actualGrams(item({ weight: 750, weightUnit: 'g' }))).toBe(750);
    expect(chargeableWeight([item({ weight: 750, weightUnit: 'g' })])).toBe(1);
    // 0.5 × 0.4 × 0.3 m is the 50 × 40 × 30 cm box above.
    expect(
      chargeableWeight([
        item({
          weight: 100,
          weightUnit: 'g',
          dimension: { length: 0.5, width: 0.4, height: 0.3 },
          dimensionUnit: 'm',
        }),
      ]),
    ).toBe(12);
    // 10 × 10 × 10 in = 16,387.064 cm³ → 3.2774 kg → 3.5 kg.
    expect(
      chargeableWeight([
        item({ weight: 1, dimension: { length: 10, width: 10, height: 10 }, dimensionUnit: 'in' }),
      ]),
    ).toBe(3.5);
  });

  it('counts a product without weight as half a kilo, multiplies by quantity and sums lines before rounding', () => {
    expect(chargeableWeight([item({ weight: null })])).toBe(0.5);
    expect(chargeableWeight([item({ weight: null, quantity: 3 })])).toBe(1.5);
    // 0.3 kg × 2 + 0.3 kg = 0.9 kg → 1 kg (rounded once, not per line).
    expect(chargeableWeight([item({ weight: 0.3, quantity: 2 }), item({ weight: 0.3 })])).toBe(1);
    expect(chargeableHalfKilos([item({ weight: 0.3, quantity: 2 }), item({ weight: 0.3 })])).toBe(2);
  });

  it('does not let floating-point noise add a gram', () => {
    // 1.2 × 1000 is 1200.0000000000002 in floating point.
    expect(actualGrams(item({ weight: 1.2 }))).toBe(1200);
    expect(chargeableWeight([item({ weight: 0.5 }), item({ weight: 0.5 })])).toBe(1);
  });

  it('weighs digital products at nothing', () => {
    expect(chargeableWeight([item({ isDigital: true, weight: 5 })])).toBe(0);
    expect(chargeableWeight([item({ isDigital: true }), item({ weight: 1 })])).toBe(1);
  });
});

describe('vehicle choice', () => {
  const within = { betweenStates: false };
  const across = { betweenStates: true };

  it('picks the smallest vehicle whose maximum weight fits, within a state', () => {
    expect(chooseVehicle(vehicles, 1, within)?.id).toBe('bike');
    expect(chooseVehicle(vehicles, 20, within)?.id).toBe('bike'); // exactly 10 kg
    expect(chooseVehicle(vehicles, 21, within)?.id).toBe('car');
    expect(chooseVehicle(vehicles, 101, within)?.id).toBe('van');
    expect(chooseVehicle(vehicles, 1001, within)?.id).toBe('truck');
    expect(chooseVehicle(vehicles, 10_001, within)).toBeUndefined();
    expect(chooseVehicle([], 1, within)).toBeUndefined();
  });

  it('never sends a delivery between states by bike: Lagos → Enugu, 5 kg, goes by car (issue 34, item 6)', () => {
    expect(chooseVehicle(vehicles, 10, across)?.id).toBe('car');
    expect(chooseVehicle(vehicles, 1, across)?.id).toBe('car');
    expect(chooseVehicle(vehicles, 101, across)?.id).toBe('van');
    // Only within-state vehicles set up: nothing makes the trip.
    expect(chooseVehicle([vehicles[1]!], 1, across)).toBeUndefined();
  });
});

describe('Lagos cases', () => {
  it('names exactly one case when Lagos is at either end, none otherwise', () => {
    expect(lagosFlags('Lagos', 'Lagos')).toEqual({
      withinLagos: true,
      lagosMerchant: false,
      lagosCustomer: false,
    });
    expect(lagosFlags('Lagos', 'Kano')).toEqual({
      withinLagos: false,
      lagosMerchant: true,
      lagosCustomer: false,
    });
    expect(lagosFlags('Rivers', 'Lagos')).toEqual({
      withinLagos: false,
      lagosMerchant: false,
      lagosCustomer: true,
    });
    expect(lagosFlags('Oyo', 'Ogun')).toEqual({
      withinLagos: false,
      lagosMerchant: false,
      lagosCustomer: false,
    });
    expect(lagosCaseOf(lagosFlags('Lagos', 'Lagos'))).toBe('withinLagos');
    expect(lagosCaseOf(lagosFlags('Lagos', 'Kano'))).toBe('lagosMerchant');
    expect(lagosCaseOf(lagosFlags('Kano', 'Lagos'))).toBe('lagosCustomer');
    expect(lagosCaseOf(lagosFlags('Kano', 'Oyo'))).toBeNull();
  });
});

describe('fee arithmetic', () => {
  it('is base + perKg × kg + surcharge in integer kobo', () => {
    // ₦2,500 + ₦300/kg × 1.5 kg + ₦0 = ₦2,950.
    expect(feeFor({ baseKobo: 250_000, perKgKobo: 30_000 }, 3, 0)).toEqual({
      baseKobo: 250_000,
      weightKobo: 45_000,
      surchargeKobo: 0,
      feeKobo: 295_000,
    });
    // ₦4,500 + ₦500/kg × 12 kg + ₦2,000 car = ₦12,500.
    expect(feeFor({ baseKobo: 450_000, perKgKobo: 50_000 }, 24, 200_000).feeKobo).toBe(1_250_000);
  });

  it('rounds a trailing half kobo up and never yields a fraction', () => {
    expect(weightFeeKobo(30_001, 1)).toBe(15_001);
    expect(weightFeeKobo(30_001, 2)).toBe(30_001);
    for (let halfKilos = 0; halfKilos < 50; halfKilos++) {
      expect(Number.isInteger(feeFor({ baseKobo: 123_457, perKgKobo: 33_333 }, halfKilos, 99).feeKobo)).toBe(
        true,
      );
    }
  });
});
