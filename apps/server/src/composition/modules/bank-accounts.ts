import { selectSubaccounts } from '../../flows/subaccount-settlement.js';
import { checkAccountPassword } from '../../modules/auth/index.js';
import { createBankAccountsModule } from '../../modules/bank-accounts/index.js';
import { storeCommissionBasisPoints } from '../../modules/stores/index.js';
import { selectBankDirectory } from '../../platform/payments/index.js';
import { defineModule } from '../registry.js';
import { storeOwner } from './store-owner.js';

export const bankAccounts = defineModule('bank accounts', ({ deps, providers }) =>
  createBankAccountsModule(deps, {
    directory: providers.bankDirectory ?? selectBankDirectory(deps.config, deps.logger),
    checkPassword: (userId, password) => checkAccountPassword(deps.db, userId, password),
    storeOwner,
    subaccounts: selectSubaccounts(deps.config, deps.logger, providers.subaccountProvider),
    commissionBasisPoints: storeCommissionBasisPoints,
  }),
);
