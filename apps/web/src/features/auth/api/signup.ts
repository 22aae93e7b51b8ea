import {
  authEndpoints,
  type CustomerSignupBody,
  type MerchantSignupBody,
  type PartnerSignupBody,
} from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SignupKind = 'customer' | 'merchant' | 'partner';

export function signupCustomer(body: CustomerSignupBody) {
  return api(authEndpoints.customer.signup, { kind: 'customer', body });
}
export function signupMerchant(body: MerchantSignupBody) {
  return api(authEndpoints.merchant.signup, { kind: 'merchant', body });
}
export function signupPartner(body: PartnerSignupBody) {
  return api(authEndpoints.partner.signup, { kind: 'partner', body });
}

/** The sign-up forms show a failure once, in the form (role="alert"): no toast repeats it. */
const network = { toast: false as const };

export function useCustomerSignup() {
  return useMutation({ mutationFn: signupCustomer, meta: network });
}
export function useMerchantSignup() {
  return useMutation({ mutationFn: signupMerchant, meta: network });
}
export function usePartnerSignup() {
  return useMutation({ mutationFn: signupPartner, meta: network });
}
