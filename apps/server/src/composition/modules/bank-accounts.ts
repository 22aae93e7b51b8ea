import { selectSubaccounts } from '../../flows/subaccount-settlement.js';
import { createBankAccountsModule } from '../../modules/bank-accounts/index.js';
import { selectBankDirectory } from '../../platform/payments/index.js';
import { defineModule } from '../registry.js';

export const bankAccounts = defineModule('bank accounts', ({ deps, providers }) =>
  createBankAccountsModule(deps, {
    directory: providers.bankDirectory ?? selectBankDirectory(deps.config, deps.logger),
    subaccounts: selectSubaccounts(deps.config, deps.logger, providers.subaccountProvider),
  }),
);
