import {
  formatNaira,
  insufficientBalanceMessage,
  NO_BANK_ACCOUNT,
  NOTHING_PAYABLE,
  PAYOUT_ALREADY_OPEN,
  PAYOUT_NOT_AWAITING_OTP,
  type Payout,
} from '@market/contracts';
import { and, asc, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { countMoneyOutcome } from '../../platform/observability/metrics.js';
import type { TransferCheck, TransferEvent, TransferProvider } from '../../platform/payments/index.js';
import { outcomeUnknown } from '../../platform/payments/paystack-http.js';
import { findBankAccount } from '../bank-accounts/index.js';
import { auditPayoutApproval } from './ledger.payout-audit.js';
import {
  LATE_PAYOUTS_PER_RUN,
  newPayoutReference,
  OPEN,
  PAYOUT_CONFIRM_AFTER_MINUTES,
  PAYOUT_OUTCOME_UNKNOWN,
  PAYOUT_UNKNOWN_ASK_AFTER_MS,
  type PayoutRow,
  payoutView,
  TRANSFER_NEVER_ARRIVED,
} from './ledger.payout-rows.js';
import { outstandingPerOrder, sums } from './ledger.reads.js';
import type { LedgerKind } from './ledger.schema.js';
import { ledgerEntries, ledgerOrders, payoutOrders, payouts } from './ledger.schema.js';
import type { LedgerNeeds, Line, Links, Movement } from './ledger.service.js';
import { storeNameOf } from './ledger.store-facts.js';

// Payouts to stores' bank accounts (ADR 027, 038, 061): the steps of the payout flow (src/flows/payout.ts) and the
// provider's answers. Each function takes the ledger's context: the deps, what the ledger reads of other modules,
// and how it posts a movement.

export interface PayoutsContext {
  deps: Deps;
  db: Db;
  log: Deps['logger'];
  needs: LedgerNeeds;
  post(executor: Db, kind: LedgerKind, memo: string, links: Links, lines: Line[]): Promise<void>;
  postMany(executor: Db, movements: Movement[]): Promise<void>;
}

/** Who a payout pays: the store and its bank account, as the payout flow read them. */
export interface PayoutPayee {
  storeId: string;
  storeName: string;
  account: { bankName: string; accountNumber: string };
}

/**
 * Step "open" of the payout flow: one payout of the store's payable orders, under their row locks; the partial
 * unique index keeps one open payout per store whatever runs at once.
 */
export async function openPayout(
  ctx: PayoutsContext,
  adminId: string,
  payee: PayoutPayee,
): Promise<PayoutRow> {
  const { db, deps, log } = ctx;
  const { storeId, storeName, account } = payee;
  return db
    .transaction(async (tx) => {
      // The store's payable pages, locked: refunds and completions of its orders wait for this approval.
      await tx
        .select({ orderId: ledgerOrders.orderId })
        .from(ledgerOrders)
        .where(and(eq(ledgerOrders.storeId, storeId), isNotNull(ledgerOrders.payableAt)))
        .orderBy(asc(ledgerOrders.orderId))
        .for('update');
      const [existing] = await tx
        .select({ id: payouts.id })
        .from(payouts)
        .where(and(eq(payouts.storeId, storeId), inArray(payouts.status, [...OPEN])))
        .limit(1);
      if (existing) throw conflict(PAYOUT_ALREADY_OPEN);
      const [payable] = await sums(
        tx,
        and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.account, 'merchant_payable')),
      );
      const amountKobo = -(payable?.total ?? 0);
      if (amountKobo <= 0) throw conflict(NOTHING_PAYABLE);
      const carried = await outstandingPerOrder(tx, storeId);
      const carriedKobo = carried.reduce((acc, line) => acc + line.amountKobo, 0);
      if (carriedKobo !== amountKobo) {
        // Only payouts made before the books linked payouts to orders can leave this (ADR 047's migration).
        log.warn({ storeId, amountKobo, carriedKobo }, 'payout amount differs from its orders');
      }
      const at = deps.now();
      const [row] = await tx
        .insert(payouts)
        .values({
          reference: newPayoutReference(),
          storeId,
          storeName,
          amountKobo,
          orderCount: carried.filter((line) => line.amountKobo > 0).length,
          approvedBy: adminId,
          bankName: account.bankName,
          accountNumberLast4: account.accountNumber.slice(-4),
          approvedAt: at,
          updatedAt: at,
        })
        .returning();
      if (carried.length > 0)
        await tx.insert(payoutOrders).values(carried.map((line) => ({ payoutId: row!.id, ...line })));
      await auditPayoutApproval(tx, row!, account.bankName, carried);
      return row!;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(PAYOUT_ALREADY_OPEN);
      throw error;
    });
}

