import { paymentEndpoints } from '@market/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { AppError } from '../../platform/errors.js';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
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

export const PAYSTACK_WEBHOOK_PATH = '/api/payments/webhook/paystack';

/** The contract routes (mounted with the other /api routes). */
export function paymentsRoutes(payments: PaymentsService): RouteDefinition[] {
  return [
    route(paymentEndpoints.verify, async ({ params, auth }) => ({
      message: 'Payment status',
      data: await payments.settleFor(auth.userId, params.reference),
    })),
  ];
}

/**
 * The routes that are not JSON API calls of the web app, so not in the contract and hidden from OpenAPI: the
 * provider's webhook (it needs the raw body to check the signature) and the sandbox's checkout pages. Registered
 * as one encapsulated plugin, so that its raw-body and form parsers do not reach any other route.
 */
export function paymentsHttp(options: {
  payments: PaymentsService;
  sandbox?: SandboxProvider;
  logger: Pick<Logger, 'error'>;
}) {
  const { payments, sandbox, logger } = options;
  return async (scope: FastifyInstance) => {
    // The signature is over the exact bytes Paystack sent; re-serialising parsed JSON would not match.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_, body, done) => done(null, body),
    );
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.post(PAYSTACK_WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('BAD_REQUEST', 'The webhook body must be JSON');
      const signature = request.headers['x-paystack-signature'];
      const result = await payments.handleWebhook(
        request.body,
        typeof signature === 'string' ? signature : undefined,
      );
      return reply.code(200).send({ message: 'Webhook received', data: result });
    });

    if (!sandbox) return;

    scope.get(SANDBOX_STYLESHEET_PATH, { schema: { hide: true } }, async (_, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/css; charset=utf-8')
        .send(SANDBOX_STYLESHEET),
    );

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
    async function deliverWebhook(charge: SandboxCharge) {
      if (charge.status !== 'success') return; // Paystack sends no webhook for a declined card either.
      const { body, signature } = sandbox!.successWebhook(charge);
      try {
        await payments.handleWebhook(body, signature);
      } catch (error) {
        // Like a failed delivery: the payer's return still settles the payment through verify.
        logger.error({ reference: charge.reference, err: error }, 'sandbox webhook delivery failed');
      }
    }

    type Params = { reference: string };
    type Form = Record<string, string | undefined>;

    scope.get<{ Params: Params }>(
      `${SANDBOX_BASE}/checkout/:reference`,
      { schema: { hide: true } },
      async (request, reply) => {
        const charge = await sandbox.charge(request.params.reference);
        if (!charge) return page(reply, notFoundPage(), undefined, 404);
        if (charge.status === 'send_otp') return page(reply, otpPage(charge), charge);
        if (!retryable(charge)) return page(reply, finishedPage(charge), charge);
        return page(reply, cardPage(charge, { declined: charge.status === 'failed' }), charge);
      },
    );

    scope.post<{ Params: Params; Body: Form }>(
      `${SANDBOX_BASE}/checkout/:reference`,
      { schema: { hide: true } },
      async (request, reply) => {
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
        await deliverWebhook(outcome.charge);
        return backToShop(reply, outcome.charge);
      },
    );

    // Bank transfer and USSD, as Paystack's page offers them besides cards (issue 36).
    scope.post<{ Params: Params; Body: Form }>(
      `${SANDBOX_BASE}/checkout/:reference/other`,
      { schema: { hide: true } },
      async (request, reply) => {
        const charge = await sandbox.charge(request.params.reference);
        if (!charge) return page(reply, notFoundPage(), undefined, 404);
        if (!retryable(charge)) return page(reply, finishedPage(charge), charge, 409);
        const channel = ((request.body ?? {}) as Form).channel;
        const known = SANDBOX_NON_CARD_CHANNELS.find((one) => one === channel);
        if (!known) return page(reply, cardPage(charge), charge, 422);
        const done = await sandbox.payWithoutCard(charge.reference, known, request.ip);
        await deliverWebhook(done);
        return backToShop(reply, done);
      },
    );

    scope.post<{ Params: Params; Body: Form }>(
      `${SANDBOX_BASE}/checkout/:reference/otp`,
      { schema: { hide: true } },
      async (request, reply) => {
        const charge = await sandbox.charge(request.params.reference);
        if (!charge) return page(reply, notFoundPage(), undefined, 404);
        if (charge.status !== 'send_otp') return page(reply, finishedPage(charge), charge, 409);
        const otp = ((request.body ?? {}) as Form).otp ?? '';
        if (!/^\d{4,8}$/.test(otp.trim())) return page(reply, otpPage(charge, 'Enter the OTP'), charge, 422);
        const done = await sandbox.submitOtp(charge.reference, otp);
        await deliverWebhook(done);
        return backToShop(reply, done);
      },
    );
  };
}
