/**
 * An order's history is written once, in the customer's words ("The store accepted your order"), because the
 * customer's page shows it as it is. The store, the admins and the carriers read the same steps about someone
 * else's order, so their views say "the order" and "the customer" instead (issue 34, item 21). The rewrite is done
 * when the history is read, so steps written before this rule read right too.
 */
const staffWording: readonly (readonly [RegExp, string])[] = [
  [/Have your delivery token ready\./g, 'The customer gives the delivery token at the door.'],
  [/See Refunds on this order for your money\./g, 'See Refunds on this order for the customer’s money.'],
  [/ ?Thank you for shopping with us\./g, ''],
  [/\bYou pay\b/g, 'The customer pays'],
  [/\bYour order\b/g, 'The order'],
  [/\byour order\b/g, 'the order'],
];

/** A step of the order's history as the store, an admin or a carrier reads it. */
export function staffActivityText(activity: string): string {
  return staffWording.reduce(
    (text, [customerWords, staffWords]) => text.replace(customerWords, staffWords),
    activity,
  );
}
