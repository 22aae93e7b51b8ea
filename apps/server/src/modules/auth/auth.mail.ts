import {
  type AccountKind,
  accountSegments,
  EMAIL_CONFIRMATION_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
} from '@market/contracts';
import { hashToken, randomToken } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import type { AuthContext } from './auth.context.js';
import { retireOneTimeTokens, type UserRow } from './auth.repository.js';
import { oneTimeTokens } from './auth.schema.js';

// The mails auth sends an account's owner: a link that proves the mailbox (confirm, set or reset the password) and
// the warning that someone tried to sign up with their email.

const kindLabel: Record<AccountKind, string> = {
  customer: 'customer',
  merchant: 'merchant',
  admin: 'admin',
  partner: 'shipping partner',
};

/** A one-time link of this purpose, the account's earlier ones retired, mailed in the caller's transaction. */
async function mailLink(
  ctx: AuthContext,
  executor: Db,
  row: UserRow,
  purpose: 'confirm-email' | 'reset-password',
  options: {
    ttlSeconds: number;
    subject: string;
    paragraphs: string[];
    label: string;
    path: (token: string) => string;
  },
) {
  await retireOneTimeTokens(executor, row.id, purpose, ctx.now());
  const token = randomToken();
  await executor.insert(oneTimeTokens).values({
    userId: row.id,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(ctx.now().getTime() + options.ttlSeconds * 1000),
  });
  await ctx.deps.mailer.send(executor, {
    to: row.email,
    subject: options.subject,
    paragraphs: options.paragraphs,
    action: { label: options.label, url: ctx.link(options.path(token)) },
  });
}

export function mailConfirmation(ctx: AuthContext, executor: Db, row: UserRow) {
  const segment = accountSegments[row.kind];
  return mailLink(ctx, executor, row, 'confirm-email', {
    ttlSeconds: EMAIL_CONFIRMATION_TTL_SECONDS,
    subject: 'Confirm your email address',
    paragraphs: [
      `Hello ${row.firstName},`,
      `Welcome to Naija Market. Please confirm your email address to finish setting up your ${kindLabel[row.kind]} account.`,
      'The link works for 7 days. If you did not sign up, you can ignore this mail.',
    ],
    label: 'Confirm email address',
    path: (token) => `/${segment}/confirm-email/${token}`,
  });
}

/** Mails a set-password link: one hour for a reset; three days for an account a super admin created. */
export function mailPasswordLink(
  ctx: AuthContext,
  executor: Db,
  row: UserRow,
  invited: boolean,
  invitation?: string,
) {
  const segment = accountSegments[row.kind];
  return mailLink(ctx, executor, row, 'reset-password', {
    ttlSeconds: invited ? 3 * 24 * 60 * 60 : PASSWORD_RESET_TTL_SECONDS,
    subject: invited ? 'Your Naija Market account is ready: set your password' : 'Reset your password',
    paragraphs: invited
      ? [
          `Hello ${row.firstName},`,
          invitation ??
            `An account has been created for you on Naija Market as ${row.role ?? kindLabel[row.kind]}. Choose a password to sign in.`,
          'The link works for 3 days and only once.',
        ]
      : [
          `Hello ${row.firstName},`,
          'Someone asked to reset the password of your Naija Market account. If it was you, choose a new password below.',
          'The link works for one hour and only once. If you did not ask, you can ignore this mail; your password stays as it is.',
        ],
    label: invited ? 'Set your password' : 'Reset password',
    path: (token) => `/${segment}/reset-password/${token}`,
  });
}

/** Tells the owner of a known email that someone tried to sign up with it, and how to get back in. */
export function mailSignupAttempt(ctx: AuthContext, executor: Db, row: UserRow) {
  const segment = accountSegments[row.kind];
  return ctx.deps.mailer.send(executor, {
    to: row.email,
    subject: 'Someone tried to sign up with your email',
    paragraphs: [
      `Hello ${row.firstName},`,
      `Someone tried to create a new Naija Market ${kindLabel[row.kind]} account with this email address, but you already have one.`,
      `If it was you, sign in, or reset your password if you have forgotten it: ${ctx.link(`/${segment}/forgot-password`)}`,
      'If it was not you, you can ignore this mail; nothing has changed on your account.',
    ],
    action: { label: 'Sign in', url: ctx.link(`/${segment}/login`) },
  });
}
