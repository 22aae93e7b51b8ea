import { eq } from 'drizzle-orm';
import { parsedJson, rowFromJson } from '../../platform/db/json-rows.js';
import { AppError } from '../../platform/errors.js';
import type { WebhookEvent } from '../../platform/payments/provider.js';
import {
  listenerOf,
  type PaymentsContext,
  type PaymentTransaction,
  type WebhookResult,
} from './payments.context.js';
import { recordDispute } from './payments.disputes.js';
import { paymentTransactions, webhookEvents } from './payments.schema.js';
import { settleMarking } from './payments.settle.js';
import { recordWebhookEvent, webhookEventProcessed } from './payments.statements.js';

// The provider's signed deliveries (ADR 037, 061): recorded once with the payment they name, acted on by whoever
// listens to their kind, marked processed; forgotten when acting failed, so the provider's retry acts in full.

/** What a recorded delivery did, and whether settling already marked its event processed. */
interface Acted {
  outcome: string;
  marked: boolean;
}

/** charge.success: settles the payment it names, when it is ours. */
async function onChargeSuccess(
  ctx: PaymentsContext,
  event: WebhookEvent,
  payment: unknown,
  eventId: string,
): Promise<Acted> {
  const known = payment
    ? rowFromJson<PaymentTransaction>(paymentTransactions, parsedJson(payment))
    : undefined;
  if (!known) {
    // Another integration on the same Paystack account, or a reference we never issued.
    ctx.logger.warn({ reference: event.reference }, 'charge.success for an unknown reference');
    return { outcome: 'unknown-reference', marked: false };
  }
  const { state, marked } = await settleMarking(ctx, event.reference, known, eventId);
  if (state.status === 'initialized') {
    throw new AppError('SERVICE_UNAVAILABLE', 'The provider has not confirmed this payment yet');
  }
  return { outcome: `settled:${state.status}`, marked };
}

/** Who acts on a recorded delivery, by its kind. */
async function act(
  ctx: PaymentsContext,
  event: WebhookEvent,
  payment: unknown,
  eventId: string,
): Promise<Acted> {
  const { listeners } = ctx;
  const unmarked = (outcome: string) => ({ outcome, marked: false });
  if (event.refund) return unmarked(await listenerOf(listeners, 'refund')(event.refund));
  if (event.transfer) return unmarked(await listenerOf(listeners, 'transfer')(event.transfer));
  if (event.dispute) return unmarked(await recordDispute(ctx, event.dispute, payment !== null));
  // Documented events no module acts on (subscription.*, invoice.*, paymentrequest.*, …): recorded in
  // webhook_events and acknowledged, so Paystack does not retry them for 72 hours.
  if (event.event !== 'charge.success') return unmarked('ignored');
  return onChargeSuccess(ctx, event, payment, eventId);
}

/** A signed provider delivery: 401 when forged, a no-op when replayed, settles on charge.success. */
export async function handleWebhook(
  ctx: PaymentsContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookResult> {
  const { db, provider } = ctx;
  if (!provider.verifySignature(rawBody, signature)) {
    ctx.logger.warn({ provider: provider.name }, 'webhook with a wrong signature refused');
    throw new AppError('UNAUTHORIZED', 'Invalid signature');
  }
  const event = provider.parseWebhook(rawBody);
  const [recorded] = await recordWebhookEvent(db, {
    provider: provider.name,
    eventKey: event.eventKey,
    reference: event.reference,
    event: event.event,
  });
  if (!recorded?.eventId) return { outcome: 'duplicate' };
  const eventId = recorded.eventId;
  let acted: Acted;
  try {
    acted = await act(ctx, event, recorded.payment, eventId);
  } catch (error) {
    // Forget the delivery so that the provider's retry (it retries on any non-200) is processed in full.
    await db.delete(webhookEvents).where(eq(webhookEvents.id, eventId));
    throw error;
  }
  // Marked already when settling wrote the payment (ADR 037): one statement less.
  if (!acted.marked) {
    await webhookEventProcessed(db, { id: eventId, at: ctx.now().toISOString(), outcome: acted.outcome });
  }
  return { outcome: acted.outcome };
}
