import { ACCOUNT_CLOSED_MESSAGE, dataRightsEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { DataRightsService } from './data-rights.service.js';

export function dataRightsRoutes(rights: DataRightsService): RouteDefinition[] {
  return [
    route(dataRightsEndpoints.exportMine, async ({ auth, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return { message: 'Your personal data', data: await rights.exportData(auth.userId) };
    }),
    route(dataRightsEndpoints.marketingConsent, async ({ auth, body }) => {
      const data = await rights.setMarketingConsent(auth.userId, body.consent);
      return {
        message: body.consent
          ? 'You will receive offers and news. Turn this off at any time.'
          : 'You will not receive offers and news. Order and account messages still reach you.',
        data,
      };
    }),
    route(dataRightsEndpoints.closeMine, async ({ auth, body }) => {
      await rights.close(auth.userId, { password: body.password });
      return { message: ACCOUNT_CLOSED_MESSAGE };
    }),
    route(dataRightsEndpoints.adminExport, async ({ params, query, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return {
        message: "The customer's personal data",
        data: await rights.exportData(params.id, query.reason),
      };
    }),
    route(dataRightsEndpoints.adminClose, async ({ params, body }) => {
      await rights.close(params.id, { reason: body.reason });
      return { message: 'The account is closed: personal data erased, financial records kept anonymised.' };
    }),
  ];
}