/**
 * Paystack refuses a transfer larger than the balance, after the payout is approved and its orders taken; asked
 * first, an approval that cannot be paid changes nothing and says what to do (ADR 044). What is payable is read
 * without locks: the approval's transaction reads it again under them, and only ever pays that or less.
 */
export async function refuseBeyondBalance(ctx: PayoutsContext, storeId: string) {
  const { db, needs, log } = ctx;
  const [payable] = await sums(
    db,
    and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.account, 'merchant_payable')),
  );
  const amountKobo = -(payable?.total ?? 0);
  if (amountKobo <= 0) return; // the approval's own check answers "nothing payable"
  const balanceKobo = await needs.transfers.balance();
  if (balanceKobo < amountKobo) {
    log.warn({ storeId, amountKobo, balanceKobo }, 'payout refused: the provider balance is too low');
    throw conflict(insufficientBalanceMessage(formatNaira(balanceKobo), formatNaira(amountKobo)));
  }
}

/**
 * Confirms a payout's transfer with the OTP Paystack sent to the business's phone. The payout is claimed first
 * (`needs_otp` true → false under its row lock), so of several finalises at once only one reaches the provider;
 * an OTP the provider refuses, or no answer, gives the claim back so the admin can try again.
 */
export async function finalizeOtp(ctx: PayoutsContext, payoutId: string, otp: string): Promise<Payout> {
  const { db, deps, needs, log } = ctx;
  const [claimed] = await db
    .update(payouts)
    .set({ needsOtp: false, updatedAt: deps.now() })
    .where(and(eq(payouts.id, payoutId), eq(payouts.needsOtp, true), eq(payouts.status, 'processing')))
    .returning();
  if (!claimed) {
    const [row] = await db
      .select({ id: payouts.id, outcomeUnknownSince: payouts.outcomeUnknownSince })
      .from(payouts)
      .where(eq(payouts.id, payoutId));
    if (!row) throw notFound('Payout not found');
    throw conflict(row.outcomeUnknownSince ? PAYOUT_OUTCOME_UNKNOWN : PAYOUT_NOT_AWAITING_OTP);
  }
  const giveBack = () =>
    db
      .update(payouts)
      .set({ needsOtp: true })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'processing')));
  let result: Awaited<ReturnType<TransferProvider['finalize']>>;
  try {
    result = await needs.transfers.finalize(claimed.transferCode ?? '', otp);
  } catch (error) {
    if (outcomeUnknown(error)) {
      // Paystack may have finalised it: the OTP is not asked again until its transfer verify says (ADR 061).
      log.error({ payoutId, err: String(error) }, 'payout OTP finalise outcome unknown');
      await markOutcomeUnknown(ctx, payoutId);
      const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
      return payoutView(row!);
    }
    await giveBack();
    if (error instanceof AppError && error.code === 'BAD_REQUEST') {
      throw new AppError('VALIDATION_ERROR', `Paystack did not accept the OTP. ${error.message}`, [
        { path: 'otp', message: 'Paystack did not accept this OTP' },
      ]);
    }
    throw error;
  }
  if (result.status === 'otp') await giveBack();
  if (result.status === 'success' || result.status === 'failed') {
    await settleTransfer(ctx, {
      status: result.status,
      reference: claimed.reference,
      transferCode: result.transferCode ?? claimed.transferCode,
      amountKobo: claimed.amountKobo,
      reason: result.status === 'failed' ? 'The payment provider refused the transfer' : null,
    });
  }
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  return payoutView(row!);
}

