import type { OrderSearchKind } from '@market/contracts';
import { and, desc, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { orders } from './orders.schema.js';

// Admin search across stores (issue 35): the query is read as one kind, and each kind is a condition its own index
// answers (orders.schema.ts): LIKE 'prefix%' on text_pattern_ops for order names, phones and e-mails, a prefix
// full-text match for name words. No kind can fall back to reading every order.

export interface ReadSearch {
  kind: OrderSearchKind;
  where: SQL;
}

/** `%`, `_` and `\` are LIKE's own characters: escaped, a typed one matches only itself. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A Nigerian phone in any form people type (0803…, +234 803…, 234803…, 803…) as the start of its +234 form. */
function phonePrefix(query: string): string | undefined {
  if (!/^\+?[\d\s().-]+$/.test(query)) return undefined;
  const digits = query.replace(/\D/g, '');
  const national = digits.startsWith('234')
    ? digits.slice(3)
    : digits.startsWith('0')
      ? digits.slice(1)
      : digits;
  // Three national digits (the network's prefix, 803) are the least that is not most of the country.
  if (national.length < 3 || national.length > 10 || !/^[789]/.test(national)) return undefined;
  return `+234${national}`;
}

/** What the query is and the condition that finds it; undefined for text that can be none of them. */
export function readSearch(query: string): ReadSearch | undefined {
  const text = query.trim();
  if (/^NM-?[0-9A-Z]*$/i.test(text) && text.length >= 3) {
    const name = text.toUpperCase().replace(/^NM-?/, 'NM-');
    return { kind: 'orderName', where: sql`${orders.orderName} like ${likePrefix(name)}` };
  }
  const phone = phonePrefix(text);
  if (phone) {
    return { kind: 'phone', where: sql`(delivery_address->>'phoneNumber') like ${likePrefix(phone)}` };
  }
  if (text.includes('@')) {
    return {
      kind: 'email',
      where: sql`lower(delivery_address->>'emailAddress') like ${likePrefix(text.toLowerCase())}`,
    };
  }
  // Words of the name, each a prefix: "ada ob" finds "Ada Obi". Only letters and digits reach the tsquery.
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length > 0)
    .slice(0, 5);
  if (words.length === 0 || words.join('').length < 2) return undefined;
  const tsquery = words.map((word) => `${word}:*`).join(' & ');
  return {
    kind: 'name',
    where: sql`to_tsvector('simple', coalesce(delivery_address->>'fullName', '')) @@ to_tsquery('simple', ${tsquery})`,
  };
}

/** Paid orders matching, newest first, at most `limit`. */
export function searchOrderRows(executor: Db, where: SQL, limit: number) {
  return executor
    .select()
    .from(orders)
    .where(and(where, ne(orders.status, 'awaiting_payment')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
