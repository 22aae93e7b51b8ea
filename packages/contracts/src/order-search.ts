import { z } from 'zod';
import { access } from './access.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';
import { orderSummary } from './fulfilment.js';

// One search box for admins across every store (issue 35): the query says what it is, and each kind is answered
// from an index made for it, newest first, a bounded number of rows.

export const ORDER_SEARCH_MAX = 20;

export const orderSearchKinds = ['orderName', 'phone', 'email', 'name'] as const;
export type OrderSearchKind = (typeof orderSearchKinds)[number];

export const orderSearchQuery = z.object({
  q: z
    .string({ error: 'Type an order number, phone number, e-mail or name' })
    .trim()
    .min(2, 'Type at least 2 characters')
    .max(100, 'Use at most 100 characters'),
  limit: z.coerce.number().int().min(1).max(ORDER_SEARCH_MAX).default(10),
});
export type OrderSearchQuery = z.input<typeof orderSearchQuery>;

export const orderSearchAnswer = z.object({
  /** How the query was read: an order number (NM-…), a Nigerian phone in any form, an e-mail, or name words. */
  matchedBy: z.enum(orderSearchKinds),
  orders: z.array(orderSummary),
});
export type OrderSearchAnswer = z.infer<typeof orderSearchAnswer>;

export const orderSearchEndpoints = {
  search: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/search/orders',
    summary:
      "Find orders across every store by order number (or its start), customer phone (0803…, +234803…, 234803…), e-mail (or its start) or words of the customer's name (each word's start); newest first, at most 20",
    tags: ['Orders (admin)'],
    access: access.admin('orders:read-all'),
    serverChecks: { q: 'must read as an order number, a phone number, an e-mail or name words' },
    query: orderSearchQuery,
    response: envelope(orderSearchAnswer),
  }),
};
