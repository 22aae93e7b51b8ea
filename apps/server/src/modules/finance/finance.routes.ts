import { financeEndpoints } from '@market/contracts';
import type { FastifyReply } from 'fastify';
import { sendCsv } from '../../platform/http/csv-reply.js';
import { type RouteDefinition, requireStoreId, route } from '../../platform/http/routes.js';
import type { FinanceService } from './finance.service.js';

/** A paper of the store's own, downloaded: never cached by a shared proxy. */
const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer) =>
  reply
    .code(200)
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);

export function financeRoutes(finance: FinanceService): RouteDefinition[] {
  return [
    route(financeEndpoints.report, async ({ query }) => ({
      message: 'Finance report',
      data: await finance.report(query),
    })),
    route(financeEndpoints.reportCsv, async ({ query, reply }) => {
      const csv = await finance.reportCsv(query);
      const name = `finance-${query.view}-${query.from}-to-${query.to}.csv`;
      return sendCsv(reply, `${name}`, csv);
    }),
    route(financeEndpoints.transactions, async ({ query }) => ({
      message: 'Transactions',
      data: await finance.transactions(query),
    })),
    route(financeEndpoints.transaction, async ({ params }) => ({
      message: 'Transaction',
      data: await finance.transaction(params.id),
    })),
    route(financeEndpoints.statementCsv, async ({ auth, params, reply }) => {
      const csv = await finance.statementCsv(requireStoreId(auth), params.month);
      return reply
        .code(200)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${params.month}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    }),
    route(financeEndpoints.statementPdf, async ({ auth, params, reply }) => {
      const pdf = await finance.statementPdf(requireStoreId(auth), params.month);
      return sendPdf(reply, `statement-${params.month}.pdf`, pdf);
    }),
    route(financeEndpoints.commissionInvoicePdf, async ({ auth, params, reply }) => {
      const pdf = await finance.commissionInvoicePdf(requireStoreId(auth), params.month);
      return sendPdf(reply, `commission-invoice-${params.month}.pdf`, pdf);
    }),
    route(financeEndpoints.paymentReport, async ({ auth, query }) => ({
      message: 'Payment report',
      data: await finance.paymentReport(requireStoreId(auth), query),
    })),
  ];
}
