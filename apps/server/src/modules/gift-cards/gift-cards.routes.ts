import { giftCardAdminEndpoints, giftCardCustomerEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { GiftCardsService } from './gift-cards.service.js';

export function giftCardsRoutes(giftCards: GiftCardsService): RouteDefinition[] {
  return [
    route(giftCardCustomerEndpoints.purchase, async ({ auth, body }) => ({
      message: 'Gift card created; pay for it to activate it',
      data: await giftCards.purchase(auth.userId, body),
    })),
    route(giftCardCustomerEndpoints.pay, async ({ auth, body }) => ({
      message: 'Continue to payment',
      data: await giftCards.pay(auth.userId, body.giftCardId),
    })),
    route(giftCardCustomerEndpoints.status, async ({ auth, body }) => ({
      message: 'Gift card status',
      data: await giftCards.status(auth.userId, body),
    })),
    route(giftCardCustomerEndpoints.myCards, async ({ auth, query }) => ({
      message: 'Your gift cards',
      data: await giftCards.myCards(auth.userId, query),
    })),
    route(giftCardCustomerEndpoints.applied, async ({ auth }) => ({
      message: 'Applied gift cards',
      data: await giftCards.applied(auth.userId),
    })),
    route(giftCardCustomerEndpoints.apply, async ({ auth, body }) => ({
      message: 'Gift card applied',
      data: await giftCards.apply(auth.userId, body.code),
    })),
    route(giftCardCustomerEndpoints.unapply, async ({ auth, params }) => {
      await giftCards.unapply(auth.userId, params.id);
      return { message: 'Gift card removed from your cart' };
    }),
    route(giftCardCustomerEndpoints.recalculate, async ({ auth, query }) => ({
      message: 'Gift card discount',
      data: await giftCards.recalculate(auth.userId, query),
    })),

    route(giftCardAdminEndpoints.list, async ({ query }) => ({
      message: 'Gift cards',
      data: await giftCards.adminList(query),
    })),
    route(giftCardAdminEndpoints.activities, async ({ query }) => ({
      message: 'Gift card activities',
      data: await giftCards.activities(query),
    })),
    route(giftCardAdminEndpoints.analytics, async ({ query }) => ({
      message: 'Gift card analytics',
      data: await giftCards.analytics(query),
    })),
  ];
}
