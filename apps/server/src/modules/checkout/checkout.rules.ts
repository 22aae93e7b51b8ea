import { type CheckoutPricing, UNLIMITED } from '../cart/index.js';

// How much stock an unpaid checkout may hold, and for how long an account that lets checkouts expire is paused
// (ADR 042, 066; issue 24, 31).

/** Most units of one item (product or variant) one account's unpaid checkout may hold (ADR 042). */
export const MAX_HELD_UNITS_PER_ITEM = 10;
/** Most stock-limited units one account's unpaid checkout may hold in all (ADR 042). */
export const MAX_HELD_UNITS = 50;

/**
 * How many units of an item with `available` left one unpaid checkout may hold: half of what is left, rounded up,
 * but always two (a pair, or the last two units, can be bought as usual) and never more than
 * MAX_HELD_UNITS_PER_ITEM. Holding all of a product is what kept it sold out to everyone else while its holder
 * never paid (issue 24).
 */
export function holdLimit(available: number): number {
  return Math.min(MAX_HELD_UNITS_PER_ITEM, Math.max(2, Math.ceil(available / 2)));
}

/**
 * Once other shoppers' unpaid checkouts, every account's together, hold this share of a product's stock (what is
 * left plus what is held) or more, a checkout may add at most one unit of it (issue 31, ADR 066): half of it,
 * rounded up. Three accounts could hold all nine of a product 5 + 2 + 2; now the second and third take one each and
 * two are left for whoever comes next. A first shopper, or a second while less than half is held, buys as many as
 * the per-account limit allows (two of the last two; two and three of six).
 */
export function heldShare(stock: number): number {
  return Math.ceil(stock / 2);
}
/** An account whose checkouts expired unpaid this many times within HOLD_PAUSE_HOURS may not hold stock for a while. */
export const EXPIRED_CHECKOUTS_BEFORE_PAUSE = 3;
export const HOLD_PAUSE_HOURS = 24;

export const lagosTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export const lineName = (line: CheckoutPricing['stores'][number]['lines'][number]) =>
  line.variant
    ? `${line.product.name} (${[line.variant.size, line.variant.color].filter(Boolean).join(', ')})`
    : line.product.name;

/** The first line of a priced cart that holds more than an unpaid checkout may, as the customer reads it. */
export function overHoldLimit(pricing: CheckoutPricing): string | null {
  let held = 0;
  for (const store of pricing.stores) {
    for (const line of store.lines) {
      // Sold on when out of stock: holding it keeps nobody else from buying.
      if (line.availableQuantity >= UNLIMITED) continue;
      held += line.quantity;
      const limit = holdLimit(line.availableQuantity);
      if (line.quantity > limit)
        return `At most ${limit} of ${lineName(line)} can wait for payment in one checkout; pay for these, then buy more`;
    }
  }
  if (held > MAX_HELD_UNITS)
    return `At most ${MAX_HELD_UNITS} items can wait for payment in one checkout; pay for these, then buy more`;
  return null;
}

/**
 * The subject names the orders the customer will see on their order pages (issue 34 item 21), never the checkout's
 * payment reference: one order, up to three, or the first and how many more.
 */
export function confirmationSubject(names: string[]): string {
  if (names.length === 1) return `Your Naija Market order ${names[0]} is confirmed`;
  const listed =
    names.length <= 3
      ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
      : `${names[0]} and ${names.length - 1} more`;
  return `Your Naija Market orders ${listed} are confirmed`;
}
