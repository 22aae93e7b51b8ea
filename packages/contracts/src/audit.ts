import { z } from 'zod';
import { access } from './access.js';
import { boundedDay, isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';
import { dayRangeRules, publishRules } from './published-rules.js';

// The audit trail (issue 33, ADR 072): who changed what, when and from where, for money, access and approvals.
// Admins holding `audit:read` read it, filtered and paged by cursor, and export it as CSV.

/** Every kind of decision the trail records, with the words the admin screen shows. */
export const auditActionLabels = {
  'admin.sign-in': 'Admin signed in',
  'admin.create': 'Admin created',
  'admin.edit': 'Admin edited',
  'admin.activate': 'Admin activated',
  'admin.deactivate': 'Admin deactivated',
  'admin.delete': 'Admin deleted',
  'admin.role-assign': 'Admin role assigned',
  'partner.approve': 'Shipping partner approved',
  'admin-role.create': 'Admin role created',
  'admin-role.edit': 'Admin role edited',
  'admin-role.delete': 'Admin role deleted',
  'store.approve': 'Store approved',
  'store.reject': 'Store rejected',
  'store.payment-category': 'Store payment category changed',
  'product.approve': 'Product approved',
  'product.reject': 'Product rejected',
  'product.price-stock': 'Product price or stock changed',
  'category.commission': 'Category commission changed',
  'return.decide': 'Return decided',
  'refund.decide': 'Refund request decided',
  'dispute.decide': 'Return dispute decided',
  'chargeback.decide': 'Chargeback bearer decided',
  'card-dispute.decide': 'Card dispute bearer decided',
  'payout.approve': 'Payout approved',
  'staff.create': 'Staff member added',
  'staff.edit': 'Staff member changed',
  'staff.remove': 'Staff member removed',
  'staff-role.create': 'Store role created',
  'staff-role.edit': 'Store role edited',
  'staff-role.delete': 'Store role deleted',
  'bank-account.change': 'Payout bank account changed',
  'account.export': 'Personal data downloaded',
  'account.close': 'Account closed',
  'account.marketing-consent': 'Marketing consent changed',
  'order.status': 'Order status changed',
  // Lines about one order whose own subject is another (a refund, a payout), so the order's trail shows its money.
  'order.refund': 'Order refunded',
  'order.payout': "Order's money approved for payout",
  'service-levels.limits': 'Service-level limits changed',
} as const;
export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]];

export const auditSubjectTypes = [
  'admin',
  'admin-role',
  'partner',
  'store',
  'product',
  'category',
  'return',
  'refund',
  'card-dispute',
  'payout',
  'staff',
  'staff-role',
  'bank-account',
  'account',
  'order',
  'service-levels',
] as const;
export type AuditSubjectType = (typeof auditSubjectTypes)[number];

/** The longest window one read or export may cover, so a query stays bounded. */
export const AUDIT_MAX_WINDOW_DAYS = 366;
/** The most lines one CSV export holds; a wider window is refused with this figure in the message. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

const cursor = z
  .string()
  .max(20, 'This cursor is not valid')
  .regex(/^[1-9]\d{0,17}$/, 'This cursor is not valid');

function checkWindow(value: { from?: string; to?: string }, context: z.RefinementCtx) {
  if (value.from && value.to) {
    if (value.from > value.to)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date must not be before the start date',
      });
    else if ((Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1 > AUDIT_MAX_WINDOW_DAYS)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Choose at most ${AUDIT_MAX_WINDOW_DAYS} days`,
      });
  }
}

const auditFilters = z.object({
  actorId: uuid.optional(),
  action: z.enum(auditActions, { error: 'Choose an action from the list' }).optional(),
  subjectType: z.enum(auditSubjectTypes, { error: 'Choose a subject from the list' }).optional(),
  subjectId: z.string().trim().min(1).max(100, 'A subject id is at most 100 characters').optional(),
  /** Lagos days, both included. */
  from: boundedDay.optional(),
  to: boundedDay.optional(),
});

export const auditQuery = auditFilters
  .extend({
    /** The `nextCursor` of the previous page: lines older than it. */
    cursor: cursor.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .superRefine(checkWindow)
  .apply((schema) => publishRules(schema, dayRangeRules(AUDIT_MAX_WINDOW_DAYS)));
export type AuditQuery = z.input<typeof auditQuery>;

/** An export names its window (required), so one file is bounded by days as well as lines. */
export const auditCsvQuery = auditFilters
  .extend({ from: boundedDay, to: boundedDay })
  .superRefine(checkWindow)
  .apply((schema) => publishRules(schema, dayRangeRules(AUDIT_MAX_WINDOW_DAYS)));
export type AuditCsvQuery = z.input<typeof auditCsvQuery>;

export const auditEntry = z.object({
  id: z.string(),
  at: isoDateTime,
  actor: z
    .object({
      id: z.string(),
      kind: z.string().nullable(),
      role: z.string().nullable(),
      /** The account's name and e-mail as they are now (a closed account reads as anonymised). */
      name: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  action: z.enum(auditActions),
  subjectType: z.string(),
  subjectId: z.string(),
  storeId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  entries: z.array(auditEntry),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

export const auditEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/audit',
    summary:
      'The audit trail, newest first, paged by cursor; filtered by actor, action, subject and a window of Lagos days (at most 366)',
    tags: ['Admin'],
    access: access.admin('audit:read'),
    query: auditQuery,
    response: envelope(auditPage),
    serverChecks: { cursor: 'a cursor this listing handed out' },
  }),
  store: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/audit',
    summary:
      "The store's own audit trail (prices, stock, staff, roles, bank account, approvals and decisions about it), newest first, paged by cursor",
    tags: ['Merchant'],
    access: access.merchant('store:audit:read'),
    query: auditQuery,
    response: envelope(auditPage),
    serverChecks: { cursor: 'a cursor this listing handed out' },
  }),
  csv: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/audit.csv',
    summary: `The audit trail of a window of Lagos days as a CSV file (text/csv), at most ${AUDIT_CSV_MAX_ROWS} lines (409 beyond); formula-like cells are prefixed with an apostrophe`,
    tags: ['Admin'],
    access: access.admin('audit:read'),
    query: auditCsvQuery,
    errors: [409],
    response: z.string(),
    produces: 'text/csv',
  }),
};
