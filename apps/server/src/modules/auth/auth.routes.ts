import { type AccountKind, authEndpoints, sessionCookies } from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { clearSessionCookies } from '../../platform/http/cookies.js';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import { bearerToken } from './auth.guard.js';
import {
  type AuthService,
  FORGOT_PASSWORD_ANSWER,
  RESEND_CONFIRMATION_ANSWER,
  type RequestMeta,
  SIGNUP_MESSAGE,
} from './auth.service.js';

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

function sessionRoutes(kind: AccountKind, auth: AuthService, deps: Deps): RouteDefinition[] {
  const endpoints = authEndpoints[kind];
  const cookieDomain = deps.config.cookieDomain;
  // Signing in and a refresh answer the merchant's store: routes of flows/sessions.ts.
  return [
    route(endpoints.logout, async ({ body, request, reply }) => {
      await auth.logout(kind, {
        accessToken: bearerToken(request),
        refreshToken: body?.refresh_token ?? request.cookies[sessionCookies[kind].refresh],
      });
      clearSessionCookies(request, reply, kind, cookieDomain);
      return { message: 'Signed out' };
    }),
    route(endpoints.forgotPassword, async ({ body, request }) => {
      await auth.forgotPassword(kind, body.email, meta(request));
      return { message: FORGOT_PASSWORD_ANSWER };
    }),
    route(endpoints.resetPassword, async ({ params, body, request }) => {
      await auth.resetPassword(kind, params.token, body.password, meta(request));
      return { message: 'Your password has been set. You can now sign in.' };
    }),
  ];
}

function confirmationRoutes(kind: 'customer' | 'merchant' | 'partner', auth: AuthService): RouteDefinition[] {
  const endpoints = authEndpoints[kind];
  return [
    route(endpoints.confirm, async ({ params }) => {
      await auth.confirmEmail(kind, params.token);
      return { message: 'Your email address is confirmed. You can now sign in.' };
    }),
    route(endpoints.resendConfirmation, async ({ body, request }) => {
      await auth.resendConfirmation(kind, body.email, meta(request));
      return { message: RESEND_CONFIRMATION_ANSWER };
    }),
  ];
}

export function authRoutes(deps: Deps, auth: AuthService): RouteDefinition[] {
  return [
    ...(['customer', 'merchant', 'admin', 'partner'] as const).flatMap((kind) =>
      sessionRoutes(kind, auth, deps),
    ),
    ...(['customer', 'merchant', 'partner'] as const).flatMap((kind) => confirmationRoutes(kind, auth)),
    // A merchant's sign-up and profile open and read their store: routes of flows/merchant-account.ts.
    route(authEndpoints.customer.signup, async ({ body, request }) => ({
      message: SIGNUP_MESSAGE,
      data: { user: await auth.signupCustomer(body, meta(request)) },
    })),
    route(authEndpoints.partner.signup, async ({ body, request }) => ({
      message: 'Application received. We have sent you a mail: confirm your email address to sign in.',
      data: { user: await auth.createPartner(body, { invitedByAdmin: false, meta: meta(request) }) },
    })),
    route(authEndpoints.changePassword, async ({ auth: session, body }) => {
      await auth.changePassword(session.userId, session.sessionId, body.oldPassword, body.newPassword);
      return { message: 'Your password has been changed. Other devices have been signed out.' };
    }),
    route(authEndpoints.verifyToken, async ({ auth: session }) => ({
      message: 'Token is valid',
      data: {
        valid: true as const,
        accountKind: session.kind,
        expiresAt: session.tokenExpiresAt.toISOString(),
      },
    })),
    route(authEndpoints.permissions, async ({ auth: session }) => ({
      message: 'Permissions',
      data: {
        permissions: [...session.permissions],
        role: session.role,
        storeId: session.storeId ?? null,
      },
    })),
  ];
}
