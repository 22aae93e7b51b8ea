import { createPayoutFlow, transfersFor } from '../../flows/payout.js';
import { createLedgerModule } from '../../modules/ledger/index.js';
import { defineModule } from '../registry.js';
import { payments } from './payments.js';

// Commission, escrow and payouts: the books hear of orders' money and of the provider's transfer.* webhooks.
export const ledger = defineModule('ledger', ({ deps, providers, use }) =>
  createLedgerModule(deps, {
    transfers: transfersFor(deps, use(payments).service, providers.transferProvider),
  }),
);

/** The payout flow (flows/payout.ts): POST /admin/payouts/:storeId/approve. */
export const payout = defineModule('payout', ({ deps, use }) =>
  createPayoutFlow({ deps, ledger: use(ledger).service }),
);