/** Our last call for this payout may or may not have been acted on (ADR 061): the late-payouts job asks soon. */
async function markOutcomeUnknown(ctx: PayoutsContext, payoutId: string) {
  const { db, deps } = ctx;
  await db
    .update(payouts)
    .set({
      outcomeUnknownSince: deps.now(),
      failureReason: 'The payment provider did not answer; asking it whether the transfer was made',
    })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'processing')));
}

export async function resendOtp(ctx: PayoutsContext, payoutId: string): Promise<Payout> {
  const { db, needs } = ctx;
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!row) throw notFound('Payout not found');
  if (!row.needsOtp || row.status !== 'processing' || !row.transferCode)
    throw conflict(PAYOUT_NOT_AWAITING_OTP);
  await needs.transfers.resendOtp(row.transferCode);
  return payoutView(row);
}

export async function settleTransfer(ctx: PayoutsContext, event: TransferEvent): Promise<string> {
  const { db, deps, log } = ctx;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payouts).where(eq(payouts.reference, event.reference)).for('update');
    if (!row) return 'transfer:unknown';
    if (event.amountKobo !== null && event.amountKobo !== row.amountKobo) {
      log.error({ reference: event.reference, amountKobo: event.amountKobo }, 'transfer amount mismatch');
      return 'transfer:mismatch';
    }
    const at = deps.now();
    const open = OPEN.includes(row.status);
    const transferCode = event.transferCode ?? row.transferCode;
    if (event.status === 'success') {
      if (!open) return `transfer:${row.status}`;
      await tx
        .update(payouts)
        .set({
          status: 'processed',
          processedAt: at,
          transferCode,
          failureReason: null,
          outcomeUnknownSince: null,
          updatedAt: at,
        })
        .where(eq(payouts.id, row.id));
      await ctx.post(tx, 'payout', `Payout ${row.reference}`, { payoutId: row.id }, [
        { account: 'merchant_payable', storeId: row.storeId, amountKobo: row.amountKobo },
        { account: 'payments_clearing', amountKobo: -row.amountKobo },
      ]);
      await tellOfPayout(ctx, tx, row, 'payout.paid');
      countMoneyOutcome('transfer', 'success');
      return 'transfer:processed';
    }
    if (open) {
      // Failed (or reversed before we heard it succeed): nothing left us; its orders are payable again (a payout
      // that is not processed carries none of their money, ADR 047).
      await tx
        .update(payouts)
        .set({
          status: event.status === 'reversed' ? 'reversed' : 'failed',
          transferCode,
          outcomeUnknownSince: null,
          failureReason:
            event.reason ?? `The transfer ${event.status === 'reversed' ? 'was reversed' : 'failed'}`,
          updatedAt: at,
        })
        .where(eq(payouts.id, row.id));
      await tellOfPayout(ctx, tx, row, 'payout.failed', event.reason);
      countMoneyOutcome('transfer', event.status);
      return `transfer:${event.status}`;
    }
    if (event.status === 'reversed' && row.status === 'processed') {
      // The bank sent the money back after paying: it is the store's again, payable with the next payout.
      await tx
        .update(payouts)
        .set({
          status: 'reversed',
          failureReason: event.reason ?? 'The transfer was reversed',
          updatedAt: at,
        })
        .where(eq(payouts.id, row.id));
      await ctx.post(tx, 'payout_reversal', `Payout ${row.reference} reversed`, { payoutId: row.id }, [
        { account: 'merchant_payable', storeId: row.storeId, amountKobo: -row.amountKobo },
        { account: 'payments_clearing', amountKobo: row.amountKobo },
      ]);
      await tellOfPayout(ctx, tx, row, 'payout.failed', event.reason ?? 'The bank sent the money back');
      return 'transfer:reversed';
    }
    return `transfer:${row.status}`;
  });
}

