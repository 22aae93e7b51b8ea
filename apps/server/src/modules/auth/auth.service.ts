import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import {
  accountOf,
  createPartner,
  ensureEmailFree,
  insertUser,
  openAccount,
  prepareSignup,
  sessionUserOf,
  signupCustomer,
  welcomeAccount,
} from './auth.accounts.js';
import { authContext } from './auth.context.js';
import { mailPasswordLink } from './auth.mail.js';
import {
  changePassword,
  confirmEmail,
  forgotPassword,
  resendConfirmation,
  resetPassword,
} from './auth.passwords.js';
import { admitSignIn, checkSession, checkSignIn, logout, refresh } from './auth.sessions.js';

export {
  type PreparedSignup,
  SIGNUP_MESSAGE,
  toMerchantProfile,
  toPartnerUser,
  toUser,
} from './auth.accounts.js';
export {
  type AuthContext,
  DEACTIVATED,
  type MerchantStore,
  type RequestMeta,
  STAFF_ACCOUNT_ROLE,
} from './auth.context.js';
export { FORGOT_PASSWORD_ANSWER, RESEND_CONFIRMATION_ANSWER } from './auth.passwords.js';
export {
  EMAIL_NOT_CONFIRMED,
  INVALID_CREDENTIALS,
  isStaffAccount,
  type SignedIn,
  type SigningIn,
} from './auth.sessions.js';
export { SIGN_IN_CODE_SENT, SIGN_IN_CODE_WRONG } from './auth.sign-in-code.js';

/**
 * Accounts, sessions and the mailed links that prove a mailbox. Its functions live in files by concern (ADR 091):
 * accounts and sign-ups (`auth.accounts.ts`), sessions and the guard's check (`auth.sessions.ts`), the lockout's
 * sign-in code (`auth.sign-in-code.ts`), passwords and confirmation (`auth.passwords.ts`), the mails
 * (`auth.mail.ts`); each takes the context of `auth.context.ts`.
 */
export function createAuthService(deps: Deps) {
  const ctx = authContext(deps);
  return {
    sessionUserOf,
    mailPasswordLink: bound(ctx, mailPasswordLink),
    insertUser,
    ensureEmailFree,
    prepareSignup: bound(ctx, prepareSignup),
    openAccount: bound(ctx, openAccount),
    welcomeAccount: bound(ctx, welcomeAccount),
    signupCustomer: bound(ctx, signupCustomer),
    createPartner: bound(ctx, createPartner),
    checkSignIn: bound(ctx, checkSignIn),
    admitSignIn: bound(ctx, admitSignIn),
    refresh: bound(ctx, refresh),
    logout: bound(ctx, logout),
    forgotPassword: bound(ctx, forgotPassword),
    resetPassword: bound(ctx, resetPassword),
    confirmEmail: bound(ctx, confirmEmail),
    resendConfirmation: bound(ctx, resendConfirmation),
    changePassword: bound(ctx, changePassword),
    checkSession: bound(ctx, checkSession),
    accountOf: bound(ctx, accountOf),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
