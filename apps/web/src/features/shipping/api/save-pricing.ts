import { type ShippingPricingBody, shippingPricingEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { shippingKeys } from './list-zones';

export function savePricing(body: ShippingPricingBody) {
  return api(shippingPricingEndpoints.replace, { kind: 'admin', body });
}

/** Replaces the whole rate card; offline shows 'Check network connection' (specification, section 8). */
export function useSavePricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePricing,
    meta: { toast: { network: 'default' } },
    onSuccess: (answer) => {
      notifySuccess(answer.message || 'Rate card saved');
      queryClient.setQueryData(shippingKeys.pricing, answer.data);
    },
  });
}
