import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BoundaryRules, checkModuleBoundaries, specifiersOf } from './module-boundaries.js';

const SRC = path.resolve(import.meta.dirname, '../../src');
const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/wrong-tree');

/**
 * The rules of the real tree (ADR 010). Keep both lists as short as possible: an entry here is a boundary that
 * does not hold, so each one says why it is there.
 */
const rules: BoundaryRules = {
  schemaReadModels: [
    {
      from: 'catalog',
      to: 'modules/stores/stores.schema.ts',
      why: 'product listings, search and products for sale join stores for visibility and store names in one query',
    },
    {
      from: 'stores',
      to: 'modules/auth/auth.schema.ts',
      why: 'the store approval list joins merchants and approvers (users) for names and a search by e-mail; the staff list joins members to their accounts',
    },
    {
      from: 'reports',
      to: 'modules/orders/orders.schema.ts',
      why: 'sales reports add up orders and their items in SQL (one statement per report), never row by row',
    },
    {
      from: 'reports',
      to: 'modules/auth/auth.schema.ts',
      why: 'reports name customers and list merchants (users) with a search by name or e-mail',
    },
    {
      from: 'reports',
      to: 'modules/stores/stores.schema.ts',
      why: 'the merchants list and top merchants join each merchant to the store they own',
    },
    {
      from: 'finance',
      to: 'modules/orders/orders.schema.ts',
      why: "finance reports add up orders with the ledger's per-order figures in one statement; transactions name the orders their checkout paid",
    },
    {
      from: 'finance',
      to: 'modules/stores/stores.schema.ts',
      why: 'finance reports group by store and name each store, its merchant and its payment category',
    },
    {
      from: 'finance',
      to: 'modules/auth/auth.schema.ts',
      why: 'finance names merchants and customers (users) and searches transactions by customer name',
    },
    {
      from: 'finance',
      to: 'modules/payments/payments.schema.ts',
      why: 'the transactions list pages and searches payments joined to checkouts, orders and customers in one query',
    },
    {
      from: 'reconciliation',
      to: 'modules/payments/payments.schema.ts',
      why: "reconciliation compares the provider's transactions with the books' payments by reference, read only (ADR 065)",
    },
    {
      from: 'reconciliation',
      to: 'modules/orders/orders.schema.ts',
      why: "reconciliation compares the provider's refunds with the books' refunds by the provider's id or payment and amount, read only",
    },
    {
      from: 'reconciliation',
      to: 'modules/ledger/ledger.schema.ts',
      why: "reconciliation compares the provider's transfers with payouts and its settlements with the settlement postings, read only",
    },
    {
      from: 'reconciliation',
      to: 'modules/bank-accounts/bank-accounts.schema.ts',
      why: 'reconciliation names the store of each settled subaccount, read only',
    },
  ],
  // No SQL fragment crosses a module (ADR 081, amended for issue 30). A module that needs another's facts in its own
  // statement reads a view the owner publishes (made by a migration, declared with pgView in its schema file).
  viewReadModels: [
    {
      from: 'ledger',
      view: 'storeCommissionRates',
      why: 'the statement that sets the commissions of a checkout’s paid orders reads the stores’ rates in itself (ADR 037)',
    },
    {
      from: 'finance',
      view: 'ledgerStoreDayRows',
      why: 'the finance report is one statement over the ledger’s roll-ups (ADR 067)',
    },
    {
      from: 'reports',
      view: 'ledgerStoreDayRows',
      why: 'top merchants and merchants’ lifetime figures rank and page stores by the roll-ups’ standing orders in the report’s one statement (ADR 082)',
    },
    {
      from: 'reports',
      view: 'ledgerOrderRefundedGoods',
      why: 'the sales report’s returned goods, as the books say them, in the report’s statement (ADR 047)',
    },
    {
      from: 'cart',
      view: 'productStores',
      why: 'pricing reads the cart, its products, the address, codes, coupons and gift cards in one statement (ADR 087): the coupons that may apply are those of the stores of the cart’s products',
    },
    {
      from: 'checkout',
      view: 'checkoutCustomers',
      why: 'a checkout’s payment locks the payment, the checkout and its orders and reads the customer its confirmation mail goes to in one statement (ADR 087)',
    },
  ],
  temporarilyExempt: [],
};

