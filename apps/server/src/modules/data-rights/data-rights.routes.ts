import {
  ACCOUNT_CLOSED_MESSAGE,
  BUSINESS_ACCOUNT_CLOSED_MESSAGE,
  dataRightsEndpoints,
} from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { DataRightsService } from './data-rights.service.js';

/** An admin acting on a written request may act for any person's account, never another admin's. */
const ANY_PERSON = ['customer', 'merchant', 'partner'] as const;

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
    // A store's staff member and a shipping partner have the same rights over their own data (ADR 073).
    route(dataRightsEndpoints.exportMineMerchant, async ({ auth, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return {
        message: 'Your personal data',
        data: await rights.exportData(auth.userId, undefined, ['merchant']),
      };
    }),
    route(dataRightsEndpoints.closeMineMerchant, async ({ auth, body }) => {
      await rights.close(auth.userId, { password: body.password }, ['merchant']);
      return { message: BUSINESS_ACCOUNT_CLOSED_MESSAGE };
    }),
    route(dataRightsEndpoints.exportMinePartner, async ({ auth, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return {
        message: 'Your personal data',
        data: await rights.exportData(auth.userId, undefined, ['partner']),
      };
    }),
    route(dataRightsEndpoints.closeMinePartner, async ({ auth, body }) => {
      await rights.close(auth.userId, { password: body.password }, ['partner']);
      return { message: BUSINESS_ACCOUNT_CLOSED_MESSAGE };
    }),
    route(dataRightsEndpoints.adminExport, async ({ params, query, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return {
        message: 'The personal data',
        data: await rights.exportData(params.id, query.reason, ANY_PERSON),
      };
    }),
    route(dataRightsEndpoints.adminClose, async ({ params, body }) => {
      await rights.close(params.id, { reason: body.reason }, ANY_PERSON);
      return { message: 'The account is closed: personal data erased, financial records kept anonymised.' };
    }),
  ];
}