/** The store's owner hears of a payout's end, admins who pay out of an OTP to enter (ADR 057). */
async function tellOfPayout(
  ctx: PayoutsContext,
  executor: Db,
  row: PayoutRow,
  kind: 'payout.paid' | 'payout.failed' | 'payout.needs-otp',
  reason?: string | null,
  /** Asks again under a new key (the first ask's key is spent: an event is written once per key). */
  again?: string,
) {
  const { deps } = ctx;
  const store = await storeNameOf(executor, row.storeId);
  await deps.events.emit(executor, {
    kind,
    key: `${kind}:${row.id}:${row.status}${again ? `:${again}` : ''}`,
    audience:
      kind === 'payout.needs-otp'
        ? [{ admins: 'finance:payouts' }]
        : [{ store: row.storeId, permission: 'payouts:read' }],
    params: {
      amountKobo: row.amountKobo,
      reference: row.reference,
      storeName: store ?? null,
      reason: reason ?? null,
    },
  });
}

/** Sends an approved payout to the provider: claimed first (so it is sent once), the provider asked after. */
export async function sendApproved(ctx: PayoutsContext, payoutId: string): Promise<PayoutRow> {
  const { db, deps, needs, log } = ctx;
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!row) throw notFound('Payout not found');
    if (row.status !== 'approved') return undefined;
    const [updated] = await tx
      .update(payouts)
      .set({ status: 'processing', updatedAt: deps.now() })
      .where(eq(payouts.id, row.id))
      .returning();
    return updated;
  });
  if (!claimed) return (await db.select().from(payouts).where(eq(payouts.id, payoutId)))[0]!;
  try {
    const account = await findBankAccount(db, claimed.storeId);
    if (!account) throw new AppError('BAD_REQUEST', NO_BANK_ACCOUNT);
    const { recipientCode } = await needs.transfers.createRecipient(account);
    await db.update(payouts).set({ recipientCode }).where(eq(payouts.id, claimed.id));
    const result = await needs.transfers.transfer({
      reference: claimed.reference,
      amountKobo: claimed.amountKobo,
      recipientCode,
      reason: `Naija Market payout ${claimed.reference}`,
    });
    if (result.transferCode || result.status === 'otp') {
      await db.transaction(async (tx) => {
        await tx
          .update(payouts)
          .set({
            transferCode: result.transferCode,
            needsOtp: result.status === 'otp',
            ...(result.status === 'otp' ? { updatedAt: deps.now() } : {}),
          })
          .where(eq(payouts.id, claimed.id));
        if (result.status === 'otp') await tellOfPayout(ctx, tx, claimed, 'payout.needs-otp');
      });
    }
    if (result.status === 'success' || result.status === 'failed') {
      await settleTransfer(ctx, {
        status: result.status,
        reference: claimed.reference,
        transferCode: result.transferCode,
        amountKobo: claimed.amountKobo,
        reason: result.status === 'failed' ? 'The payment provider refused the transfer' : null,
      });
    }
  } catch (error) {
    if (error instanceof AppError && error.code === 'BAD_REQUEST') {
      await settleTransfer(ctx, {
        status: 'failed',
        reference: claimed.reference,
        transferCode: null,
        amountKobo: null,
        reason: error.message.slice(0, 300),
      });
    } else {
      // No answer: the transfer may or may not exist; its webhook settles it, or the late-payouts job asks the
      // provider by our reference (a re-send under the same reference is refused by Paystack, never paid twice).
      log.error({ payoutId, err: String(error) }, 'payout transfer not confirmed; waiting for the webhook');
      countMoneyOutcome('transfer', outcomeUnknown(error) ? 'unknown' : 'unconfirmed');
      if (outcomeUnknown(error)) await markOutcomeUnknown(ctx, claimed.id);
      else
        await db
          .update(payouts)
          .set({ failureReason: 'Waiting for the payment provider to confirm' })
          .where(eq(payouts.id, claimed.id));
    }
  }
  return (await db.select().from(payouts).where(eq(payouts.id, payoutId)))[0]!;
}

