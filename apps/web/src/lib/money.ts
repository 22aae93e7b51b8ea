import { formatNaira, nairaToKobo } from '@market/contracts';

/**
 * Money is converted and shown in one place, the shared contracts: integer kobo inside, `₦12,500.00` outside.
 * API prices are naira numbers with 2 decimals: show them with `formatNaira(nairaToKobo(price))`.
 */
export { formatNaira, koboToNaira, nairaToKobo } from '@market/contracts';

/** An API amount (naira with 2 decimals) as shown: `₦12,500.00`. Only converts; never adds or multiplies. */
export function formatApiNaira(naira: number): string {
  return formatNaira(nairaToKobo(naira));
}

/**
 * Whole percent the selling price is below the regular (compare-at) price, rounded down so a label never
 * promises more than is given: ₦86,000 of ₦100,000 is 14 % off, ₦82,000 is 18 %. Integer kobo in, integer out;
 * 0 when nothing is off. The label is always computed from the prices shown beside it (a variant's own).
 */
export function percentOff(sellingKobo: number, regularKobo: number): number {
  if (!Number.isSafeInteger(sellingKobo) || !Number.isSafeInteger(regularKobo))
    throw new RangeError('percentOff takes integer kobo');
  if (regularKobo <= 0 || sellingKobo >= regularKobo) return 0;
  const hundredths = (regularKobo - Math.max(0, sellingKobo)) * 100;
  return (hundredths - (hundredths % regularKobo)) / regularKobo;
}

/**
 * A short amount for a chart's axis, where `₦12,500,000.00` would be cut off at 360 px: `₦12.5m`, `₦350k`, `₦900`.
 * Never for a figure a person acts on; those use `formatNaira`.
 */
export function formatNairaShort(kobo: number): string {
  const naira = kobo / 100;
  const size = Math.abs(naira);
  const trim = (value: number) => String(Number(value.toFixed(1)));
  if (size >= 1e9) return `₦${trim(naira / 1e9)}bn`;
  if (size >= 1e6) return `₦${trim(naira / 1e6)}m`;
  if (size >= 1e3) return `₦${trim(naira / 1e3)}k`;
  return `₦${Math.round(naira)}`;
}
