import { createGuards } from '../../flows/authenticate.js';
import { createMerchantAccount } from '../../flows/merchant-account.js';
import { createSessions } from '../../flows/sessions.js';
import { createAuthModule } from '../../modules/auth/index.js';
import { defineEntry, defineModule } from '../registry.js';

export const auth = defineModule('auth', ({ deps }) => createAuthModule(deps));

/** The guards the app mounts, a flow of auth's, stores' and admins' steps (`flows/authenticate.ts`). */
export const guards = defineEntry('guards', ({ deps, use }) => createGuards(deps, use(auth).service));

/** A merchant's sign-up and profile, a flow of auth's and stores' steps (`flows/merchant-account.ts`). */
export const merchantAccount = defineModule('merchant account', ({ deps, use }) =>
  createMerchantAccount(deps, use(auth).service),
);

/** Signing in, a refresh and the user data, a flow of auth's and stores' steps (`flows/sessions.ts`). */
export const sessions = defineModule('sessions', ({ deps, use }) => createSessions(deps, use(auth).service));
