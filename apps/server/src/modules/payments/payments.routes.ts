import { paymentEndpoints } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AppError } from '../../platform/errors.js';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { SandboxProvider } from '../../platform/payments/sandbox.js';
import type { PaymentsService } from './payments.service.js';
import { sandboxRoutes } from './sandbox-routes.js';

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

    if (sandbox) sandboxRoutes(scope, { payments, sandbox, logger });
  };
}
