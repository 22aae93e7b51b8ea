/**
 * Money is converted and shown in one place, the shared contracts: integer kobo inside, `₦12,500.00` outside.
 * API prices are naira numbers with 2 decimals: show them with `formatNaira(nairaToKobo(price))`.
 */
export { formatNaira, koboToNaira, nairaToKobo } from '@market/contracts';
