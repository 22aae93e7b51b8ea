import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import {
  retryable,
  SANDBOX_BASE,
  SANDBOX_NON_CARD_CHANNELS,
  type SandboxCharge,
  type SandboxProvider,
} from '../../platform/payments/sandbox.js';
import type { PaymentsService } from './payments.service.js';
import {
  cardPage,
  finishedPage,
  notFoundPage,
  otpPage,
  SANDBOX_STYLESHEET,
  SANDBOX_STYLESHEET_PATH,
} from './sandbox-page.js';

// The sandbox's checkout pages (ADR 091's named functions): the payer's card form, the other channels and the OTP,
// each answer a page of our own origin or the way back to the shop, the signed webhook delivered in-process.

/** What the sandbox's pages work with. */
export interface SandboxPagesContext {
  payments: PaymentsService;
  sandbox: SandboxProvider;
  logger: Pick<Logger, 'error'>;
}

type Params = { reference: string };
type Form = Record<string, string | undefined>;
type FormRequest = FastifyRequest<{ Params: Params; Body: Form }>;

/** A page of our own origin with no script at all; the form may only go to us and then to the shop. */
function page(reply: FastifyReply, html: string, charge?: SandboxCharge, status = 200) {
  const shop = charge ? new URL(charge.callbackUrl).origin : '';
  return reply
    .code(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self' ${shop}; frame-ancestors 'none'; base-uri 'none'`.replace(
        /\s+;/g,
        ';',
      ),
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Back to the shop as Paystack does: the callback URL with ?reference=…&trxref=… (303: a GET after a POST). */
function backToShop(reply: FastifyReply, charge: SandboxCharge) {
  const url = new URL(charge.callbackUrl);
  url.searchParams.set('reference', charge.reference);
  url.searchParams.set('trxref', charge.reference);
  return reply.code(303).header('cache-control', 'no-store').redirect(url.toString(), 303);
}

/** The signed charge.success webhook, delivered in-process to the very handler the HTTP route calls. */
async function deliverWebhook(ctx: SandboxPagesContext, charge: SandboxCharge) {
  if (charge.status !== 'success') return; // Paystack sends no webhook for a declined card either.
  const { body, signature } = ctx.sandbox.successWebhook(charge);
  try {
    await ctx.payments.handleWebhook(body, signature);
  } catch (error) {
    // Like a failed delivery: the payer's return still settles the payment through verify.
    ctx.logger.error({ reference: charge.reference, err: error }, 'sandbox webhook delivery failed');
  }
}

/** The checkout page of a charge: the card form, the OTP form, or what became of it. */
async function checkoutPage(
  ctx: SandboxPagesContext,
  request: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
) {
  const charge = await ctx.sandbox.charge(request.params.reference);
  if (!charge) return page(reply, notFoundPage(), undefined, 404);
  if (charge.status === 'send_otp') return page(reply, otpPage(charge), charge);
  if (!retryable(charge)) return page(reply, finishedPage(charge), charge);
  return page(reply, cardPage(charge, { declined: charge.status === 'failed' }), charge);
}

/** The payer submitted the card form. */
async function payByCard(ctx: SandboxPagesContext, request: FormRequest, reply: FastifyReply) {
  const { sandbox } = ctx;
  const charge = await sandbox.charge(request.params.reference);
  if (!charge) return page(reply, notFoundPage(), undefined, 404);
  if (!retryable(charge)) return page(reply, finishedPage(charge), charge, 409);
  const form = (request.body ?? {}) as Form;
  const values = { cardNumber: form.cardNumber ?? '', expiry: form.expiry ?? '' };
  const outcome = await sandbox.attempt(
    charge.reference,
    { ...values, cvv: form.cvv ?? '', ipAddress: request.ip },
    charge,
  );
  if (outcome.kind === 'invalid') {
    return page(reply, cardPage(charge, { error: outcome, values }), charge, 422);
  }
  if (outcome.kind === 'otp') {
    const waiting = (await sandbox.charge(charge.reference)) ?? charge;
    return page(reply, otpPage(waiting), waiting);
  }
  await deliverWebhook(ctx, outcome.charge);
  return backToShop(reply, outcome.charge);
}

/** Bank transfer and USSD, as Paystack's page offers them besides cards (issue 36). */
async function payWithoutCard(ctx: SandboxPagesContext, request: FormRequest, reply: FastifyReply) {
  const charge = await ctx.sandbox.charge(request.params.reference);
  if (!charge) return page(reply, notFoundPage(), undefined, 404);
  if (!retryable(charge)) return page(reply, finishedPage(charge), charge, 409);
  const channel = ((request.body ?? {}) as Form).channel;
  const known = SANDBOX_NON_CARD_CHANNELS.find((one) => one === channel);
  if (!known) return page(reply, cardPage(charge), charge, 422);
  const done = await ctx.sandbox.payWithoutCard(charge.reference, known, request.ip);
  await deliverWebhook(ctx, done);
  return backToShop(reply, done);
}

/** The payer submitted the OTP form. */
async function submitOtp(ctx: SandboxPagesContext, request: FormRequest, reply: FastifyReply) {
  const charge = await ctx.sandbox.charge(request.params.reference);
  if (!charge) return page(reply, notFoundPage(), undefined, 404);
  if (charge.status !== 'send_otp') return page(reply, finishedPage(charge), charge, 409);
  const otp = ((request.body ?? {}) as Form).otp ?? '';
  if (!/^\d{4,8}$/.test(otp.trim())) return page(reply, otpPage(charge, 'Enter the OTP'), charge, 422);
  const done = await ctx.sandbox.submitOtp(charge.reference, otp);
  await deliverWebhook(ctx, done);
  return backToShop(reply, done);
}

/** The sandbox's stylesheet and checkout pages, in the payments' HTTP scope (its form parser). */
export function sandboxRoutes(scope: FastifyInstance, ctx: SandboxPagesContext) {
  const checkout = `${SANDBOX_BASE}/checkout/:reference`;
  scope.get(SANDBOX_STYLESHEET_PATH, { schema: { hide: true } }, async (_, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/css; charset=utf-8')
      .send(SANDBOX_STYLESHEET),
  );
  scope.get<{ Params: Params }>(checkout, { schema: { hide: true } }, (request, reply) =>
    checkoutPage(ctx, request, reply),
  );
  scope.post<{ Params: Params; Body: Form }>(checkout, { schema: { hide: true } }, (request, reply) =>
    payByCard(ctx, request, reply),
  );
  scope.post<{ Params: Params; Body: Form }>(
    `${checkout}/other`,
    { schema: { hide: true } },
    (request, reply) => payWithoutCard(ctx, request, reply),
  );
  scope.post<{ Params: Params; Body: Form }>(
    `${checkout}/otp`,
    { schema: { hide: true } },
    (request, reply) => submitOtp(ctx, request, reply),
  );
}