describe('module boundaries', () => {
  it('hold on the server source tree', () => {
    expect(checkModuleBoundaries(SRC, rules)).toEqual([]);
  });

  it('fail on a deliberately wrong tree: an internal import, a cycle and the platform importing a module', () => {
    const violations = checkModuleBoundaries(FIXTURE, {
      schemaReadModels: [{ from: 'reports', to: 'modules/ledger/ledger.schema.ts', why: 'fixture' }],
      temporarilyExempt: [],
    });
    expect(violations).toEqual([
      {
        rule: 'internal-import',
        file: 'modules/wallet/index.ts',
        detail: 'imports modules/ledger/ledger.repository.ts; import modules/ledger/index.ts instead',
      },
      {
        rule: 'platform-imports-module',
        file: 'platform/mailer.ts',
        detail: 'imports modules/wallet/index.ts',
      },
      {
        rule: 'module-cycle',
        file: 'modules/{ledger,wallet}',
        detail: 'these modules import each other: ledger ↔ wallet',
      },
    ]);
  });

  it('keep flows above the modules (a flow imports only modules’ index files, no module imports a flow), refuse SQL crossing modules and see views read across them', () => {
    const violations = checkModuleBoundaries(path.join(path.dirname(FIXTURE), 'flows-tree'), {
      schemaReadModels: [],
      viewReadModels: [{ from: 'wallet', view: 'ledgerDays', why: 'fixture' }],
      temporarilyExempt: [],
    });
    expect(violations).toEqual([
      {
        rule: 'internal-import',
        file: 'flows/pay.ts',
        detail: 'imports modules/ledger/ledger.repository.ts; import modules/ledger/index.ts instead',
      },
      { rule: 'imports-flow', file: 'modules/wallet/index.ts', detail: 'imports flows/pay.ts' },
      {
        rule: 'sql-fragment',
        file: 'modules/ledger/index.ts',
        detail:
          "publishes the SQL fragment ledgerBalanceSql; publish a view of ledger's facts (a read model) instead",
      },
      {
        rule: 'view-read-model',
        file: 'modules/wallet/wallet.reads.ts',
        detail: "reads ledger's view ledgerMonths; list it in viewReadModels with why one statement needs it",
      },
      {
        rule: 'sql-fragment',
        file: 'modules/wallet/wallet.repository.ts',
        detail:
          "builds ledger's SQL fragment ledgerTotalsSql into its statement; read it through a function of ledger, or a view ledger publishes",
      },
    ]);
  });

  it('refuse a schema import that is not an allow-listed read model', () => {
    const violations = checkModuleBoundaries(FIXTURE, { schemaReadModels: [], temporarilyExempt: [] });
    expect(violations).toContainEqual({
      rule: 'internal-import',
      file: 'modules/reports/reports.service.ts',
      detail: 'imports modules/ledger/ledger.schema.ts; import modules/ledger/index.ts instead',
    });
  });
});

describe('the import scanner', () => {
  it('finds type-only, multi-line, re-exported, side-effect, dynamic and required imports, not commented ones', () => {
    const text = [
      "import type { Db } from '../platform/db/client.js';",
      'import {',
      '  listOrders,',
      '  type Order,',
      "} from '../modules/orders/index.js';",
      "export * from './ledger.rules.js';",
      "import './register.js';",
      "const lazy = () => import('../modules/cart/index.js');",
      "const pg = require('pg');",
      "// import { gone } from '../modules/gone/index.js';",
      "/* export { hidden } from '../modules/hidden/index.js'; */",
      "const url = 'http://example.ng/import/x';",
    ].join('\n');
    expect(specifiersOf(text)).toEqual([
      '../platform/db/client.js',
      '../modules/orders/index.js',
      './ledger.rules.js',
      './register.js',
      '../modules/cart/index.js',
      'pg',
    ]);
  });
});
