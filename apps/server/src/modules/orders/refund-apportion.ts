// What a customer paid for some units of an order (ADR 026): each line's price less its own discount, less its share
// of the order's discount; shares and units by largest remainder, so every split sums exactly to the whole. Pure
// integer kobo arithmetic, unit-tested in test/returns/refund-apportion.test.ts.

/**
 * Splits `total` into integer parts proportional to `weights` that sum exactly to `total`: each part is the floor
 * of its exact share, and the kobo left over go one each to the largest fractional remainders (ties: the earlier
 * index). Zero weights get zero; all-zero weights split nothing.
 */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new Error(`total must be a whole number of kobo ≥ 0`);
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) {
    throw new Error('weights must be whole numbers ≥ 0');
  }
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0) return weights.map(() => 0);
  // BigInt: total × weight may pass 2^53 for large orders.
  const parts = weights.map((weight) => {
    const exact = BigInt(total) * BigInt(weight);
    return { floor: Number(exact / BigInt(sum)), remainder: Number(exact % BigInt(sum)) };
  });
  let left = total - parts.reduce((acc, part) => acc + part.floor, 0);
  const order = parts
    .map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const result = parts.map((part) => part.floor);
  for (const { index } of order) {
    if (left === 0) break;
    result[index]! += 1;
    left -= 1;
  }
  return result;
}

export interface PricedLine {
  unitPriceKobo: number;
  quantity: number;
  /** The line's own discount (kobo, for all its units). */
  discountKobo: number;
}

/** What was paid for each whole line: price × quantity − own discount − its share of the order's discount. */
export function paidPerLine(lines: readonly PricedLine[], orderDiscountKobo: number): number[] {
  const gross = lines.map((line) => Math.max(0, line.unitPriceKobo * line.quantity - line.discountKobo));
  const discount = Math.min(
    orderDiscountKobo,
    gross.reduce((acc, value) => acc + value, 0),
  );
  const shares = largestRemainder(discount, gross);
  return gross.map((value, index) => value - shares[index]!);
}

/**
 * What was paid for `count` units of a line, counting from unit number `from` (0-based): the line's amount is split
 * over its units by largest remainder (the first units carry the odd kobo), so refunding every unit of the line, in
 * any number of steps, adds up to exactly what was paid for it.
 */
export function unitsAmount(linePaidKobo: number, quantity: number, from: number, count: number): number {
  if (from < 0 || count < 0 || from + count > quantity) throw new Error('units out of range');
  const base = Math.floor(linePaidKobo / quantity);
  const odd = linePaidKobo - base * quantity;
  const oddUnits = Math.max(0, Math.min(from + count, odd) - Math.min(from, odd));
  return base * count + oddUnits;
}