/** Open payouts untouched for PAYOUT_CONFIRM_AFTER_MINUTES, and sent ones whose outcome is unknown long enough. */
async function latePayouts(ctx: PayoutsContext) {
  const { db, deps } = ctx;
  const before = new Date(deps.now().getTime() - PAYOUT_CONFIRM_AFTER_MINUTES * 60_000);
  const unknownBefore = new Date(deps.now().getTime() - PAYOUT_UNKNOWN_ASK_AFTER_MS);
  return db
    .select({
      id: payouts.id,
      reference: payouts.reference,
      status: payouts.status,
      outcomeUnknownSince: payouts.outcomeUnknownSince,
      needsOtp: payouts.needsOtp,
    })
    .from(payouts)
    .where(
      or(
        and(inArray(payouts.status, [...OPEN]), lt(payouts.updatedAt, before)),
        and(eq(payouts.status, 'processing'), lt(payouts.outcomeUnknownSince, unknownBefore)),
      ),
    )
    .orderBy(asc(payouts.updatedAt))
    .limit(LATE_PAYOUTS_PER_RUN);
}

/**
 * Payouts open past PAYOUT_CONFIRM_AFTER_MINUTES: an approved one that was never sent is sent now (`process`
 * claims it, so never twice); a sent one is settled from what the provider says of it, through the same
 * `settleTransfer` its webhook takes (which locks the row and ignores a payout already settled). A transfer the
 * provider never received fails the payout, which gives its orders back to the next payout; one still on its
 * way, or a provider not answering, waits for the next run.
 */
export async function confirmLatePayouts(
  ctx: PayoutsContext,
): Promise<{ sent: number; settled: number; waiting: number }> {
  const { db, deps, needs, log } = ctx;
  const late = await latePayouts(ctx);
  const outcome = { sent: 0, settled: 0, waiting: 0 };
  for (const payout of late) {
    if (payout.status === 'approved') {
      await sendApproved(ctx, payout.id);
      outcome.sent += 1;
      continue;
    }
    let check: TransferCheck;
    try {
      check = await needs.transfers.verify(payout.reference);
    } catch (error) {
      log.warn(
        { payoutId: payout.id, err: String(error) },
        'payout transfer not confirmed; asking again later',
      );
      outcome.waiting += 1;
      continue;
    }
    if (check.status === 'otp' && (payout.outcomeUnknownSince || !payout.needsOtp)) {
      // The OTP finalise never reached Paystack (its answer was lost, or the process died between the claim and
      // the call, ADR 071): the transfer still waits for its OTP, so the claim is given back and the admins who
      // pay out are asked for it again.
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(payouts)
          .set({ needsOtp: true, outcomeUnknownSince: null, failureReason: null, updatedAt: deps.now() })
          .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'processing')))
          .returning();
        if (row) await tellOfPayout(ctx, tx, row, 'payout.needs-otp', null, `again:${deps.now().getTime()}`);
      });
      outcome.settled += 1;
      continue;
    }
    if (check.status === 'pending' || check.status === 'otp') {
      outcome.waiting += 1;
      continue;
    }
    const settled =
      check.status === 'missing'
        ? await settleTransfer(ctx, {
            status: 'failed',
            reference: payout.reference,
            transferCode: null,
            amountKobo: null,
            reason: TRANSFER_NEVER_ARRIVED,
          })
        : await settleTransfer(ctx, {
            status: check.status,
            reference: payout.reference,
            transferCode: check.transferCode,
            amountKobo: check.amountKobo,
            reason: null,
          });
    if (settled === 'transfer:mismatch') outcome.waiting += 1;
    else outcome.settled += 1;
  }
  return outcome;
}
