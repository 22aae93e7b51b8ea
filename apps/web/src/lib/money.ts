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
